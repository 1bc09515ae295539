import type Database from 'better-sqlite3';

/**
 * Schema v6: the message outbox and settled channels. An outbox row is a message the bot may have sent but does
 * not own yet (a post in flight, with the nonce that makes its retry idempotent, or an interaction reply with
 * its token) or one it must still delete. `channel_settled` says a closed game's channel shows its final state
 * (no live controls, the summary posted); games closed before this schema are taken as settled.
 * `turn_notice_key` is the nonce of the turn mention (its seat and the version its turn began at).
 */
export function addOutbox(db: Database.Database): void {
  db.exec(`
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
      channel_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('board', 'notice', 'summary', 'reply', 'delete')),
      nonce TEXT,
      token TEXT,
      message_id TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX outbox_by_game ON outbox (game_id);

    ALTER TABLE games ADD COLUMN channel_settled INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN turn_notice_key TEXT;
    UPDATE games SET channel_settled = 1 WHERE status IN ('finished', 'cancelled') AND summary_posted = 1;
    UPDATE games SET channel_settled = 1 WHERE status = 'cancelled';
  `);
}
