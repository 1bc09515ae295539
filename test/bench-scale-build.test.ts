/**
 * bench:scale measures the bot processes as production runs them (`npm run start:prod`: the build, plain Node,
 * its flags), not from the sources through tsx, whose module-hook threads cost each process ~150 MB of its peak
 * resident memory (docs/benchmarks.md, "Memory of a bot process").
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BotProcesses } from '../scripts/bench-scale/processes';

const ROOT = resolve(__dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'hare-bench-scale-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bot processes of bench:scale', () => {
  it('run the production build with start:prod’s Node flags, without tsx', { timeout: 120_000 }, () => {
    const bots = new BotProcesses({
      shardCount: 1,
      shardIds: [[0]],
      apiUrlFor: () => 'http://127.0.0.1:1',
      token: 'unused',
      dir,
      database: { path: join(dir, 'hare.db') },
      leaseSeconds: 5,
      aiTurnDelayMs: 0,
      onOutput: () => {},
    });
    const startProd = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts['start:prod']!;
    const flags = startProd.split(' ').filter((word) => word.startsWith('--'));
    expect(bots.command).toEqual([...flags, join(dir, 'dist', 'main.js')]);
    expect(bots.startEnv).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(bots.command.join(' ')).not.toMatch(/tsx|--import|--loader/);
    for (const file of ['main.js', 'render-pool-worker.js', 'computer-pool-worker.js'])
      expect(existsSync(join(dir, 'dist', file))).toBe(true);
  });
});
