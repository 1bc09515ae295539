/** Runs `npm run bench:scale` (scripts/bench-scale.ts) with --json, and the targets for what it prints. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

export const ROOT = resolve(__dirname, '../..');
export const TSX = createRequire(import.meta.url).resolve('tsx');
export const KEYS = [
  'processes',
  'shards',
  'guilds',
  'games',
  'gamesPerProcess',
  'turnsPerSecond',
  'boardP95Ms',
  'turnBoardP95Ms',
  'peakRequestsPerSecond',
  'duplicateMessages',
  'lostActions',
  'drivenTwice',
  'takeoverSeconds',
  'leaseSeconds',
  'globalRequestsPerGame',
  'interactionRequestsPerGame',
  'perRouteRefused',
  'gamesPerSecond',
  'turnsPerBotCpuSecond',
  'peakRssMbPerProcess',
];

/** Runs the bench with `args` (plus --json); its one JSON object. */
export async function benchScale(args: string[]): Promise<Record<string, unknown>> {
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

export function expectTargets(result: Record<string, unknown>, processes: number): void {
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
  // Counted by the fake: requests by the limit Discord counts them against, and per-route refusals.
  expect(result.globalRequestsPerGame as number).toBeGreaterThan(0);
  expect(result.interactionRequestsPerGame as number).toBeGreaterThan(0);
  expect(Number.isInteger(result.perRouteRefused)).toBe(true);
}
