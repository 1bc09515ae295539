/** The operator's statements (metrics, pruning, retention), the same on both engines. */
import type { OpenGamesCount } from '../maintenance-types';
import type { Dialect } from './dialect';

export interface OpenGamesRow {
  game_key: string;
  status: 'lobby' | 'active';
  count: number;
}

export function maintenanceSql(d: Dialect) {
  const p = d.param;
  return {
    openGames: `SELECT game_key, status, COUNT(*) AS count FROM games
      WHERE status IN ('lobby', 'active') GROUP BY game_key, status`,
    outboxDepth: 'SELECT COUNT(*) AS depth FROM outbox',
    /** Parameter: the oldest creation time kept. */
    pruneOutbox: `DELETE FROM outbox WHERE created_at < ${p(1)}`,
    /** Parameter: the cutoff. Finished games whose log is past the retention and not pruned yet. */
    oldFinished: `SELECT id FROM games WHERE status = 'finished' AND channel_settled = 1 AND log_pruned_at IS NULL
      AND finished_at < ${p(1)}`,
    /** Parameter: game. */
    removeLog: `DELETE FROM actions WHERE game_id = ${p(1)}`,
    /** Parameters: now, moves removed, game. */
    markPruned: `UPDATE games SET log_pruned_at = ${p(1)}, pruned_moves = ${p(2)} WHERE id = ${p(3)}`,
    /** Parameter: the cutoff. Lobbies closed before they started. */
    oldLobbies: `DELETE FROM games WHERE status = 'cancelled' AND started_at IS NULL AND channel_settled = 1
      AND updated_at < ${p(1)}`,
  };
}

export function openGamesOfRows(rows: readonly OpenGamesRow[]): OpenGamesCount[] {
  return rows.map((row) => ({ gameKey: row.game_key, status: row.status, count: row.count }));
}

/** The last finish time a retention of `days` keeps the moves of (and the last update of a lobby it keeps). */
export function retentionCutoff(now: number, days: number): number {
  return now - days * 24 * 60 * 60_000;
}
