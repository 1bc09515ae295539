/**
 * npm run arena: the table of two starter players and a built-in level is reproducible from its seed (the same
 * --seed twice gives the same JSON but for the measured times, whatever the number of worker threads), and
 * another seed plays other games. The chart is a PNG.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runArena } from '../../src/arena/tournament';
import type { ArenaReport } from '../../src/arena/standings';

const ROOT = resolve(__dirname, '..', '..');
const folder = mkdtempSync(join(tmpdir(), 'arena-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function arena(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      'npx',
      ['tsx', 'scripts/arena.ts', ...args],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The report without what is measured (times), which no seed fixes. */
function reproducible(report: ArenaReport & { wallSeconds?: number }): unknown {
  const { wallSeconds: _wall, ...rest } = report;
  return { ...rest, entrants: rest.entrants.map(({ avgMoveMs: _ms, ...entrant }) => entrant) };
}

const players = ['./players/python/hare.py', './players/typescript/hare.ts', 'novice'];

describe('npm run arena', () => {
  it('gives the same table for the same seed, on 2 worker threads or on 1', { timeout: 60_000 }, async () => {
    const common = ['--game', 'hare', '--players', ...players, '--games', '3', '--seed', 'same', '--json'];
    const [twoThreads, oneThread] = await Promise.all([
      arena([...common, '--parallel', '2', '--chart', join(folder, 'a.png')]),
      arena([...common, '--parallel', '1', '--chart', 'none']),
    ]);
    expect(twoThreads.code, twoThreads.stderr).toBe(0);
    expect(oneThread.code, oneThread.stderr).toBe(0);
    const first = JSON.parse(twoThreads.stdout) as ArenaReport;
    const second = JSON.parse(oneThread.stdout) as ArenaReport;
    expect(reproducible(first)).toEqual(reproducible(second));
    expect(first.entrants.map((entrant) => [entrant.name, entrant.games])).toEqual([
      ['hare.py', 2],
      ['hare.ts', 2],
      ['novice', 2],
    ]);
    expect(first.entrants.reduce((sum, entrant) => sum + entrant.strikes.late + entrant.replaced, 0)).toBe(0);
    expect(first.results.map((result) => result.seed)).toEqual(['same/0', 'same/1', 'same/2']);
    expect(readFileSync(join(folder, 'a.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('plays other games from another seed', async () => {
    const config = {
      game: 'hare',
      entrants: [
        { kind: 'program' as const, name: 'py', program: resolve(ROOT, players[0]!) },
        { kind: 'builtin' as const, name: 'novice', level: 'novice' },
      ],
      games: 2,
      mode: 'pairs' as const,
      options: { rules: 'standard', turnLimit: 200 },
      timeLimitMs: 5000,
      helloTimeoutMs: 20_000,
    };
    const [a, b] = await Promise.all([
      runArena({ ...config, seed: 'one' }, { parallel: 1 }),
      runArena({ ...config, seed: 'two' }, { parallel: 1 }),
    ]);
    expect(a.results).toHaveLength(2);
    const plays = (report: ArenaReport) => report.results.map((result) => [result.places, result.actions]);
    expect(plays(a)).not.toEqual(plays(b));
    expect(plays(a)).toEqual(plays(await runArena({ ...config, seed: 'one' }, { parallel: 1 })));
  });
});
