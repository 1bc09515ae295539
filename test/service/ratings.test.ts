import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, GUILD, makeHarness, openGame, playToEnd, type Harness } from './helpers';

function allRatings(h: Harness): unknown[] {
  return h.store.db.prepare('SELECT * FROM ratings ORDER BY guild_id, game_key, player_id').all();
}

function allHistory(h: Harness): unknown[] {
  return h.store.db.prepare('SELECT * FROM rating_history ORDER BY game_id, player_id').all();
}

describe('ratings through the service', () => {
  let h: Harness;
  afterEach(() => {
    h.service.stop();
    h.store.close();
  });

  it('rates each finished game as it ends, and a rebuild from the games table gives the same figures', () => {
    h = makeHarness();
    for (let round = 0; round < 4; round++) {
      const lobby = openGame(h, `channel-${round}`, {
        turnLimit: 30,
        computerLevel: round % 2 ? 'novice' : 'advanced',
      });
      if (round % 2 === 0) h.service.join(lobby.id, BOB);
      h.service.startGame(lobby.id, ALICE.id);
      playToEnd(h, lobby.id);
      h.clock.advance(60_000);
    }
    const stopped = openGame(h, 'channel-stopped', { turnLimit: 30 });
    h.service.startGame(stopped.id, ALICE.id);
    h.service.endGame(stopped.id, ALICE.id, { moderator: false, name: ALICE.name });

    const live = allRatings(h);
    const liveHistory = allHistory(h);
    expect(h.service.rating(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 4 });
    expect(h.service.rating(GUILD, 'hare', BOB.id)).toMatchObject({ games: 2 });
    expect(h.service.rating(GUILD, 'hare', 'computer:advanced')?.games).toBe(2);
    expect(h.service.ratingHistory(GUILD, 'hare', ALICE.id)).toHaveLength(4);
    expect(
      h.service
        .ratingLeaderboard(GUILD, 'hare')
        .map((r) => r.playerId)
        .sort(),
    ).toEqual([ALICE.id, BOB.id].sort());

    expect(h.service.rebuildRatings()).toBe(4);
    expect(allRatings(h)).toEqual(live);
    expect(allHistory(h)).toEqual(liveHistory);
  });

  it('rates a player who left last, below the computers', () => {
    h = makeHarness();
    const lobby = openGame(h, 'channel-1', { turnLimit: 30, computerLevel: 'novice' });
    h.service.join(lobby.id, BOB);
    h.service.startGame(lobby.id, ALICE.id);
    h.service.leaveGame(lobby.id, BOB.id);
    playToEnd(h, lobby.id);
    const bob = h.service.rating(GUILD, 'hare', BOB.id)!;
    const novice = h.service.rating(GUILD, 'hare', 'computer:novice')!;
    expect(bob.games).toBe(1);
    expect(bob.mu).toBeLessThan(novice.mu);
    expect(bob.wins).toBe(0);
  });
});
