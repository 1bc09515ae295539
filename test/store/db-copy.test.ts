/**
 * `npm run db:copy`: the older-schema fixture (schema 2, migrated on opening) copied from SQLite to PostgreSQL and
 * back keeps every row as it was and every game replays on each copy; a destination that holds games is refused
 * unless forced. `npm run db:verify` and `npm run db:ratings` work on a PostgreSQL URL too.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { rateUnratedGamesIn } from '../../src/service/ratings-storage';
import { verifyStorage } from '../../src/service/verify';
import { copyStorage, DestinationNotEmptyError } from '../../src/store/copy';
import { openStorageAt } from '../../src/store/open-storage';
import type { Storage } from '../../src/store/storage';
import { COPIED_TABLES, type TableRow } from '../../src/store/storage-rows';
import { emptyLocation } from '../support/pg-storage-engines';
import { v2FixtureFile } from '../support/v2-fixture';

const ROOT = resolve(__dirname, '../..');
const MANIFEST = JSON.parse(readFileSync(new URL('../fixtures/store-v2.json', import.meta.url), 'utf8')) as {
  games: { id: string; status: string; endReason: string | null }[];
};
const GAME_COUNT = MANIFEST.games.length;

async function everyRow(storage: Storage): Promise<Record<string, TableRow[]>> {
  const tables: Record<string, TableRow[]> = {};
  for (const table of COPIED_TABLES) tables[table.name] = await storage.rows.read(table, null, 100_000);
  return tables;
}

/** Runs a script as `npm run` does; its exit status and everything it printed. */
function runScript(script: string, ...args: string[]): { status: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
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

const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const remove of removals) await remove();
});

async function empty(engine: 'sqlite' | 'postgres'): Promise<string> {
  const { location, remove } = await emptyLocation(engine);
  removals.push(remove);
  return location;
}

/** The v2 fixture migrated, with its games rated and an outbox row: every copied table holds rows. */
async function sourceFile(): Promise<string> {
  const file = await empty('sqlite');
  copyFileSync(v2FixtureFile(), file);
  const source = await openStorageAt(file);
  try {
    expect(await rateUnratedGamesIn(source, GAMES)).toBeGreaterThan(0);
    await source.outbox.add({ gameId: 'fin-std1', channelId: 'a-1', kind: 'delete', messageId: 'm-1' }, 5000);
  } finally {
    await source.close();
  }
  return file;
}

describe('copying a database between the engines', () => {
  let file: string;
  beforeAll(async () => {
    file = await sourceFile();
  });

  it('copies the migrated v2 fixture to PostgreSQL and back: every row kept, every game verified', async () => {
    const source = await openStorageAt(file);
    const postgres = await openStorageAt(await empty('postgres'));
    const back = await openStorageAt(await empty('sqlite'));
    try {
      const original = await everyRow(source);
      for (const table of COPIED_TABLES) expect(original[table.name]!.length, table.name).toBeGreaterThan(0);
      const counts = await copyStorage(source, postgres, { batchSize: 50 });
      expect(counts.games).toBe(GAME_COUNT);
      expect(counts.actions).toBe(original.actions!.length);
      const onPostgres = await verifyStorage(postgres, GAMES);
      expect(onPostgres).toMatchObject({ verified: GAME_COUNT, failed: 0 });
      expect(await everyRow(postgres)).toEqual(original);

      await copyStorage(postgres, back);
      expect(await verifyStorage(back, GAMES)).toMatchObject({ verified: GAME_COUNT, failed: 0 });
      expect(await everyRow(back)).toEqual(original);
      const outboxId = Number(original.outbox![0]!.id);
      const next = await postgres.outbox.add(
        { gameId: 'fin-std1', channelId: 'a-1', kind: 'delete', messageId: 'x' },
        1,
      );
      expect(next.id).toBe(outboxId + 1);
    } finally {
      await source.close();
      await postgres.close();
      await back.close();
    }
  });

  it('refuses a destination that holds games unless forced, and then replaces what it held', async () => {
    const source = await openStorageAt(file);
    const destination = await openStorageAt(await empty('postgres'));
    try {
      await destination.games.createLobby({
        id: 'other',
        guildId: 'g',
        channelId: 'c',
        hostId: 'h',
        gameKey: 'hare',
        stateFormat: 1,
        options: {
          seats: 2,
          computerLevel: 'novice',
          speed: 'normal',
          aiDelayMs: 1,
          humanTimeoutMs: 1,
          idlePolicy: 'computer',
          turnLimit: null,
          hostSeated: true,
          game: {},
          language: 'en',
        },
        seed: 's',
        seats: [],
        now: 1,
      });
      await expect(copyStorage(source, destination)).rejects.toBeInstanceOf(DestinationNotEmptyError);
      expect(await destination.games.listGameIds()).toEqual(['other']);
      await copyStorage(source, destination, { force: true });
      expect(await destination.games.hasGame('other')).toBe(false);
      expect(await verifyStorage(destination, GAMES)).toMatchObject({ verified: GAME_COUNT, failed: 0 });
    } finally {
      await source.close();
      await destination.close();
    }
  });

  it('npm run db:copy prints the counts and refuses a second copy without --force; db:verify and db:ratings read PostgreSQL', async () => {
    const url = await empty('postgres');
    const copied = runScript('db-copy', '--from', file, '--to', url);
    expect(copied.out.trim().split('\n').at(-1)).toBe(
      `${GAME_COUNT} games copied, ${GAME_COUNT} verified, 0 failed`,
    );
    expect(copied.status).toBe(0);
    const again = runScript('db-copy', '--from', file, '--to', url);
    expect(again.status).toBe(1);
    expect(again.out).toContain(`already holds ${GAME_COUNT} games`);
    const verified = runScript('db-verify', url);
    expect(verified.out.trim().split('\n').at(-1)).toBe(`${GAME_COUNT} games verified, 0 failed`);
    expect(verified.status).toBe(0);
    const completed = MANIFEST.games.filter((g) => g.status === 'finished' && g.endReason === 'completed');
    const rebuilt = runScript('db-ratings', url, '--rebuild');
    expect(rebuilt.out).toContain(
      `${completed.length} games rated (all ratings rebuilt from the games table)`,
    );
    expect(rebuilt.out.split('\n').filter((line) => /^\s+\d+\. /.test(line)).length).toBeGreaterThan(0);
  });
});
