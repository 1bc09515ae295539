import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hare/rules/index';
import { FakeClock } from '../../src/service/index';
import {
  AI_DELAY,
  ALICE,
  BOB,
  GUILD,
  humanChoice,
  makeHarness,
  openGame,
  playToEnd,
  testLocation,
  type Harness,
} from './helpers';

describe('restarting the service on the same database file', () => {
  async function harnessOn(file: string, clock: FakeClock): Promise<Harness> {
    return makeHarness({ file, clock });
  }

  async function shutDown(h: Harness) {
    await h.dispose();
  }

  it('continues a game from the last committed action; timers resume; nothing lost or duplicated', async () => {
    const file = await testLocation();
    const clock = new FakeClock();
    const first = await harnessOn(file, clock);
    const lobby = await openGame(first, 'c1', { computerLevel: 'novice', turnLimit: 25 });
    await first.service.startGame(lobby.id, ALICE.id);
    for (let turn = 0; turn < 3; turn++) {
      const { action, version } = await humanChoice(first, lobby.id);
      await first.service.act(lobby.id, ALICE.id, action, version);
      while ((await first.service.status(lobby.id)).next?.human === false) await clock.runNext();
    }
    const { action, version } = await humanChoice(first, lobby.id);
    await first.service.act(lobby.id, ALICE.id, action, version);
    const beforeClose = await first.service.getGame(lobby.id);
    const loggedBeforeClose = await first.store.games.listActions(lobby.id);
    expect(beforeClose?.status).toBe('active');
    expect((beforeClose?.state as GameState | undefined)?.current).not.toBe(0);
    await shutDown(first);

    await clock.advance(AI_DELAY / 2);
    const second = await harnessOn(file, clock);
    expect(await second.service.getGame(lobby.id)).toEqual(beforeClose);
    expect(await second.store.games.listActions(lobby.id)).toEqual(loggedBeforeClose);
    expect(second.service.armedTimerCount()).toBe(1);
    await clock.advance(AI_DELAY / 2 - 1);
    expect(await second.store.games.listActions(lobby.id)).toHaveLength(loggedBeforeClose.length);
    await clock.advance(1);
    expect(await second.store.games.listActions(lobby.id)).toHaveLength(loggedBeforeClose.length + 1);

    await playToEnd(second, lobby.id);
    const log = await second.store.games.listActions(lobby.id);
    expect(log.slice(0, loggedBeforeClose.length)).toEqual(loggedBeforeClose);
    expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
    expect((await second.service.getGame(lobby.id))?.version).toBe(1 + log.length);
    expect(await second.service.replayCheck(lobby.id)).toEqual({ ok: true, actions: log.length });
    expect((await second.service.stats(GUILD, 'hare', ALICE.id))?.games).toBe(1);
  });

  it('a computer turn that fell due while the service was down is played at once after the restart', async () => {
    const file = await testLocation();
    const clock = new FakeClock();
    const first = await harnessOn(file, clock);
    const lobby = await openGame(first, 'c1', { hostSeated: false, seats: 3 });
    await first.service.startGame(lobby.id, ALICE.id);
    await clock.advance(AI_DELAY);
    expect(await first.store.games.listActions(lobby.id)).toHaveLength(1);
    await shutDown(first);

    await clock.advance(AI_DELAY * 100);
    const second = await harnessOn(file, clock);
    await clock.advance(0);
    expect(await second.store.games.listActions(lobby.id)).toHaveLength(2);
    expect((await second.service.replayCheck(lobby.id)).ok).toBe(true);
  });

  it('a human timeout survives the restart with its original due time', async () => {
    const file = await testLocation();
    const clock = new FakeClock();
    const first = await harnessOn(file, clock);
    const lobby = await openGame(first, 'c1', { computerLevel: 'novice' });
    await first.service.startGame(lobby.id, ALICE.id);
    const dueAt = (await first.service.getGame(lobby.id))?.nextDueAt;
    await shutDown(first);

    const second = await harnessOn(file, clock);
    expect(clock.nextDueAt()).toBe(dueAt);
    await clock.advance((dueAt ?? 0) - clock.now());
    expect(await second.store.games.listActions(lobby.id)).toMatchObject([{ seq: 1, actor: 'timeout' }]);
  });
});

describe('a changed HUMAN_TURN_TIMEOUT_MS', () => {
  it('applies to running games from their next turn after a restart', async () => {
    const file = await testLocation();
    {
      const first = await makeHarness({ file, config: { humanTurnTimeoutMs: 600_000 } });
      const lobby = await openGame(first, 'c1', { computerLevel: 'novice' });
      await first.service.join(lobby.id, BOB);
      await first.service.startGame(lobby.id, ALICE.id);
      await first.dispose();
      const second = await makeHarness({ file, clock: first.clock, config: { humanTurnTimeoutMs: 30_000 } });
      const game = (await second.service.getGame(lobby.id))!;
      const { action, version } = await humanChoice(second, lobby.id);
      await second.service.act(lobby.id, ALICE.id, action, version);
      const after = (await second.service.getGame(lobby.id))!;
      const next = (await second.service.status(lobby.id)).next;
      expect(next?.human).toBe(true);
      expect(after.nextDueAt).toBe(second.clock.now() + 30_000);
      expect(game.options.humanTimeoutMs).toBe(600_000);
    }
  });
});
