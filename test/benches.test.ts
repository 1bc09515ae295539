/**
 * Every `npm run bench:*` command runs: each in its short mode (the smallest sizes its options take),
 * through npm as an operator types it, exiting 0 and printing its figures. A benchmark that breaks (bench:bot
 * did when Hare's board moved its controls behind Choose your move) fails here, not on the next measuring day.
 * bench:scale's short runs are test/bench-scale.test.ts and test/bench-scale-postgres.test.ts.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const scripts = (
  JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** Each bench's short mode, and a figure its output must show. */
const SHORT: Record<string, { args: string[]; prints: RegExp }> = {
  'bench:engine': {
    args: ['--runs', '1', '--seconds', '0.3'],
    prints: /standard\s+actions\/s median [\d,]+/,
  },
  'bench:render': { args: ['--runs', '2'], prints: /encodeSync\('png'\)\s+[\d.]+ ms/ },
  'bench:service': {
    args: ['--games', '20', '--seconds', '1', '--warmup', '0'],
    prints: /persisted turns\/s:\s+\d+/,
  },
  'bench:bot': { args: ['--short'], prints: /3 games sustained\s+moves\s+\d+ \| response p50\s+[\d.]+ ms/ },
  'bench:storage': { args: ['--games', '3'], prints: /hedgehogs: 3 games, \d+ moves each: [\d.]+ KB/ },
  'bench:candyland': { args: ['--games', '100'], prints: /render board: [\d.]+ ms/ },
  'bench:greed': { args: ['--games', '2'], prints: /decision expert\s+p50 [\d.]+ ms/ },
  'bench:winprob': { args: ['--games', '1'], prints: /hare, 6 seats\s+turns mean\s+\d+/ },
  'bench:hedgehogs': { args: ['--games', '2'], prints: /decision advanced p50 [\d.]+ ms/ },
  'bench:summary': {
    args: ['--games', '1'],
    prints: /hedgehogs\s+last move → summary in the channel: p50 \d+ ms/,
  },
};
const TESTED_ELSEWHERE = ['bench:scale'];

describe('the benchmarks', () => {
  it('each bench:* script has a short run here (or its own test)', () => {
    const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
    expect(benches.filter((name) => !TESTED_ELSEWHERE.includes(name)).sort()).toEqual(
      Object.keys(SHORT).sort(),
    );
  });

  for (const [name, short] of Object.entries(SHORT))
    it(
      `npm run ${name} -- ${short.args.join(' ')} runs and prints its figures`,
      { timeout: 120_000 },
      async () => {
        const { stdout } = await promisify(execFile)('npm', ['run', '-s', name, '--', ...short.args], {
          cwd: ROOT,
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        });
        expect(stdout).toMatch(short.prints);
      },
    );
});
