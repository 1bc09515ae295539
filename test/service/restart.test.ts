import { afterEach, describe, expect, it } from 'vitest';
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
  tempDir,
  type Harness,
} from './helpers';

describe('restarting the service on the same database file', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()?.();
  });

  function harnessOn(file: string, clock: FakeClock): Harness {
    const h = makeHarness({ file, clock });
    cleanups.push(() => {
      h.service.stop();
      if (h.store.db.open) h.store.close();
    });
    return h;
  }

  function shutDown(h: Harness) {
    h.service.stop();
    h.store.close();
  }

  it('continues a game from the last committed action; timers resume; nothing lost or duplicated', () => {
    const { dir, cleanup } = tempDir('hare-restart-');
    cleanups.push(cleanup);
    const file = `${dir}/hare.db`;
    const clock = new FakeClock();
    const first = harnessOn(file, clock);
    const lobby = openGame(first, 'c1', { computerLevel: 'novice', turnLimit: 25 });
    first.service.startGame(lobby.id, ALICE.id);
    for (let turn = 0; turn < 3; turn++) {
      const { action, version } = humanChoice(first, lobby.id);
      first.service.act(lobby.id, ALICE.id, action, version);
      while (first.service.status(lobby.id).next?.human === false) clock.runNext();
    }
    const { action, version } = humanChoice(first, lobby.id);
    first.service.act(lobby.id, ALICE.id, action, version);
    const beforeClose = first.service.getGame(lobby.id);
    const loggedBeforeClose = first.store.games.listActions(lobby.id);
    expect(beforeClose?.status).toBe('active');
    expect((beforeClose?.state as GameState | undefined)?.current).not.toBe(0);
    shutDown(first);

    clock.advance(AI_DELAY / 2);
    const second = harnessOn(file, clock);
    expect(second.service.getGame(lobby.id)).toEqual(beforeClose);
    expect(second.store.games.listActions(lobby.id)).toEqual(loggedBeforeClose);
    expect(second.service.armedTimerCount()).toBe(1);
    clock.advance(AI_DELAY / 2 - 1);
    expect(second.store.games.listActions(lobby.id)).toHaveLength(loggedBeforeClose.length);
    clock.advance(1);
    expect(second.store.games.listActions(lobby.id)).toHaveLength(loggedBeforeClose.length + 1);

    playToEnd(second, lobby.id);
    const log = second.store.games.listActions(lobby.id);
    expect(log.slice(0, loggedBeforeClose.length)).toEqual(loggedBeforeClose);
    expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
    expect(second.service.getGame(lobby.id)?.version).toBe(1 + log.length);
    expect(second.service.replayCheck(lobby.id)).toEqual({ ok: true, actions: log.length });
    expect(second.service.stats(GUILD, 'hare', ALICE.id)?.games).toBe(1);
  });

  it('a computer turn that fell due while the service was down is played at once after the restart', () => {
    const { dir, cleanup } = tempDir('hare-restart-');
    cleanups.push(cleanup);
    const file = `${dir}/hare.db`;
    const clock = new FakeClock();
    const first = harnessOn(file, clock);
    const lobby = openGame(first, 'c1', { hostSeated: false, seats: 3 });
    first.service.startGame(lobby.id, ALICE.id);
    clock.advance(AI_DELAY);
    expect(first.store.games.listActions(lobby.id)).toHaveLength(1);
    shutDown(first);

    clock.advance(AI_DELAY * 100);
    const second = harnessOn(file, clock);
    clock.advance(0);
    expect(second.store.games.listActions(lobby.id)).toHaveLength(2);
    expect(second.service.replayCheck(lobby.id).ok).toBe(true);
  });

  it('a human timeout survives the restart with its original due time', () => {
    const { dir, cleanup } = tempDir('hare-restart-');
    cleanups.push(cleanup);
    const file = `${dir}/hare.db`;
    const clock = new FakeClock();
    const first = harnessOn(file, clock);
    const lobby = openGame(first, 'c1', { computerLevel: 'novice' });
    first.service.startGame(lobby.id, ALICE.id);
    const dueAt = first.service.getGame(lobby.id)?.nextDueAt;
    shutDown(first);

    const second = harnessOn(file, clock);
    expect(clock.nextDueAt()).toBe(dueAt);
    clock.advance((dueAt ?? 0) - clock.now());
    expect(second.store.games.listActions(lobby.id)).toMatchObject([{ seq: 1, actor: 'timeout' }]);
  });
});

describe('a changed HUMAN_TURN_TIMEOUT_MS', () => {
  it('applies to running games from their next turn after a restart', () => {
    const { dir, cleanup } = tempDir('hare-timeout-');
    const file = `${dir}/hare.db`;
    try {
      const first = makeHarness({ file, config: { humanTurnTimeoutMs: 600_000 } });
      const lobby = openGame(first, 'c1', { computerLevel: 'novice' });
      first.service.join(lobby.id, BOB);
      first.service.startGame(lobby.id, ALICE.id);
      first.service.stop();
      first.store.close();
      const second = makeHarness({ file, clock: first.clock, config: { humanTurnTimeoutMs: 30_000 } });
      const game = second.service.getGame(lobby.id)!;
      const { action, version } = humanChoice(second, lobby.id);
      second.service.act(lobby.id, ALICE.id, action, version);
      const after = second.service.getGame(lobby.id)!;
      const next = second.service.status(lobby.id).next;
      expect(next?.human).toBe(true);
      expect(after.nextDueAt).toBe(second.clock.now() + 30_000);
      expect(game.options.humanTimeoutMs).toBe(600_000);
      second.service.stop();
      second.store.close();
    } finally {
      cleanup();
    }
  });
});
