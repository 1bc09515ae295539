import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('node', ['--import', 'tsx', 'scripts/simulate.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('scripts/simulate.ts', () => {
  it('prints exactly one JSON object with --json', () => {
    const { status, stdout } = run(
      '--game',
      'candyland',
      '--seats',
      '3',
      '--games',
      '2000',
      '--seed',
      'cli',
      '--json',
    );
    expect(status).toBe(0);
    const figures = JSON.parse(stdout);
    expect(Object.keys(figures)).toEqual(['game', 'seats', 'games', 'rounds', 'draws', 'winsBySeat']);
    expect(figures).toMatchObject({ game: 'candyland', seats: 3, games: 2000 });
    expect(Object.keys(figures.rounds)).toEqual(['mean', 'median', 'max']);
    expect(figures.winsBySeat).toHaveLength(3);
  });

  it('refuses bad arguments with a clear message', () => {
    for (const [args, message] of [
      [['--game', 'chess', '--seats', '2', '--games', '5'], '--game must be one of: candyland'],
      [['--game', 'candyland', '--seats', '5', '--games', '5'], '--seats must be from 2 to 4'],
      [['--game', 'candyland', '--seats', '2', '--games', '0'], '--games must be from 1'],
      [['--game', 'candyland', '--seats', '2'], '--games is required'],
    ] as const) {
      const { status, stderr } = run(...args);
      expect(status).toBe(2);
      expect(stderr).toContain(message);
    }
  });
});
