import type Database from 'better-sqlite3';

/** What an outbox row stands for: a post in flight (by kind), an interaction reply, or a message to delete. */
export type OutboxKind = 'board' | 'notice' | 'summary' | 'reply' | 'delete';

export interface OutboxEntry {
  id: number;
  gameId: string;
  channelId: string;
  kind: OutboxKind;
  /** The post's nonce (sent with enforce_nonce, so a retry returns the message instead of posting twice). */
  nonce: string | null;
  /**
   * An interaction reply's token (its message is found with GET …/messages/@original); for a post sent as an
   * interaction follow-up, the mark 'follow-up' (FOLLOW_UP_MARK, never the token).
   */
  token: string | null;
  /** The message to delete ('delete' rows). */
  messageId: string | null;
  /** Failed tries so far (deletes are retried with backoff). */
  attempts: number;
  createdAt: number;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'gameId' | 'channelId' | 'kind'> &
  Partial<Pick<OutboxEntry, 'nonce' | 'token' | 'messageId'>>;

/** An outbox row as both engines return it. */
export interface OutboxRow {
  id: number;
  game_id: string;
  channel_id: string;
  kind: OutboxKind;
  nonce: string | null;
  token: string | null;
  message_id: string | null;
  attempts: number;
  created_at: number;
}

export function outboxEntryFromRow(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    gameId: row.game_id,
    channelId: row.channel_id,
    kind: row.kind,
    nonce: row.nonce,
    token: row.token,
    messageId: row.message_id,
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}

/**
 * The messages the bot owes or may have left behind: written before a post (or reply, or delete) and removed
 * once its outcome is recorded, so that after a crash the bot knows exactly what to look for.
 */
export class OutboxStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      insert: db.prepare<[string, string, string, string | null, string | null, string | null, number]>(
        `INSERT INTO outbox (game_id, channel_id, kind, nonce, token, message_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      remove: db.prepare<[number]>('DELETE FROM outbox WHERE id = ?'),
      failed: db.prepare<[number]>('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?'),
      all: db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id'),
      byGame: db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE game_id = ? ORDER BY id'),
    };
  }

  add(entry: NewOutboxEntry, now: number): OutboxEntry {
    const id = Number(
      this.statements.insert.run(
        entry.gameId,
        entry.channelId,
        entry.kind,
        entry.nonce ?? null,
        entry.token ?? null,
        entry.messageId ?? null,
        now,
      ).lastInsertRowid,
    );
    return {
      id,
      gameId: entry.gameId,
      channelId: entry.channelId,
      kind: entry.kind,
      nonce: entry.nonce ?? null,
      token: entry.token ?? null,
      messageId: entry.messageId ?? null,
      attempts: 0,
      createdAt: now,
    };
  }

  remove(id: number): void {
    this.statements.remove.run(id);
  }

  noteFailure(id: number): void {
    this.statements.failed.run(id);
  }

  all(): OutboxEntry[] {
    return this.statements.all.all().map(outboxEntryFromRow);
  }

  forGame(gameId: string): OutboxEntry[] {
    return this.statements.byGame.all(gameId).map(outboxEntryFromRow);
  }
}
