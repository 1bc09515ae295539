import type Database from 'better-sqlite3';

/**
 * Schema v3: one platform, many games. Games carry their game key and the format number of their stored
 * state; the Hare & Tortoise rule set moves from its own column into the game's options; no CHECK names a
 * game's rules or computer levels (modules validate those); statistics are keyed by game, and the computer
 * levels a player beat are a JSON map (levels are each game's own). Every existing row is kept: the tables
 * are rebuilt by copy (the runner turns foreign keys off while it migrates, so nothing cascades).
 */
export function migrateToV3(db: Database.Database): void {
  db.exec(`
    CREATE TABLE games_v3 (
      id TEXT PRIMARY KEY,
      game_key TEXT NOT NULL,
      guild_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      host_id TEXT NOT NULL,
      options TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
      end_reason TEXT CHECK (end_reason IN ('completed', 'ended', 'cancelled')),
      seed TEXT NOT NULL,
      state TEXT,
      state_format INTEGER NOT NULL,
      version INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      started_at INTEGER,
      finished_at INTEGER,
      updated_at INTEGER NOT NULL,
      board_message_id TEXT,
      board_posted_at INTEGER,
      turn_notice_message_id TEXT,
      next_due_at INTEGER,
      stats_recorded INTEGER NOT NULL DEFAULT 0,
      summary_posted INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    INSERT INTO games_v3 (id, game_key, guild_id, channel_id, host_id, options, status, end_reason, seed, state,
                          state_format, version, created_at, started_at, finished_at, updated_at,
                          board_message_id, board_posted_at, turn_notice_message_id, next_due_at,
                          stats_recorded, summary_posted)
    SELECT id, 'hare', guild_id, channel_id, host_id,
           json_set(options, '$.game', json_object('rules', rules)),
           status, end_reason, seed, state, 1, version, created_at, started_at, finished_at, updated_at,
           board_message_id, board_posted_at, turn_notice_message_id, next_due_at, stats_recorded, summary_posted
    FROM games;

    CREATE TABLE seats_v3 (
      game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
      seat_index INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('human', 'computer')),
      user_id TEXT,
      level TEXT,
      name TEXT NOT NULL,
      left_game INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (game_id, seat_index)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO seats_v3 SELECT game_id, seat_index, kind, user_id, level, name, left_game FROM seats;

    CREATE TABLE player_stats_v3 (
      guild_id TEXT NOT NULL,
      game_key TEXT NOT NULL,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      games INTEGER NOT NULL DEFAULT 0,
      wins INTEGER NOT NULL DEFAULT 0,
      place_sum INTEGER NOT NULL DEFAULT 0,
      games_left INTEGER NOT NULL DEFAULT 0,
      beaten TEXT NOT NULL DEFAULT '{}',
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (guild_id, game_key, user_id)
    ) STRICT;
    INSERT INTO player_stats_v3
    SELECT guild_id, 'hare', user_id, name, games, wins, place_sum, games_left,
           json_object('novice', beat_novice, 'intermediate', beat_intermediate, 'advanced', beat_advanced),
           updated_at
    FROM player_stats;

    DROP TABLE seats;
    DROP TABLE games;
    DROP TABLE player_stats;
    ALTER TABLE games_v3 RENAME TO games;
    ALTER TABLE seats_v3 RENAME TO seats;
    ALTER TABLE player_stats_v3 RENAME TO player_stats;

    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
    CREATE INDEX games_by_guild ON games (guild_id, game_key, finished_at);
    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX player_stats_by_wins ON player_stats (guild_id, game_key, wins DESC);
  `);
}

/** Schema v4: who stopped a game with /end (their id and display name), for the "stopped by" summary. */
export function addEndedBy(db: Database.Database): void {
  db.exec(`
    ALTER TABLE games ADD COLUMN ended_by TEXT;
    ALTER TABLE games ADD COLUMN ended_by_name TEXT;
  `);
}
