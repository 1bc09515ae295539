import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One PostgreSQL server for the run (TEST_DATABASE_URL, or one started for it): the storage tests of both engines.
    globalSetup: ['./test/support/pg-server.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
