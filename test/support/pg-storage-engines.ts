/**
 * The storage engines a parametrised suite runs against: `describe.each(STORAGE_ENGINES)` and, per file or test,
 * `openTestStorage(engine)`: a temporary SQLite file, or a fresh database on the test PostgreSQL server. `another()`
 * opens a second connection to the same data, as a second process would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorageAt } from '../../src/store/open-storage';
import type { Storage, StorageEngine } from '../../src/store/storage';
import { createTestDatabase, dropTestDatabase } from './pg-database';

export const STORAGE_ENGINES: readonly StorageEngine[] = ['sqlite', 'postgres'];

export interface TestStorage {
  storage: Storage;
  /** Where the data is: the SQLite file or the database URL. */
  location: string;
  /** Another connection (pool) to the same data. */
  another(): Promise<Storage>;
  /** Closes every connection opened here and removes the data. */
  dispose(): Promise<void>;
}

/** An empty location of `engine`: a file path in a new temporary folder, or a new database's URL. */
export async function emptyLocation(
  engine: StorageEngine,
): Promise<{ location: string; remove(): Promise<void> }> {
  if (engine === 'postgres') {
    const url = await createTestDatabase();
    return { location: url, remove: () => dropTestDatabase(url) };
  }
  const folder = mkdtempSync(join(tmpdir(), 'hare-storage-'));
  return {
    location: join(folder, 'hare.db'),
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

export async function openTestStorage(engine: StorageEngine): Promise<TestStorage> {
  const { location, remove } = await emptyLocation(engine);
  const opened: Storage[] = [];
  const open = async () => {
    const storage = await openStorageAt(location);
    opened.push(storage);
    return storage;
  };
  const storage = await open();
  return {
    storage,
    location,
    another: open,
    dispose: async () => {
      for (const each of opened) await each.close();
      await remove();
    },
  };
}
