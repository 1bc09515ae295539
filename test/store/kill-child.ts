/**
 * A second process for test/store/storage-kill.test.ts: applies an action to game `G` of the storage at argv[2]
 * and, inside its transaction (the game row already updated, the log row not yet written), says "inside" and
 * waits there until it is killed.
 */
import { openStorageAt } from '../../src/store/open-storage';

const location = process.argv[2] as string;
const pause = new Int32Array(new SharedArrayBuffer(4));
const storage = await openStorageAt(location, {
  onStatement: (text) => {
    if (!text.includes('INSERT INTO actions')) return;
    process.stdout.write('inside\n');
    Atomics.wait(pause, 0, 0); // blocks this process, its transaction open, until SIGKILL
  },
});
await storage.games.commitAction({
  gameId: 'G',
  expectedVersion: 1,
  seat: 0,
  actor: 'killed',
  action: { type: 'add', amount: 1 },
  state: { turn: 'half-written' },
  nextDueAt: null,
  now: 2000,
});
process.stdout.write('committed\n');
