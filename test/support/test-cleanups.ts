/**
 * Clean-ups a support module runs after every test (test/support/each-file.ts runs them). Test files share
 * their worker's modules (vitest.config.ts, isolate: false): a hook a shared module registered when loaded
 * would run for the first file that imported it and never for the files after it.
 */
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs `cleanup` after each test of every file, from now on (in the order registered). */
export function afterEachTest(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export async function runTestCleanups(): Promise<void> {
  for (const cleanup of cleanups) await cleanup();
}
