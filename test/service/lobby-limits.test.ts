import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, LOBBY_EXPIRY } from '../../src/service/index';
import { ALICE, BOB, CAROL, expectRefused, makeHarness, openGame, tempDir, type Harness } from './helpers';

const MINUTE = 60_000;
const IDLE = 15 * MINUTE;

describe('lobby caps', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('refuses a host a lobby beyond the per-user cap, until one of theirs closes', async () => {
    h = await makeHarness({ config: { maxLobbiesPerUser: 2, maxLobbiesPerServer: null } });
    await openGame(h, 'c1');
    const second = await openGame(h, 'c2');
    const refusal = await expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c3'));
    expect(refusal.message).toBe(
      'you already host 2 open lobbies, the most one player may: start or cancel one of them first',
    );
    expect(await h.service.findActiveGameInChannel('c3')).toBeNull();
    await openGame(h, 'c3', { host: BOB });
    await h.service.cancel(second.id, ALICE.id);
    expect((await openGame(h, 'c4')).status).toBe('lobby');
  });

  it('counts a host’s lobbies in every server, and a started game no more', async () => {
    h = await makeHarness({ config: { maxLobbiesPerUser: 1, maxLobbiesPerServer: null } });
    const first = await openGame(h, 'c1');
    await expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c2', { guildId: 'another-guild' }));
    await h.service.startGame(first.id, ALICE.id);
    expect((await openGame(h, 'c2')).status).toBe('lobby');
  });

  it('refuses a lobby beyond the per-server cap, whoever hosts it; other servers are not held back', async () => {
    h = await makeHarness({ config: { maxLobbiesPerUser: null, maxLobbiesPerServer: 2 } });
    await openGame(h, 'c1', { host: ALICE });
    await openGame(h, 'c2', { host: BOB });
    const refusal = await expectRefused(h, 'too_many_lobbies', () => openGame(h, 'c3', { host: CAROL }));
    expect(refusal.message).toBe(
      'this server already has 2 open lobbies, the most it may have at once: join one of them, or try again once one has started or closed',
    );
    expect((await openGame(h, 'c3', { host: CAROL, guildId: 'another-guild' })).status).toBe('lobby');
  });

  it('holds a rematch to the same caps', async () => {
    h = await makeHarness({ config: { maxLobbiesPerUser: 1, maxLobbiesPerServer: null } });
    const lobby = await openGame(h, 'c1', { hostSeated: true });
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.endGame(lobby.id, ALICE.id);
    await openGame(h, 'c2');
    await expectRefused(h, 'too_many_lobbies', () => h.service.rematch(lobby.id, ALICE));
  });

  it('has no caps unless configured', async () => {
    h = await makeHarness();
    for (let i = 0; i < 30; i++) await openGame(h, `c${i}`);
    expect((await h.service.findActiveGameInChannel('c29'))?.status).toBe('lobby');
  });
});

describe('lobby expiry', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('closes a lobby nobody touched for the idle time, as the expiry, and says so', async () => {
    h = await makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = await openGame(h, 'c1');
    await h.clock.advance(IDLE - 1);
    expect((await h.service.getGame(lobby.id))?.status).toBe('lobby');
    await h.clock.advance(1);
    const closed = (await h.service.getGame(lobby.id))!;
    expect(closed).toMatchObject({ status: 'cancelled', endReason: 'cancelled', endedBy: LOBBY_EXPIRY });
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened', 'expired']);
    expect(h.lobbyUpdates.at(-1)?.game.status).toBe('cancelled');
    expect(h.service.lobbyIdleMs()).toBe(IDLE);
  });

  it('counts the idle time from the last change to the lobby', async () => {
    h = await makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = await openGame(h, 'c1');
    await h.clock.advance(10 * MINUTE);
    await h.service.join(lobby.id, BOB);
    await h.clock.advance(10 * MINUTE);
    await h.service.addComputer(lobby.id, ALICE.id);
    await h.clock.advance(IDLE - 1);
    expect((await h.service.getGame(lobby.id))?.status).toBe('lobby');
    await h.clock.advance(1);
    expect((await h.service.getGame(lobby.id))?.status).toBe('cancelled');
  });

  it('leaves started and cancelled lobbies alone, and keeps no timer for them', async () => {
    h = await makeHarness({ config: { lobbyIdleMs: IDLE, aiTurnDelayMs: 10 * 60 * MINUTE } });
    const started = await openGame(h, 'c1');
    const cancelled = await openGame(h, 'c2');
    await h.service.startGame(started.id, ALICE.id);
    await h.service.cancel(cancelled.id, ALICE.id);
    await h.clock.advance(2 * IDLE);
    expect((await h.service.getGame(started.id))?.status).toBe('active');
    expect(h.lobbyUpdates.map((u) => u.change)).toEqual(['opened', 'opened', 'started', 'cancelled']);
  });

  it('never closes lobbies unless configured', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1');
    await h.clock.advance(24 * 60 * MINUTE);
    expect((await h.service.getGame(lobby.id))?.status).toBe('lobby');
    expect(h.clock.pendingCount()).toBe(0);
  });

  it('keeps the deadline across a restart, from the time stored in the database', async () => {
    const { dir, cleanup } = tempDir('hare-lobby-expiry-');
    const file = path.join(dir, 'hare.db');
    const clock = new FakeClock();
    try {
      h = await makeHarness({ file, clock, config: { lobbyIdleMs: IDLE } });
      const kept = await openGame(h, 'c1');
      await h.clock.advance(10 * MINUTE);
      const touched = await openGame(h, 'c2', { host: BOB });
      await h.dispose();
      await clock.advance(10 * MINUTE);

      h = await makeHarness({ file, clock, config: { lobbyIdleMs: IDLE } });
      // The first lobby's time ran out while the service was stopped: it closes at once.
      await h.clock.advance(0);
      expect(await h.service.getGame(kept.id)).toMatchObject({ status: 'cancelled', endedBy: LOBBY_EXPIRY });
      expect((await h.service.getGame(touched.id))?.status).toBe('lobby');
      await h.clock.advance(5 * MINUTE - 1);
      expect((await h.service.getGame(touched.id))?.status).toBe('lobby');
      await h.clock.advance(1);
      expect((await h.service.getGame(touched.id))?.status).toBe('cancelled');
    } finally {
      cleanup();
    }
  });

  it('gives a lobby touched by the bot (its message posted) the full idle time from then', async () => {
    h = await makeHarness({ config: { lobbyIdleMs: IDLE } });
    const lobby = await openGame(h, 'c1');
    await h.clock.advance(5 * MINUTE);
    await h.service.setBoardMessage(lobby.id, '999', h.clock.now());
    await h.clock.advance(IDLE - 1);
    expect((await h.service.getGame(lobby.id))?.status).toBe('lobby');
    await h.clock.advance(5 * MINUTE);
    expect((await h.service.getGame(lobby.id))?.status).toBe('cancelled');
  });
});
