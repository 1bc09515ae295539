/** The engine comes from the configuration: DATABASE_URL (PostgreSQL) when set, else the SQLite DATABASE_PATH. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import pg from 'pg';
import { isStorageUnavailable } from '../../src/store/index';
import { openStorage, openStorageAt } from '../../src/store/open-storage';
import type { Storage } from '../../src/store/storage';
import { createTestDatabase, dropTestDatabase } from '../support/pg-database';

describe('choosing the storage engine', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  it('reads DATABASE_URL and DATABASE_POOL_SIZE, and refuses a URL that is not PostgreSQL', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    const config = loadConfig({
      DATABASE_URL: 'postgres://hare:pw@db:5432/hare?sslmode=require',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://hare:pw@db:5432/hare?sslmode=require',
      DATABASE_POOL_SIZE: 4,
    });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/hare' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('opens the SQLite file by default and PostgreSQL when DATABASE_URL is set', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hare-open-'));
    const url = await createTestDatabase();
    const sqlite: Storage = await openStorage(loadConfig({ DATABASE_PATH: join(folder, 'hare.db') }));
    const postgres: Storage = await openStorage(
      loadConfig({ DATABASE_PATH: join(folder, 'unused.db'), DATABASE_URL: url, DATABASE_POOL_SIZE: '2' }),
    );
    cleanups.push(async () => {
      await sqlite.close();
      await postgres.close();
      await dropTestDatabase(url);
      rmSync(folder, { recursive: true, force: true });
    });
    expect(sqlite.engine).toBe('sqlite');
    expect(sqlite.location).toBe(join(folder, 'hare.db'));
    expect(postgres.engine).toBe('postgres');
    expect(postgres.location).not.toContain(new URL(url).password || 'no-password-in-url');
    expect(await postgres.maintenance.schemaVersion()).toBe(await sqlite.maintenance.schemaVersion());
  });

  it('takes a read-only PostgreSQL server as storage unavailable, as a read-only SQLite file is', async () => {
    const url = await createTestDatabase();
    const storage = await openStorageAt(url);
    cleanups.push(async () => {
      await storage.close();
      await dropTestDatabase(url);
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `ALTER DATABASE ${new URL(url).pathname.slice(1)} SET default_transaction_read_only = on`,
    );
    await admin.end();
    const readOnly = await openStorageAt(url);
    cleanups.push(() => readOnly.close());
    const failure = await readOnly.maintenance.checkWritable().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: '25006' });
    expect(isStorageUnavailable(failure)).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
  });

  it("passes the URL's TLS settings and PGSSLMODE to the driver (the test server speaks no TLS, so both fail)", async () => {
    const url = await createTestDatabase();
    cleanups.push(() => dropTestDatabase(url));
    const withTls = new URL(url);
    withTls.searchParams.set('sslmode', 'require');
    await expect(openStorageAt(withTls.toString())).rejects.toThrow(/SSL/i);
    const before = process.env.PGSSLMODE;
    process.env.PGSSLMODE = 'require';
    try {
      await expect(openStorageAt(url)).rejects.toThrow(/SSL/i);
    } finally {
      if (before === undefined) delete process.env.PGSSLMODE;
      else process.env.PGSSLMODE = before;
    }
    const plain = await openStorageAt(url);
    cleanups.push(() => plain.close());
    expect(plain.engine).toBe('postgres');
  });
});
