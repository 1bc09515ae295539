import { defineConfig } from 'vitest/config';

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
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
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
