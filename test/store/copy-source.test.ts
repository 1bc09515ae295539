/**
 * `npm run db:copy` reads its source and never changes it: an older-schema SQLite file keeps its bytes, its mode
 * and its folder (no migration backup beside it); a PostgreSQL source is read in read-only sessions.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSourceAt } from '../../src/store/open-source';
import { openStorageAt } from '../../src/store/open-storage';
import { emptyLocation } from '../support/pg-storage-engines';
import { v2FixtureFile } from '../support/v2-fixture';
import { tempDir } from '../service/helpers';

const ROOT = resolve(__dirname, '../..');
const GAME_COUNT = (
  JSON.parse(readFileSync(new URL('../fixtures/store-v2.json', import.meta.url), 'utf8')) as {
    games: unknown[];
  }
).games.length;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function runCopy(...args: string[]): { status: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, out };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** The v2 fixture in a folder of its own, readable by its owner only as an operator may keep it (0400). */
function oldSource(): { dir: string; file: string } {
  const { dir, cleanup } = tempDir('hare-copy-source-');
  cleanups.push(cleanup);
  const file = join(dir, 'hare.db');
  copyFileSync(v2FixtureFile(), file);
  chmodSync(file, 0o400);
  return { dir, file };
}

describe('the source of a copy', () => {
  it('npm run db:copy leaves an older-schema source file exactly as it was', async () => {
    const { dir, file } = oldSource();
    const bytes = readFileSync(file);
    const target = tempDir('hare-copy-to-');
    cleanups.push(target.cleanup);
    const to = join(target.dir, 'copy.db');
    const copied = runCopy('--from', file, '--to', to);
    expect(copied.out.trim().split('\n').at(-1)).toBe(
      `${GAME_COUNT} games copied, ${GAME_COUNT} verified, 0 failed`,
    );
    expect(copied.status).toBe(0);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o400);
    expect(readdirSync(dir)).toEqual(['hare.db']);
  });

  it('a SQLite source at the current schema, in WAL mode, is read without a write', async () => {
    const { dir, cleanup } = tempDir('hare-copy-wal-');
    cleanups.push(cleanup);
    const file = join(dir, 'hare.db');
    copyFileSync(v2FixtureFile(), file);
    await (await openStorageAt(file)).close(); // migrated to the current schema, WAL mode
    const before = readFileSync(file);
    const source = await openSourceAt(file);
    try {
      expect(await source.games.listGameIds()).toHaveLength(GAME_COUNT);
      expect(source.location).toBe(file);
    } finally {
      await source.close();
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('a PostgreSQL source is read in read-only sessions', async () => {
    const { location, remove } = await emptyLocation('postgres');
    cleanups.push(remove);
    await (await openStorageAt(location)).close(); // the current schema, no games
    const source = await openSourceAt(location);
    try {
      expect(await source.games.listGameIds()).toEqual([]);
      await expect(source.maintenance.checkWritable()).rejects.toThrow(/read-only/);
    } finally {
      await source.close();
    }
  });

  it('refuses a PostgreSQL source of an older schema rather than migrating it', async () => {
    const { location, remove } = await emptyLocation('postgres');
    cleanups.push(remove);
    await (await openStorageAt(location)).close();
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    await client.query('UPDATE schema_version SET version = version - 1');
    await client.end();
    await expect(openSourceAt(location)).rejects.toThrow(/older schema/);
  });
});
