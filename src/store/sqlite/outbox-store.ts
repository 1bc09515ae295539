import type Database from 'better-sqlite3';
import { type NewOutboxEntry, type OutboxEntry, outboxEntryFromRow, type OutboxRow } from '../outbox-records';

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
