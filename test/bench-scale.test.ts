/**
 * `npm run bench:scale` small: two bot processes of one shard each on one SQLite file (WAL), twenty games in
 * twenty servers of the fake Discord, one process killed with SIGKILL mid-run. It prints one JSON object with the
 * issue's keys, and the targets hold: nothing posted twice, nothing lost, no game driven by two processes at
 * once, the killed shard's games moving again within the lease plus 10 s, the fake never above 50 requests a
 * second (test/support/bench-scale.ts). The same on PostgreSQL: bench-scale-postgres.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { benchScale, expectTargets, ROOT, TSX } from './support/bench-scale';

describe('npm run bench:scale', () => {
  it(
    'measures two processes on one SQLite file (WAL) through a SIGKILL and meets the targets',
    { timeout: 150_000 },
    async () => {
      const args = ['--processes', '2', '--shards', '2', '--guilds', '20', '--games', '20'];
      const result = await benchScale([...args, '--human-every', '4', '--budget-seconds', '90']);
      expect(result).toMatchObject({ processes: 2, shards: 2, guilds: 20, games: 20 });
      expectTargets(result, 2);
      // Alice's turns after the computers' moves are timed too (percentile() of none is 0; a run of one round,
      // as on PostgreSQL, has none).
      expect(result.turnBoardP95Ms).toBeGreaterThan(0);
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
