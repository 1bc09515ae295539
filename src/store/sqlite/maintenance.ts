import fs from 'node:fs';
import Database from 'better-sqlite3';

import { OUTBOX_MAX_AGE_MS, type OpenGamesCount, type RetentionResult } from '../maintenance-types';

/** The operator's side of the store: health, figures for the metrics, and keeping the file from growing. */
export class StoreMaintenance {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      openGames: db.prepare<[], { game_key: string; status: 'lobby' | 'active'; count: number }>(
        `SELECT game_key, status, COUNT(*) AS count FROM games
         WHERE status IN ('lobby', 'active') GROUP BY game_key, status`,
      ),
      outboxDepth: db.prepare<[], { depth: number }>('SELECT COUNT(*) AS depth FROM outbox'),
      pruneOutbox: db.prepare<[number]>('DELETE FROM outbox WHERE created_at < ?'),
      oldFinished: db.prepare<[number], { id: string }>(
        `SELECT id FROM games WHERE status = 'finished' AND channel_settled = 1 AND log_pruned_at IS NULL
         AND finished_at < ?`,
      ),
      removeLog: db.prepare<[string]>('DELETE FROM actions WHERE game_id = ?'),
      markPruned: db.prepare<[number, number, string]>(
        'UPDATE games SET log_pruned_at = ?, pruned_moves = ? WHERE id = ?',
      ),
      oldLobbies: db.prepare<[number]>(
        `DELETE FROM games WHERE status = 'cancelled' AND started_at IS NULL AND channel_settled = 1
         AND updated_at < ?`,
      ),
    };
  }

  /**
   * Throws unless a write reaches the disk: a real write transaction (the header's user version rewritten
   * with its own value) that fails as every other write would (read-only file, full disk).
   */
  checkWritable(): void {
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const version = this.db.pragma('user_version', { simple: true }) as number;
      this.db.pragma(`user_version = ${Number(version)}`);
      this.db.exec('COMMIT');
    } finally {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    }
  }

  openGames(): OpenGamesCount[] {
    return this.statements.openGames
      .all()
      .map((row) => ({ gameKey: row.game_key, status: row.status, count: row.count }));
  }

  outboxDepth(): number {
    return this.statements.outboxDepth.get()?.depth ?? 0;
  }

  /** Removes outbox rows older than OUTBOX_MAX_AGE_MS (a delete Discord refused for a week, say). */
  pruneOutbox(now: number): number {
    return this.statements.pruneOutbox.run(now - OUTBOX_MAX_AGE_MS).changes;
  }

  /**
   * Applies a retention of `days`: finished games older than that lose their moves (the action log, most of a
   * game's storage) but keep their row, seats, final state, ratings and rating history, so history, summaries,
   * leaderboards and a ratings rebuild still work; lobbies that never started are deleted. One transaction per
   * game, so a crash leaves every game either whole or pruned.
   */
  applyRetention(now: number, days: number): RetentionResult {
    const cutoff = now - days * 24 * 60 * 60_000;
    let logsRemoved = 0;
    for (const { id } of this.statements.oldFinished.all(cutoff)) {
      this.db.transaction(() => {
        const moves = this.statements.removeLog.run(id).changes;
        this.statements.markPruned.run(now, moves, id);
      })();
      logsRemoved += 1;
    }
    const lobbiesDeleted = this.statements.oldLobbies.run(cutoff).changes;
    return { logsRemoved, lobbiesDeleted };
  }
}

/**
 * The size of a SQLite database file once compacted (its WAL folded in and VACUUMed), through a connection of
 * its own (for bench:storage, while the bot's storage keeps the file open and idle).
 */
export function compactedFileSize(file: string): number {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return fs.statSync(file).size;
}
