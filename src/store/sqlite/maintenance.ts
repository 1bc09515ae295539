import fs from 'node:fs';
import Database from 'better-sqlite3';

import { OUTBOX_MAX_AGE_MS, type OpenGamesCount, type RetentionResult } from '../maintenance-types';
import { SQLITE_DIALECT } from '../sql/dialect';
import { maintenanceSql, openGamesOfRows, retentionCutoff, type OpenGamesRow } from '../sql/maintenance-sql';

const SQL = maintenanceSql(SQLITE_DIALECT);

/** The operator's side of the store: health, figures for the metrics, and keeping the file from growing. */
export class StoreMaintenance {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      openGames: db.prepare<[], OpenGamesRow>(SQL.openGames),
      outboxDepth: db.prepare<[], { depth: number }>(SQL.outboxDepth),
      pruneOutbox: db.prepare<[number]>(SQL.pruneOutbox),
      oldFinished: db.prepare<[number], { id: string }>(SQL.oldFinished),
      removeLog: db.prepare<[string]>(SQL.removeLog),
      markPruned: db.prepare<[number, number, string]>(SQL.markPruned),
      oldLobbies: db.prepare<[number]>(SQL.oldLobbies),
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
    return openGamesOfRows(this.statements.openGames.all());
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
    const cutoff = retentionCutoff(now, days);
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
