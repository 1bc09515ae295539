import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module (vi.mock): vi.mock needs a module graph of the file's own, so they run isolated.
 * Every other file shares its worker's modules with the files before it (isolate: false): loading discord.js,
 * the games and the bot again for each of some 300 files took about a third of the suite's CPU. A file that
 * changes module state for the files after it without undoing it does not belong outside this list.
 */
export const MOCKING = [
  'test/games/draw/board-png.test.ts',
  'test/bot/publishing/board-posting.test.ts',
  'test/bot/publishing/channel-sync.test.ts',
  'test/bot/tools-off-main-thread.e2e.test.ts',
  'test/workers/worker-counts.test.ts',
  'test/service/ai-fallback.test.ts',
];
/**
 * Run before each test file (a shared module is loaded once per worker, so its own hooks would belong to the first
 * file only): resets the process-wide state a file before may have left, and runs the clean-ups support modules
 * register (test/support/test-cleanups.ts) after each test.
 */
export const EACH_FILE_SETUP = './test/support/each-file.ts';
const SERVICE = 'test/service/**/*.test.ts';
/** The service files that run once, on SQLite (the crash test drives a SQLite file through child processes). */
const SERVICE_SQLITE_ONLY = ['test/service/crash.test.ts', 'test/service/verify-script.test.ts'];

export default defineConfig({
  test: {
    // One PostgreSQL server for the run (TEST_DATABASE_URL, or one started for it): the storage tests of both engines.
    globalSetup: ['./test/support/pg-server.ts'],
    setupFiles: [EACH_FILE_SETUP],
    reporters: ['default', './test/summary-reporter.ts'],
    // Four files at a time even on two cores (vitest's default there is one): most files wait on sockets and
    // timers (the fake Discord, worker threads, PostgreSQL) rather than compute. On this 2-core machine the
    // suite took 360 s with three and 332 s with four.
    maxWorkers: 4,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    isolate: false,
    // The service suite runs once per storage engine (test/service/helpers.ts reads HARE_TEST_ENGINE).
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: MOCKING } },
      { extends: true, test: { name: 'mocking', include: MOCKING, isolate: true } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [SERVICE],
          exclude: [...SERVICE_SQLITE_ONLY, ...MOCKING],
          env: { HARE_TEST_ENGINE: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres-mocking',
          include: MOCKING.filter((file) => file.startsWith('test/service/')),
          isolate: true,
          env: { HARE_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
