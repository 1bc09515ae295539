/** The operator's side on PostgreSQL: health, figures for the metrics, retention, and whole tables for db:copy. */
import { OUTBOX_MAX_AGE_MS, type OpenGamesCount, type RetentionResult } from '../maintenance-types';
import type { MaintenanceStorage } from '../storage';
import { COPIED_TABLES, type StorageRows, type TableRow, type TableShape } from '../storage-rows';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { maintenanceSql, openGamesOfRows, retentionCutoff, type OpenGamesRow } from '../sql/maintenance-sql';
import { insertArguments, readArguments, rowsSql } from '../sql/rows-sql';
import type { PgDatabase, Sql } from './database';

const SQL = maintenanceSql(POSTGRES_DIALECT);
const ROWS = rowsSql(POSTGRES_DIALECT);

export class PgMaintenance implements MaintenanceStorage {
  constructor(private readonly db: PgDatabase) {}

  async schemaVersion(): Promise<number> {
    const [row] = await this.db.rows<{ version: number }>('SELECT version FROM schema_version');
    return row?.version ?? 0;
  }

  /** A write transaction that really commits (the schema version rewritten with its own value). */
  checkWritable(): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run('UPDATE schema_version SET version = version');
    });
  }

  async openGames(): Promise<OpenGamesCount[]> {
    return openGamesOfRows(await this.db.rows<OpenGamesRow>(SQL.openGames));
  }

  async outboxDepth(): Promise<number> {
    const [row] = await this.db.rows<{ depth: number }>(SQL.outboxDepth);
    return row?.depth ?? 0;
  }

  pruneOutbox(now: number): Promise<number> {
    return this.db.run(SQL.pruneOutbox, [now - OUTBOX_MAX_AGE_MS]);
  }

  async applyRetention(now: number, days: number): Promise<RetentionResult> {
    const cutoff = retentionCutoff(now, days);
    const old = await this.db.rows<{ id: string }>(SQL.oldFinished, [cutoff]);
    for (const { id } of old) {
      await this.db.transaction(async (tx) => {
        const moves = await tx.run(SQL.removeLog, [id]);
        await tx.run(SQL.markPruned, [now, moves, id]);
      });
    }
    const lobbiesDeleted = await this.db.run(SQL.oldLobbies, [cutoff]);
    return { logsRemoved: old.length, lobbiesDeleted };
  }
}

/** db:copy's batches and clearing whole tables: bulk work, not a player waiting, so no statement time limit. */
const LONG = { long: true };

export class PgRows implements StorageRows {
  /** Rows are read through `reader` (a snapshot's connection) and written through the pool. */
  constructor(
    private readonly db: PgDatabase,
    private readonly reader: Sql = db,
  ) {}

  read(table: TableShape, after: TableRow | null, limit: number): Promise<TableRow[]> {
    return this.reader.rows<TableRow>(ROWS.read(table, after !== null), readArguments(table, after, limit));
  }

  async insert(table: TableShape, rows: readonly TableRow[]): Promise<void> {
    if (rows.length === 0) return;
    const width = table.columns.length;
    // One statement per batch: a few hundred rows' values at most (PostgreSQL takes up to 65,535 parameters).
    const perStatement = Math.floor(60_000 / width);
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += perStatement) {
        const batch = rows.slice(start, start + perStatement);
        await tx.run(ROWS.insert(table, batch.length), insertArguments(table, batch));
      }
    }, LONG);
  }

  async count(table: TableShape): Promise<number> {
    const [row] = await this.db.rows<{ count: number }>(ROWS.count(table));
    return row?.count ?? 0;
  }

  clear(): Promise<void> {
    return this.db.transaction(async (tx) => {
      for (const table of [...COPIED_TABLES].reverse()) await tx.run(ROWS.clear(table));
    }, LONG);
  }

  async resetSequences(): Promise<void> {
    await this.db.run(
      "SELECT setval(pg_get_serial_sequence('outbox', 'id'), COALESCE((SELECT MAX(id) FROM outbox), 0) + 1, false)",
    );
  }
}
