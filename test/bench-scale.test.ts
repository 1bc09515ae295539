/**
 * `npm run bench:scale` small: two bot processes of one shard each on one SQLite file (WAL), twenty games in
 * twenty servers of the fake Discord, and two of two shards each on one PostgreSQL database, games in 200
 * servers; one process killed with SIGKILL mid-run. It prints one JSON object with the
 * issue's keys, and the targets hold: nothing posted twice, nothing lost, no game driven by two processes at
 * once, the killed shard's games moving again within the lease plus 10 s, the fake never above 50 requests a
 * second.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from './support/pg-database';

const ROOT = resolve(__dirname, '..');
const TSX = createRequire(import.meta.url).resolve('tsx');
const KEYS = [
  'processes',
  'shards',
  'guilds',
  'games',
  'gamesPerProcess',
  'turnsPerSecond',
  'boardP95Ms',
  'peakRequestsPerSecond',
  'duplicateMessages',
  'lostActions',
  'drivenTwice',
  'takeoverSeconds',
  'leaseSeconds',
];

describe('npm run bench:scale', () => {
  /** Runs the bench with `args` (plus --json); its one JSON object. */
  async function benchScale(args: string[]): Promise<Record<string, unknown>> {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', TSX, 'scripts/bench-scale.ts', ...args, '--json'],
      { cwd: ROOT, maxBuffer: 16 * 2 ** 20 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      // Exit 1 is a missed target: the assertions below say which (with the figures).
      if (!error.stdout?.trim()) throw new Error(`bench:scale failed:\n${error.stderr ?? ''}`);
      console.log(`bench:scale missed a target:\n${error.stderr ?? ''}`);
      return { stdout: error.stdout };
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    console.log(`bench:scale ${args.join(' ')}: ${lines[0]}`);
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  }

  function expectTargets(result: Record<string, unknown>, processes: number): void {
    for (const key of KEYS) expect(result, key).toHaveProperty(key);
    // Every process and the killed one's successor drove games; every game opened finished.
    const perProcess = result.gamesPerProcess as number[];
    expect(perProcess).toHaveLength(processes + 1);
    for (const games of perProcess) expect(games).toBeGreaterThan(0);
    expect(result.finishedGames).toBe((result.games as number) - (result.unopenedGames as number));
    expect(result.finishedGames as number).toBeGreaterThan((result.games as number) * 0.9);
    expect(result.turnsPerSecond).toBeGreaterThan(0);
    expect(result.clicks).toBeGreaterThan(0);
    expect(result.duplicateMessages).toBe(0);
    expect(result.lostActions).toBe(0);
    expect(result.drivenTwice).toBe(0);
    expect(result.takeoverSeconds).not.toBeNull();
    expect(result.takeoverSeconds as number).toBeLessThanOrEqual((result.leaseSeconds as number) + 10);
    expect(result.peakRequestsPerSecond as number).toBeLessThanOrEqual(50);
  }

  it(
    'measures two processes on one SQLite file (WAL) through a SIGKILL and meets the targets',
    { timeout: 150_000 },
    async () => {
      const args = ['--processes', '2', '--shards', '2', '--guilds', '20', '--games', '20'];
      const result = await benchScale([...args, '--human-every', '4', '--budget-seconds', '90']);
      expect(result).toMatchObject({ processes: 2, shards: 2, guilds: 20, games: 20 });
      expectTargets(result, 2);
    },
  );

  it(
    'two processes of two shards each on one PostgreSQL database, games in 200 servers, through a SIGKILL',
    { timeout: 200_000 },
    async () => {
      const database = await createTestDatabase();
      try {
        const args = ['--processes', '2', '--shards', '4', '--guilds', '200', '--games', '200'];
        const result = await benchScale([
          ...args,
          '--database',
          database,
          '--turn-limit',
          '1',
          '--budget-seconds',
          '120',
        ]);
        expect(result).toMatchObject({ processes: 2, shards: 4, guilds: 200, games: 200 });
        expectTargets(result, 2);
      } finally {
        await dropTestDatabase(database);
      }
    },
  );

  it(
    'stops with exit 1 and says why when the bots cannot run on the --database given',
    { timeout: 60_000 },
    async () => {
      const args = ['--processes', '1', '--shards', '1', '--guilds', '2', '--games', '2', '--json'];
      // Nothing listens on port 1: whether the bot refuses DATABASE_URL or fails to reach it, the bench stops.
      const failed = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          TSX,
          'scripts/bench-scale.ts',
          ...args,
          '--database',
          'postgres://bench@127.0.0.1:1/none',
        ],
        { cwd: ROOT },
      ).then(
        () => null,
        (error: { code?: number; stdout?: string; stderr?: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toBe('');
      expect(failed?.stderr).toMatch(/bench:scale: (the bot refused the database|a bot process exited)/);
    },
  );
});
