/** Set up before each test file (vitest.config.ts's EACH_FILE_SETUP). */
import { afterEach } from 'vitest';
import { forgetStorageFailures } from '../../src/store/storage-errors';
import { runTestCleanups } from './test-cleanups';

// Process-wide state that a file before this one in the same worker may have left (isolate: false).
forgetStorageFailures();
afterEach(runTestCleanups);
