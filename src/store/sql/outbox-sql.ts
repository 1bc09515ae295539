/** The outbox's statements, the same on both engines (PostgreSQL's insert adds RETURNING * to read its row back). */
import type { Dialect } from './dialect';
import type { NewOutboxEntry } from '../outbox-records';

export function outboxSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameters: game, channel, kind, nonce, token, message, now. */
    insert: `INSERT INTO outbox (game_id, channel_id, kind, nonce, token, message_id, created_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)})`,
    /** Parameter: entry. */
    remove: `DELETE FROM outbox WHERE id = ${p(1)}`,
    /** Parameter: entry. */
    noteFailure: `UPDATE outbox SET attempts = attempts + 1 WHERE id = ${p(1)}`,
    all: 'SELECT * FROM outbox ORDER BY id',
    /** Parameter: game. */
    forGame: `SELECT * FROM outbox WHERE game_id = ${p(1)} ORDER BY id`,
  };
}

/** The insert's parameters, in its order. */
export function outboxInsertArgs(entry: NewOutboxEntry, now: number) {
  return [
    entry.gameId,
    entry.channelId,
    entry.kind,
    entry.nonce ?? null,
    entry.token ?? null,
    entry.messageId ?? null,
    now,
  ] as const;
}
