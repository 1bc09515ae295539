/**
 * Every script in scripts/ that npm runs answers a bad argument with its usage line on stderr and exit status 2
 * (never a stack trace, never a run that goes on): an unknown option, a stray positional argument, a malformed
 * number. They run as `node --import tsx scripts/<file>`, several at a time: tsx's loader in one Node process
 * (`npx tsx` would start two more, npx's and tsx's own, for each of the forty cases).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const scripts = (
  JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
/** The files of scripts/ that npm scripts run with tsx. */
const FILES = [
  ...new Set(
    Object.values(scripts).flatMap((command) => /\btsx .*?(scripts\/[\w/-]+\.ts)/.exec(command)?.[1] ?? []),
  ),
].sort();

interface Run {
  args: string[];
  code: number | null;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT }, timeout: 60_000 },
      (error, _stdout, stderr) =>
        done({ args, code: error ? ((error.code as number | null) ?? null) : 0, stderr }),
    );
  });
}

/** Runs every case, `width` at a time. */
async function runAll(cases: string[][], width: number): Promise<Run[]> {
  const results: Run[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < cases.length) results.push(await run(cases[next++]!));
    }),
  );
  return results;
}

describe('the scripts’ arguments', () => {
  it('finds the scripts npm runs', () => {
    expect(FILES.length).toBeGreaterThan(20);
    expect(FILES).toContain('scripts/db-backup.ts');
  });

  it('a bad argument gets the usage line and exit 2 from every script', { timeout: 240_000 }, async () => {
    const cases = [
      ...FILES.map((file) => [file, '--no-such-option']),
      // The case: a positional argument to db:backup printed a parseArgs stack trace.
      ['scripts/db-backup.ts', './data/hare.db'],
      ['scripts/db-verify.ts', 'one.db', 'two.db'],
      ['scripts/bench-greed.ts', '--games', 'many'],
      ['scripts/bench-engine.ts', '--rules', 'house'],
      ['scripts/bench-service.ts', '--games'],
      ['scripts/bench-scale.ts', '--people', 'many'],
      ['scripts/bench-scale.ts', '--background-redraws', '1.5'],
      ['scripts/tournament.ts', '--game', 'chess'],
      ['scripts/tournament.ts', '--game', 'greed', '--no-such-option'],
      ['scripts/tournament.ts', '--game', 'hedgehogs', '--games', '-3'],
      ['scripts/tournament.ts', '--game', 'hare', 'extra'],
    ];
    const results = await runAll(cases, 6);
    for (const result of results) {
      const name = result.args.join(' ');
      expect(result.stderr, name).toMatch(/^usage: npm run /m);
      expect(result.stderr, name).not.toMatch(/\n\s+at /);
      expect(result.code, `${name}\n${result.stderr}`).toBe(2);
    }
    expect(results).toHaveLength(cases.length);
  });
});
