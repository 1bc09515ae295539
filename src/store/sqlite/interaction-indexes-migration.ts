import type Database from 'better-sqlite3';

/**
 * Schema 8: indexes for what the bot looks up while a player waits. `/<game> log` after a game ended reads the
 * channel's latest game of that kind (without games_by_channel SQLite read every game ever played to find it);
 * `/<game> history` counts and pages a server's finished games (games_finished_by_guild, status included so the
 * count reads the index alone) or one player's (seats_by_user: from the player's seats, not the server's games).
 */
export function addInteractionIndexes(db: Database.Database): void {
  db.exec(`
    CREATE INDEX games_by_channel ON games (channel_id, game_key, created_at);
    CREATE INDEX games_finished_by_guild ON games (guild_id, game_key, status, finished_at);
    CREATE INDEX seats_by_user ON seats (user_id);
  `);
}
