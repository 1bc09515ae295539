import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

export const DEFAULT_DATABASE_PATH = './data/hare.db';
export const MEMORY_DATABASE = ':memory:';

/** Opens (creating if needed) the database file, sets the connection pragmas and migrates the schema. */
export function openDatabase(file: string = DEFAULT_DATABASE_PATH): Database.Database {
  if (file !== MEMORY_DATABASE) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Checkpoint every ~40 MB of WAL instead of ~4 MB: game rows are rewritten on every turn, so a larger
    // window copies each hot page back to the database file far less often (fewer stalls under load).
    db.pragma('wal_autocheckpoint = 10000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
