import type Database from 'better-sqlite3';

/**
 * Schema 5: skill ratings per guild, game and player (computer levels are players too), the rating after each
 * rated game, and a mark on each game once rated. Existing finished games start unrated: the service rates
 * them in finishing order when it starts (ratings are always rebuildable from the games table).
 */
export function addRatings(db: Database.Database): void {
  db.exec(`
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE ratings (
      guild_id TEXT NOT NULL,
      game_key TEXT NOT NULL,
      player_id TEXT NOT NULL,
      name TEXT NOT NULL,
      mu REAL NOT NULL,
      sigma REAL NOT NULL,
      games INTEGER NOT NULL,
      wins INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (guild_id, game_key, player_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE rating_history (
      game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
      player_id TEXT NOT NULL,
      mu REAL NOT NULL,
      sigma REAL NOT NULL,
      rated_at INTEGER NOT NULL,
      PRIMARY KEY (game_id, player_id)
    ) STRICT, WITHOUT ROWID;

    CREATE INDEX rating_history_by_player ON rating_history (player_id, rated_at);
  `);
}
