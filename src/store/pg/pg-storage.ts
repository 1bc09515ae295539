/** The PostgreSQL engine of the storage interface (DATABASE_URL=postgres://…). */
import type { Storage } from '../storage';
import { PgDatabase, redactedUrl, type PgOptions } from './database';
import { backupPostgresTo } from './pg-backup';
import { PgGames } from './pg-games';
import { PgLedger } from './pg-ledger';
import { PgMaintenance, PgRows } from './pg-maintenance';
import { PgArchive, PgRatings, PgStats } from './pg-reads';
import { PgLeases } from './pg-leases';
import { migratePostgres } from './schema';

/** Connects a pool to `url` and creates or migrates the schema. */
export async function openPostgresStorage(url: string, options: PgOptions = {}): Promise<Storage> {
  const db = new PgDatabase(url, options);
  try {
    await db.withClient((client) => migratePostgres(client));
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    engine: 'postgres',
    location: redactedUrl(url),
    migrationBackup: null,
    games: new PgGames(db),
    ledger: new PgLedger(db),
    stats: new PgStats(db),
    ratings: new PgRatings(db),
    archive: new PgArchive(db),
    maintenance: new PgMaintenance(db),
    leases: new PgLeases(db),
    rows: new PgRows(db),
    backupTo: (target) => backupPostgresTo(db, target),
    close: () => db.close(),
  };
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
