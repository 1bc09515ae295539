import type Database from 'better-sqlite3';

/**
 * Schema 8: indexes for what the bot looks up while a player waits. `/<game> log` after a game ended reads the
 * channel's latest game of that kind; without this index SQLite read every game ever played to find it.
 */
export function addInteractionIndexes(db: Database.Database): void {
  db.exec(`
    CREATE INDEX games_by_channel ON games (channel_id, game_key, created_at);
  `);
}
