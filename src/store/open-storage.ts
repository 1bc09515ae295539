/**
 * Picks the engine from the configuration: PostgreSQL when DATABASE_URL is set (postgres://…), otherwise the
 * SQLite file at DATABASE_PATH, the default that needs no server.
 */
import { DEFAULT_DATABASE_PATH } from '../defaults';
import { isPostgresUrl, openPostgresStorage } from './pg/pg-storage';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import type { Storage } from './storage';

export interface StorageConfig {
  DATABASE_PATH?: string;
  DATABASE_URL?: string;
  /** Connections the PostgreSQL pool keeps at most. */
  DATABASE_POOL_SIZE?: number;
}

export interface StorageOptions {
  /** Connections the PostgreSQL pool keeps at most (default DEFAULT_POOL_SIZE, src/defaults.ts). */
  poolSize?: number;
  /** Told every statement's text as it runs (tests). */
  onStatement?: (text: string) => void;
}

export function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.DATABASE_URL) return openStorageAt(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  return openStorageAt(config.DATABASE_PATH ?? DEFAULT_DATABASE_PATH);
}

/** A SQLite file path or a postgres:// URL (the scripts' --from, --to and PATH arguments). */
export async function openStorageAt(location: string, options: StorageOptions = {}): Promise<Storage> {
  const { poolSize, onStatement } = options;
  if (isPostgresUrl(location)) return openPostgresStorage(location, { poolSize, onStatement });
  return openSqliteStorage(location, { onStatement });
}
