/** Whole tables a batch at a time (db:copy and the backups), the same on both engines. */
import { afterKeyClause, type TableRow, type TableShape } from '../storage-rows';
import type { Dialect } from './dialect';

export function rowsSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameters: the key of the last row read when there is one (readArguments), then the limit. */
    read(table: TableShape, after: boolean): string {
      const where = after ? `WHERE ${afterKeyClause(table, (index) => p(index + 1))}` : '';
      const limit = p(after ? table.key.length + 1 : 1);
      return `SELECT ${table.columns.join(', ')} FROM ${table.name} ${where} ORDER BY ${table.key.join(', ')} LIMIT ${limit}`;
    },
    /** Parameters: `rows` rows' values (insertArguments). */
    insert(table: TableShape, rows: number): string {
      const width = table.columns.length;
      const tuples = Array.from(
        { length: rows },
        (_, row) => `(${table.columns.map((_, column) => p(row * width + column + 1)).join(', ')})`,
      );
      return `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${tuples.join(', ')}`;
    },
    count: (table: TableShape) => `SELECT COUNT(*) AS count FROM ${table.name}`,
    clear: (table: TableShape) => `DELETE FROM ${table.name}`,
  };
}

export function readArguments(table: TableShape, after: TableRow | null, limit: number): unknown[] {
  return [...(after ? table.key.map((column) => after[column] ?? null) : []), limit];
}

export function insertArguments(table: TableShape, rows: readonly TableRow[]): unknown[] {
  return rows.flatMap((row) => table.columns.map((column) => row[column] ?? null));
}
