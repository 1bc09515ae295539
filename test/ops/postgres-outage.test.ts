/**
 * A real PostgreSQL (a server of this file's own) stopped and started again, and paused (SIGSTOP) and resumed,
 * under running games of all four kinds: the health check answers within 2 s and says why, a player's request
 * fails within 2 s with the storage message, and once the server is back every game moves within 30 s, each step
 * written once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorText, STORAGE_UNAVAILABLE } from '../../src/bot/respond';
import { databaseCheck, overdueCheck, runHealthChecks } from '../../src/ops/health';
import { FakeClock, GameService } from '../../src/service/index';
import { isStorageUnavailable } from '../../src/store/index';
import { openStorageAt } from '../../src/store/open-storage';
import type { Storage } from '../../src/store/storage';
import { startOutageServer, type OutageServer } from '../support/pg-outage-server';
import { startComputerGames, versionsOf } from '../support/storage-outage';

let server: OutageServer;
beforeAll(async () => {
  server = await startOutageServer();
});
afterAll(async () => {
  await server?.close();
});

interface Run {
  storage: Storage;
  clock: FakeClock;
  service: GameService;
  errors: unknown[];
}

const runs: Run[] = [];
afterEach(async () => {
  for (const run of runs.splice(0)) {
    run.service.stop();
    await run.storage.close();
  }
});

async function startRun(url: string): Promise<Run> {
  const storage = await openStorageAt(url, { poolSize: 3 });
  const clock = new FakeClock();
  const errors: unknown[] = [];
  const service = new GameService({
    store: storage,
    clock,
    config: { lobbyIdleMs: 60_000, sweepEveryMs: 10_000 },
    onError: (error) => errors.push(error),
  });
  await service.start();
  const run = { storage, clock, service, errors };
  runs.push(run);
  return run;
}

/** The health report of the run's database and games, and how long it took. */
async function health(run: Run) {
  const started = Date.now();
  const report = await runHealthChecks([
    databaseCheck(() => run.storage.maintenance.checkWritable()),
    overdueCheck((olderThanMs) => run.service.overdueGames(olderThanMs)),
  ]);
  return { ...report, tookMs: Date.now() - started };
}

/** A player's request now: it fails with the storage message (within `withinMs`). */
async function expectStorageMessage(run: Run, gameId: string, withinMs: number): Promise<void> {
  const started = Date.now();
  const failure = await run.service.status(gameId).then(
    () => null,
    (error: unknown) => error,
  );
  expect(Date.now() - started).toBeLessThan(withinMs);
  expect(isStorageUnavailable(failure), String(failure)).toBe(true);
  expect(errorText(failure)).toBe(STORAGE_UNAVAILABLE);
}

async function expectMovedAndIntact(run: Run, ids: readonly string[], before: readonly number[]) {
  const after = await versionsOf(run.service, ids);
  for (const [i, version] of after.entries()) expect(version, ids[i]).toBeGreaterThan(before[i]!);
  for (const id of ids) {
    expect(await run.service.replayCheck(id)).toMatchObject({ ok: true });
    const actions = await run.storage.games.listActions(id);
    expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
  }
  expect(run.service.overdueGames(0)).toEqual({ turns: 0, lobbies: 0 });
  expect((await health(run)).healthy).toBe(true);
}

describe('PostgreSQL outages', () => {
  it('stopped and started again: games wait, the health check says so, and all move on within 30 s', async () => {
    const run = await startRun(await server.createDatabase());
    const ids = await startComputerGames(run.service, 'guild-1');
    await run.clock.advance(3000);
    const before = await versionsOf(run.service, ids);

    await server.stopServer();
    await expectStorageMessage(run, ids[0]!, 2500);
    await run.clock.advance(70_000);
    expect(run.errors.length).toBeGreaterThan(0);
    for (const error of run.errors) expect(isStorageUnavailable(error), String(error)).toBe(true);
    expect(run.service.overdueGames(60_000).turns).toBe(ids.length);
    const red = await health(run);
    expect(red.healthy).toBe(false);
    expect(red.tookMs).toBeLessThan(2500);
    expect(red.checks.find((c) => c.name === 'games')?.reason).toMatch(/4 games .* overdue/);

    await server.startServer();
    await run.clock.advance(30_000);
    await expectMovedAndIntact(run, ids, before);
  });

  it('paused (SIGSTOP) and resumed: answers within 2 s meanwhile, and all games move on within 30 s', async () => {
    const run = await startRun(await server.createDatabase());
    const ids = await startComputerGames(run.service, 'guild-1');
    await run.clock.advance(3000);
    const before = await versionsOf(run.service, ids);

    server.pause();
    try {
      const red = await health(run);
      expect(red.healthy).toBe(false);
      expect(red.tookMs).toBeLessThan(2500);
      await expectStorageMessage(run, ids[0]!, 2900);
      // Each due turn waits for the server 2 s at most, then is tried again later.
      await run.clock.advance(2000);
      expect(run.errors.length).toBeGreaterThan(0);
      for (const error of run.errors) expect(isStorageUnavailable(error), String(error)).toBe(true);
    } finally {
      server.resume();
    }
    await run.clock.advance(30_000);
    await expectMovedAndIntact(run, ids, before);
  });
});
