/**
 * Copies a whole database from one storage to another, whatever their engines: every game, seat, action,
 * statistic, rating, rating point and outbox row, as it is (ids, versions and times unchanged), a batch of rows
 * per transaction. A destination that already holds games is refused unless the copy is forced (it is then
 * emptied first). The caller replays the copied games on the destination to check them (npm run db:copy).
 */
import type { Storage } from './storage';
import { COPIED_TABLES, type StorageRows, type TableRow } from './storage-rows';

export class DestinationNotEmptyError extends Error {
  constructor(
    readonly location: string,
    readonly games: number,
  ) {
    super(`${location} already holds ${games} games: copy with --force to replace them`);
    this.name = 'DestinationNotEmptyError';
  }
}

export interface CopyOptions {
  /** Replace what the destination holds. */
  force?: boolean;
  /** Rows read and written per transaction. */
  batchSize?: number;
}

/** How many rows of each table were copied. */
export type CopyCounts = Record<string, number>;

export async function copyStorage(
  from: Storage,
  to: Storage,
  options: CopyOptions = {},
): Promise<CopyCounts> {
  const [games] = COPIED_TABLES;
  const held = await to.rows.count(games!);
  if (held > 0) {
    if (!options.force) throw new DestinationNotEmptyError(to.location, held);
    await to.rows.clear();
  }
  return copyRows(from.rows, to.rows, options.batchSize);
}

/** Copies every table's rows from `from` to `to` (which holds none), a batch per transaction. */
export async function copyRows(from: StorageRows, to: StorageRows, batchSize = 1000): Promise<CopyCounts> {
  const counts: CopyCounts = {};
  for (const table of COPIED_TABLES) {
    let copied = 0;
    let after: TableRow | null = null;
    for (;;) {
      const rows = await from.read(table, after, batchSize);
      if (rows.length === 0) break;
      await to.insert(table, rows);
      copied += rows.length;
      after = rows[rows.length - 1] ?? null;
      if (rows.length < batchSize) break;
    }
    counts[table.name] = copied;
  }
  await to.resetSequences();
  return counts;
}
