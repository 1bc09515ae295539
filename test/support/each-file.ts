/** Set up before each test file (vitest.config.ts's EACH_FILE_SETUP). */
import { afterEach } from 'vitest';
import { runTestCleanups } from './test-cleanups';

afterEach(runTestCleanups);
