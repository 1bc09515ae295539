/** The outbox on PostgreSQL, and the message outcomes written together with their entry. */
import {
  outboxEntryFromRow as toEntry,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxRow,
} from '../outbox-records';
import type { OutboxStorage } from '../storage';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { outboxInsertArgs, outboxSql } from '../sql/outbox-sql';
import type { PgDatabase, Sql } from './database';
import { markSummaryPosted, readGame, setBoardMessage, setTurnNotice } from './pg-games';

const SQL = outboxSql(POSTGRES_DIALECT);

async function addEntry(sql: Sql, entry: NewOutboxEntry, now: number): Promise<OutboxEntry> {
  const [row] = await sql.rows<OutboxRow>(`${SQL.insert} RETURNING *`, [...outboxInsertArgs(entry, now)]);
  if (!row) throw new Error('the outbox insert returned no row');
  return toEntry(row);
}

async function entriesOf(sql: Sql, gameId: string): Promise<OutboxEntry[]> {
  return (await sql.rows<OutboxRow>(SQL.forGame, [gameId])).map(toEntry);
}

export class PgOutbox implements OutboxStorage {
  constructor(private readonly db: PgDatabase) {}

  add(entry: NewOutboxEntry, now: number): Promise<OutboxEntry> {
    return addEntry(this.db, entry, now);
  }

  async remove(id: number): Promise<void> {
    await this.db.run(SQL.remove, [id]);
  }

  async noteFailure(id: number): Promise<void> {
    await this.db.run(SQL.noteFailure, [id]);
  }

  async all(): Promise<OutboxEntry[]> {
    return (await this.db.rows<OutboxRow>(SQL.all)).map(toEntry);
  }

  forGame(gameId: string): Promise<OutboxEntry[]> {
    return entriesOf(this.db, gameId);
  }

  posted(entry: OutboxEntry, messageId: string, now: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      if (entry.kind === 'board' || entry.kind === 'reply')
        await setBoardMessage(tx, entry.gameId, messageId, now, now);
      else if (entry.kind === 'notice') await setTurnNotice(tx, entry.gameId, messageId, now, entry.nonce);
      else if (entry.kind === 'summary') await markSummaryPosted(tx, entry.gameId, now);
      await tx.run(SQL.remove, [entry.id]);
    });
  }

  adoptReply(gameId: string, messageId: string, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.run('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      const game = await readGame(tx, gameId);
      if (!game || game.status !== 'lobby') return false;
      if (game.boardMessageId !== null) return game.boardMessageId === messageId;
      await setBoardMessage(tx, gameId, messageId, now, now);
      await tx.run("DELETE FROM outbox WHERE game_id = $1 AND kind = 'reply'", [gameId]);
      return true;
    });
  }

  beginDelete(gameId: string, channelId: string, messageId: string, now: number): Promise<OutboxEntry> {
    return this.db.transaction(async (tx) => {
      await tx.run('SELECT id FROM games WHERE id = $1 FOR UPDATE', [gameId]);
      const game = await readGame(tx, gameId);
      if (game?.boardMessageId === messageId) await setBoardMessage(tx, gameId, null, null, now);
      if (game?.turnNoticeMessageId === messageId) await setTurnNotice(tx, gameId, null, now, null);
      return addEntry(tx, { gameId, channelId, kind: 'delete', messageId }, now);
    });
  }
}
