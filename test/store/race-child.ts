/**
 * One of two processes racing in test/store/storage.test.ts: on the storage at argv[2] it clicks on game `G` at
 * version 1 and joins lobby `L` for its last seat as user argv[3], both computed from what it read before the
 * other process wrote, then prints one JSON line: for each, "won" or "moved on".
 */
import { openStorageAt } from '../../src/store/open-storage';
import { isPostgresUrl, openPostgresStorage } from '../../src/store/pg/pg-storage';
import { GameMovedOnError } from '../../src/store/storage';

const [location, userId] = process.argv.slice(2) as [string, string];
// The test holds the rows locked until both processes wait on them, however long a loaded machine takes to start
// the second: PostgreSQL's 2 s statement limit would give up the first one's waiting write before that.
const storage = isPostgresUrl(location)
  ? await openPostgresStorage(location, { queryTimeoutMs: 60_000 })
  : await openStorageAt(location);
const alice = {
  index: 0,
  kind: 'human' as const,
  userId: 'alice',
  level: null,
  name: 'Player alice',
  left: false,
};
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'won',
    (error: unknown) => (error instanceof GameMovedOnError ? 'moved on' : `failed: ${String(error)}`),
  );
process.stdout.write('ready\n');
const [click, join] = await Promise.all([
  outcome(
    storage.games.commitAction({
      gameId: 'G',
      expectedVersion: 1,
      seat: 0,
      actor: userId,
      action: { type: 'add', amount: 1 },
      state: { turn: userId },
      nextDueAt: null,
      now: 2000,
    }),
  ),
  outcome(
    storage.games.updateLobby({
      gameId: 'L',
      expected: { hostId: 'alice', seats: [alice] },
      hostId: 'alice',
      seats: [alice, { ...alice, index: 1, userId, name: userId }],
      now: 2000,
    }),
  ),
]);
await storage.close();
process.stdout.write(`${JSON.stringify({ click, join })}\n`);
