/** The operator's side on PostgreSQL: health, figures for the metrics, retention, and whole tables for db:copy. */
import { OUTBOX_MAX_AGE_MS, type OpenGamesCount, type RetentionResult } from '../maintenance-types';
import type { MaintenanceStorage } from '../storage';
import {
  afterKeyClause,
  COPIED_TABLES,
  type StorageRows,
  type TableRow,
  type TableShape,
} from '../storage-rows';
import type { PgDatabase, Sql } from './database';

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
    const rows = await this.db.rows<{ game_key: string; status: 'lobby' | 'active'; count: number }>(
      `SELECT game_key, status, COUNT(*) AS count FROM games
       WHERE status IN ('lobby', 'active') GROUP BY game_key, status`,
    );
    return rows.map((row) => ({ gameKey: row.game_key, status: row.status, count: row.count }));
  }

  async outboxDepth(): Promise<number> {
    const [row] = await this.db.rows<{ depth: number }>('SELECT COUNT(*) AS depth FROM outbox');
    return row?.depth ?? 0;
  }

  pruneOutbox(now: number): Promise<number> {
    return this.db.run('DELETE FROM outbox WHERE created_at < $1', [now - OUTBOX_MAX_AGE_MS]);
  }

  async applyRetention(now: number, days: number): Promise<RetentionResult> {
    const cutoff = now - days * 24 * 60 * 60_000;
    const old = await this.db.rows<{ id: string }>(
      `SELECT id FROM games WHERE status = 'finished' AND channel_settled = 1 AND log_pruned_at IS NULL
       AND finished_at < $1`,
      [cutoff],
    );
    for (const { id } of old) {
      await this.db.transaction(async (tx) => {
        const moves = await tx.run('DELETE FROM actions WHERE game_id = $1', [id]);
        await tx.run('UPDATE games SET log_pruned_at = $1, pruned_moves = $2 WHERE id = $3', [
          now,
          moves,
          id,
        ]);
      });
    }
    const lobbiesDeleted = await this.db.run(
      `DELETE FROM games WHERE status = 'cancelled' AND started_at IS NULL AND channel_settled = 1
       AND updated_at < $1`,
      [cutoff],
    );
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
    const key = table.key.join(', ');
    const where = after ? `WHERE ${afterKeyClause(table, (i) => `$${i + 2}`)}` : '';
    const afterValues = after ? table.key.map((column) => after[column]) : [];
    return this.reader.rows<TableRow>(
      `SELECT ${table.columns.join(', ')} FROM ${table.name} ${where} ORDER BY ${key} LIMIT $1`,
      [limit, ...afterValues],
    );
  }

  async insert(table: TableShape, rows: readonly TableRow[]): Promise<void> {
    if (rows.length === 0) return;
    const width = table.columns.length;
    // One statement per batch: a few hundred rows' values at most (PostgreSQL takes up to 65,535 parameters).
    const perStatement = Math.floor(60_000 / width);
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += perStatement) {
        const batch = rows.slice(start, start + perStatement);
        const tuples = batch.map(
          (_, row) => `(${table.columns.map((_, column) => `$${row * width + column + 1}`).join(', ')})`,
        );
        const values = batch.flatMap((row) => table.columns.map((column) => row[column] ?? null));
        await tx.run(
          `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${tuples.join(', ')}`,
          values,
        );
      }
    }, LONG);
  }

  async count(table: TableShape): Promise<number> {
    const [row] = await this.db.rows<{ count: number }>(`SELECT COUNT(*) AS count FROM ${table.name}`);
    return row?.count ?? 0;
  }

  clear(): Promise<void> {
    return this.db.transaction(async (tx) => {
      for (const table of [...COPIED_TABLES].reverse()) await tx.run(`DELETE FROM ${table.name}`);
    }, LONG);
  }

  async resetSequences(): Promise<void> {
    await this.db.run(
      "SELECT setval(pg_get_serial_sequence('outbox', 'id'), COALESCE((SELECT MAX(id) FROM outbox), 0) + 1, false)",
    );
  }
}
