/** The PostgreSQL engine of the storage interface (DATABASE_URL=postgres://…). */
import type { Storage } from '../storage';
import { PgDatabase, redactedUrl, type PgOptions } from './database';
import { backupPostgresTo } from './pg-backup';
import { PgGames } from './pg-games';
import { PgOutbox } from './pg-outbox';
import { PgMaintenance, PgRows } from './pg-maintenance';
import { PgArchive, PgRatings, PgStats } from './pg-reads';
import { SqlLeaseStore } from '../leases';
import { SqlInteractionTokenStore } from '../interaction-tokens';
import { SqlArenaTokenStore } from '../arena-tokens';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { migratePostgres, PG_SCHEMA_VERSION } from './schema';

/**
 * Connects a pool to `url` and creates or migrates the schema; `read-only` (a copy's source) migrates nothing,
 * refuses a schema other than this program's and makes every session read-only.
 */
export async function openPostgresStorage(
  url: string,
  options: PgOptions = {},
  access: 'migrate' | 'read-only' = 'migrate',
): Promise<Storage> {
  const db = new PgDatabase(url, options);
  try {
    if (access === 'read-only') await readOnly(db);
    else await db.unbounded((client) => migratePostgres(client));
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    engine: 'postgres',
    location: redactedUrl(url),
    migrationBackup: null,
    games: new PgGames(db),
    outbox: new PgOutbox(db),
    stats: new PgStats(db),
    ratings: new PgRatings(db),
    archive: new PgArchive(db),
    maintenance: new PgMaintenance(db),
    leases: new SqlLeaseStore(db, POSTGRES_DIALECT),
    tokens: new SqlInteractionTokenStore(db, POSTGRES_DIALECT),
    arenaTokens: new SqlArenaTokenStore(db, POSTGRES_DIALECT),
    rows: new PgRows(db),
    backupTo: (target) => backupPostgresTo(db, target),
    close: () => db.close(),
  };
}

async function readOnly(db: PgDatabase): Promise<void> {
  // Queued on each new connection before anything else it runs.
  db.pool.on(
    'connect',
    (client) => void client.query('SET default_transaction_read_only = on').catch(() => {}),
  );
  const [row] = await db.rows<{ version: number }>(
    "SELECT version FROM schema_version WHERE to_regclass('schema_version') IS NOT NULL",
  );
  if (row?.version !== PG_SCHEMA_VERSION)
    throw new Error(
      `the database has an older schema (${row?.version ?? 'none'}, this program's is ${PG_SCHEMA_VERSION}): ` +
        'start the bot on it once to migrate it, then copy it',
    );
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
