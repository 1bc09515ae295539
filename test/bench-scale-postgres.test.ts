/**
 * `npm run bench:scale` on PostgreSQL: two bot processes of two shards each on one database, games in 200 servers
 * of the fake Discord (computers, and a player clicking), one process killed with SIGKILL mid-run; the targets
 * hold (test/support/bench-scale.ts). A file of its own, so that it runs beside the SQLite one.
 */
import { describe, expect, it } from 'vitest';
import { benchScale, expectTargets } from './support/bench-scale';
import { createTestDatabase, dropTestDatabase } from './support/pg-database';

describe('npm run bench:scale on PostgreSQL', () => {
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
});
