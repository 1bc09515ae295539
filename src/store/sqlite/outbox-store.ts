import type Database from 'better-sqlite3';
import { type NewOutboxEntry, type OutboxEntry, outboxEntryFromRow, type OutboxRow } from '../outbox-records';
import { SQLITE_DIALECT } from '../sql/dialect';
import { outboxInsertArgs, outboxSql } from '../sql/outbox-sql';

const SQL = outboxSql(SQLITE_DIALECT);

/**
 * The messages the bot owes or may have left behind: written before a post (or reply, or delete) and removed
 * once its outcome is recorded, so that after a crash the bot knows exactly what to look for.
 */
export class OutboxStore {
  private readonly statements;

  constructor(db: Database.Database) {
    this.statements = {
      insert: db.prepare<[string, string, string, string | null, string | null, string | null, number]>(
        SQL.insert,
      ),
      remove: db.prepare<[number]>(SQL.remove),
      failed: db.prepare<[number]>(SQL.noteFailure),
      all: db.prepare<[], OutboxRow>(SQL.all),
      byGame: db.prepare<[string], OutboxRow>(SQL.forGame),
    };
  }

  add(entry: NewOutboxEntry, now: number): OutboxEntry {
    const id = Number(this.statements.insert.run(...outboxInsertArgs(entry, now)).lastInsertRowid);
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
