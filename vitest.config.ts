import { defineConfig } from 'vitest/config';

/** test/games' files that mock a module: vi.mock needs a module graph of the file's own, so they stay isolated. */
const GAMES_MOCKING = ['test/games/draw/board-png.test.ts'];

export default defineConfig({
  test: {
    // One PostgreSQL server for the run (TEST_DATABASE_URL, or one started for it): the storage tests of both engines.
    globalSetup: ['./test/support/pg-server.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    // Three files at a time even on two cores (vitest's default there is one): most files wait on sockets and
    // timers (the fake Discord, worker threads, PostgreSQL) rather than compute.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The service suite runs once per storage engine (test/service/helpers.ts reads HARE_TEST_ENGINE); the
    // crash test drives a SQLite file through child processes (PostgreSQL's are in test/store/storage.test.ts).
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/*.test.ts', 'test/!(games)/**/*.test.ts', ...GAMES_MOCKING] },
      },
      // The games' own tests (rules, computers, images: no sockets, no process state) share each worker's
      // modules (isolate: false): one load of the games, and their computers' tables built once per worker
      // rather than once per file, about a quarter of their CPU. Run one with `npx vitest run --project games
      // test/games/...`; a file that changes module state for the files after it does not belong here.
      {
        extends: true,
        test: { name: 'games', include: ['test/games/**/*.test.ts'], exclude: GAMES_MOCKING, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/service/**/*.test.ts'],
          exclude: ['test/service/crash.test.ts', 'test/service/verify-script.test.ts'],
          env: { HARE_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
