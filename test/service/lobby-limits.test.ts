import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, LOBBY_EXPIRY } from '../../src/service/index';
import { openStore } from '../../src/store/index';
import { ALICE, BOB, CAROL, expectRefused, makeHarness, openGame, tempDir, type Harness } from './helpers';

const MINUTE = 60_000;
const IDLE = 15 * MINUTE;

describe('lobby caps', () => {
  let h: Harness;
  afterEach(() => {
    h.service.stop();
    h.store.close();
  });

  it('refuses a host a lobby beyond the per-user cap, until one of theirs closes', () => {
    h = makeHarness({ config: { maxLobbiesPerUser: 2, maxLobbiesPerServer: null } });
    openGame(h, 'c1');
    const second = openGame(h, 'c2');
    const refusal = expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c3'));
    expect(refusal.message).toBe(
      'you already host 2 open lobbies, the most one player may: start or cancel one of them first',
    );
    expect(h.service.findActiveGameInChannel('c3')).toBeNull();
    openGame(h, 'c3', { host: BOB });
    h.service.cancel(second.id, ALICE.id);
    expect(openGame(h, 'c4').status).toBe('lobby');
  });

  it('counts a host’s lobbies in every server, and a started game no more', () => {
    h = makeHarness({ config: { maxLobbiesPerUser: 1, maxLobbiesPerServer: null } });
    const first = openGame(h, 'c1');
    expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c2', { guildId: 'another-guild' }));
    h.service.startGame(first.id, ALICE.id);
    expect(openGame(h, 'c2').status).toBe('lobby');
  });

  it('refuses a lobby beyond the per-server cap, whoever hosts it; other servers are not held back', () => {
    h = makeHarness({ config: { maxLobbiesPerUser: null, maxLobbiesPerServer: 2 } });
    openGame(h, 'c1', { host: ALICE });
    openGame(h, 'c2', { host: BOB });
    const refusal = expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c3', { host: CAROL }));
    expect(refusal.message).toBe(
      'this server already has 2 open lobbies, the most it may have at once: join one of them, or try again once one has started or closed',
    );
    expect(openGame(h, 'c3', { host: CAROL, guildId: 'another-guild' }).status).toBe('lobby');
  });

  it('holds a rematch to the same caps', () => {
    h = makeHarness({ config: { maxLobbiesPerUser: 1, maxLobbiesPerServer: null } });
    const lobby = openGame(h, 'c1', { hostSeated: true });
    h.service.startGame(lobby.id, ALICE.id);
    h.service.endGame(lobby.id, ALICE.id);
    openGame(h, 'c2');
    expectRefused(h, 'too_many_lobbies', () => h.service.rematch(lobby.id, ALICE));
  });

  it('has no caps unless configured', () => {
    h = makeHarness();
    for (let i = 0; i < 30; i++) openGame(h, `c${i}`);
    expect(h.service.findActiveGameInChannel('c29')?.status).toBe('lobby');
  });
});

describe('lobby expiry', () => {
  let h: Harness;
  afterEach(() => {
    h.service.stop();
    h.store.close();
  });

  it('closes a lobby nobody touched for the idle time, as the expiry, and says so', () => {
    h = makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = openGame(h, 'c1');
    h.clock.advance(IDLE - 1);
    expect(h.service.getGame(lobby.id)?.status).toBe('lobby');
    h.clock.advance(1);
    const closed = h.service.getGame(lobby.id)!;
    expect(closed).toMatchObject({ status: 'cancelled', endReason: 'cancelled', endedBy: LOBBY_EXPIRY });
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened', 'expired']);
    expect(h.lobbyUpdates.at(-1)?.game.status).toBe('cancelled');
    expect(h.service.lobbyIdleMs()).toBe(IDLE);
  });

  it('counts the idle time from the last change to the lobby', () => {
    h = makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = openGame(h, 'c1');
    h.clock.advance(10 * MINUTE);
    h.service.join(lobby.id, BOB);
    h.clock.advance(10 * MINUTE);
    h.service.addComputer(lobby.id, ALICE.id);
    h.clock.advance(IDLE - 1);
    expect(h.service.getGame(lobby.id)?.status).toBe('lobby');
    h.clock.advance(1);
    expect(h.service.getGame(lobby.id)?.status).toBe('cancelled');
  });

  it('leaves started and cancelled lobbies alone, and keeps no timer for them', () => {
    h = makeHarness({ config: { lobbyIdleMs: IDLE, aiTurnDelayMs: 10 * 60 * MINUTE } });
    const started = openGame(h, 'c1');
    const cancelled = openGame(h, 'c2');
    h.service.startGame(started.id, ALICE.id);
    h.service.cancel(cancelled.id, ALICE.id);
    h.clock.advance(2 * IDLE);
    expect(h.service.getGame(started.id)?.status).toBe('active');
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened', 'opened', 'started', 'cancelled']);
  });

  it('never closes lobbies unless configured', () => {
    h = makeHarness();
    const lobby = openGame(h, 'c1');
    h.clock.advance(24 * 60 * MINUTE);
    expect(h.service.getGame(lobby.id)?.status).toBe('lobby');
    expect(h.clock.pendingCount()).toBe(0);
  });

  it('keeps the deadline across a restart, from the time stored in the database', () => {
    const { dir, cleanup } = tempDir('hare-lobby-expiry-');
    const file = path.join(dir, 'hare.db');
    const clock = new FakeClock();
    try {
      h = makeHarness({ file, clock, config: { lobbyIdleMs: IDLE } });
      const kept = openGame(h, 'c1');
      h.clock.advance(10 * MINUTE);
      const touched = openGame(h, 'c2', { host: BOB });
      h.service.stop();
      h.store.close();
      clock.advance(10 * MINUTE);

      h = makeHarness({ store: openStore(file), clock, config: { lobbyIdleMs: IDLE } });
      // The first lobby's time ran out while the service was stopped: it closes at once.
      h.clock.advance(0);
      expect(h.service.getGame(kept.id)).toMatchObject({ status: 'cancelled', endedBy: LOBBY_EXPIRY });
      expect(h.service.getGame(touched.id)?.status).toBe('lobby');
      h.clock.advance(5 * MINUTE - 1);
      expect(h.service.getGame(touched.id)?.status).toBe('lobby');
      h.clock.advance(1);
      expect(h.service.getGame(touched.id)?.status).toBe('cancelled');
    } finally {
      cleanup();
    }
  });

  it('gives a lobby touched by the bot (its message posted) the full idle time from then', () => {
    h = makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = openGame(h, 'c1');
    h.clock.advance(5 * MINUTE);
    h.service.setBoardMessage(lobby.id, '999', h.clock.now());
    h.clock.advance(IDLE - 1);
    expect(h.service.getGame(lobby.id)?.status).toBe('lobby');
    h.clock.advance(5 * MINUTE);
    expect(h.service.getGame(lobby.id)?.status).toBe('cancelled');
  });
});
