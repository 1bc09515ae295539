import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, GUILD, makeHarness, openGame, playToEnd, type Harness } from './helpers';

function allRatings(h: Harness): Promise<unknown[]> {
  return h.sql('SELECT * FROM ratings ORDER BY guild_id, game_key, player_id');
}

function allHistory(h: Harness): Promise<unknown[]> {
  return h.sql('SELECT * FROM rating_history ORDER BY game_id, player_id');
}

describe('ratings through the service', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('rates each finished game as it ends, and a rebuild from the games table gives the same figures', async () => {
    h = await makeHarness();
    for (let round = 0; round < 4; round++) {
      const lobby = await openGame(h, `channel-${round}`, {
        turnLimit: 30,
        computerLevel: round % 2 ? 'novice' : 'advanced',
      });
      if (round % 2 === 0) await h.service.join(lobby.id, BOB);
      await h.service.startGame(lobby.id, ALICE.id);
      await playToEnd(h, lobby.id);
      await h.clock.advance(60_000);
    }
    // Stopped by a moderator who is not playing: rated for nobody.
    const stopped = await openGame(h, 'channel-stopped', { turnLimit: 30 });
    await h.service.startGame(stopped.id, ALICE.id);
    await h.service.endGame(stopped.id, CAROL.id, { moderator: true, name: CAROL.name });
    // Stopped by its host, who is playing: the host's forfeit, rated (and rebuilt) like a finished game.
    await h.clock.advance(60_000);
    const forfeit = await openGame(h, 'channel-forfeit', { turnLimit: 30, computerLevel: 'advanced' });
    await h.service.startGame(forfeit.id, ALICE.id);
    await h.service.endGame(forfeit.id, ALICE.id, { name: ALICE.name });

    const live = await allRatings(h);
    const liveHistory = await allHistory(h);
    expect(await h.service.rating(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 5 });
    expect(await h.service.rating(GUILD, 'hare', BOB.id)).toMatchObject({ games: 2 });
    expect((await h.service.rating(GUILD, 'hare', 'computer:advanced'))?.games).toBe(3);
    expect(await h.service.ratingHistory(GUILD, 'hare', ALICE.id)).toHaveLength(5);
    expect((await h.service.ratingLeaderboard(GUILD, 'hare')).map((r) => r.playerId).sort()).toEqual(
      [ALICE.id, BOB.id].sort(),
    );

    expect(await h.service.rebuildRatings()).toBe(5);
    expect(await allRatings(h)).toEqual(live);
    expect(await allHistory(h)).toEqual(liveHistory);
  });

  it('rates a player who left last, below the computers', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'channel-1', { turnLimit: 30, computerLevel: 'novice' });
    await h.service.join(lobby.id, BOB);
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.leaveGame(lobby.id, BOB.id);
    await playToEnd(h, lobby.id);
    const bob = (await h.service.rating(GUILD, 'hare', BOB.id))!;
    const novice = (await h.service.rating(GUILD, 'hare', 'computer:novice'))!;
    expect(bob.games).toBe(1);
    expect(bob.mu).toBeLessThan(novice.mu);
    expect(bob.wins).toBe(0);
  });
});
