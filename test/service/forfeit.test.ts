/**
 * `/end` of a running game: by a person seated in it, it is their forfeit (placed last, the others as they stood
 * by the game's standings, counted in the statistics and ratings, and again by a rebuild); by a moderator who is
 * not playing, it counts for nobody. On either engine (the sqlite and postgres projects).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hare/rules/index';
import { ALICE, BOB, CAROL, GUILD, makeHarness, openGame, type Harness } from './helpers';

/** A move of the seat to act to the square `pick` chooses among its legal moves. */
async function moveTo(h: Harness, gameId: string, userId: string, pick: (squares: number[]) => number) {
  const game = (await h.service.getGame(gameId))!;
  const legal = h.service.games.require('hare').rules.legalActions(game.state) as {
    type: string;
    to?: number;
  }[];
  const squares = legal.filter((a) => a.type === 'move' && a.to !== undefined).map((a) => a.to!);
  await h.service.act(gameId, userId, { type: 'move', to: pick(squares) }, game.version);
}

/** Alice (the host), Bob and Carol race; Alice moves farthest, Bob least, Carol between: Alice leads. */
async function raceOfThree(h: Harness, channel = 'c1'): Promise<string> {
  const lobby = await openGame(h, channel, { seats: 3, computerLevel: 'novice' });
  await h.service.join(lobby.id, BOB);
  await h.service.join(lobby.id, CAROL);
  await h.service.startGame(lobby.id, ALICE.id);
  await moveTo(h, lobby.id, ALICE.id, (squares) => Math.max(...squares));
  await moveTo(h, lobby.id, BOB.id, (squares) => Math.min(...squares));
  const alice = (await h.service.getGame(lobby.id))!.state as GameState;
  const bob = (await h.service.getGame(lobby.id))!.state as GameState;
  await moveTo(h, lobby.id, CAROL.id, (squares) => {
    const between = squares.filter((s) => s > bob.seats[1]!.position && s < alice.seats[0]!.position);
    return between[0] ?? Math.min(...squares);
  });
  return lobby.id;
}

describe('ending a running game', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it("by the host, who is playing: the host's forfeit, placed last, the others as they stood, and counted", async () => {
    h = await makeHarness();
    const id = await raceOfThree(h);
    const before = (await h.service.getGame(id))!;
    const standings = h.service.games.require('hare').rules.standings(before.state);
    const place = (seat: number) => standings.find((s) => s.seat === seat)!.place;
    expect(place(0)).toBe(1);
    expect(place(2)).toBeLessThan(place(1));

    const update = await h.service.endGame(id, ALICE.id, { name: ALICE.name });
    expect(update.game).toMatchObject({ status: 'finished', endReason: 'ended', forfeit: true });
    expect(update.lines).toEqual(['Alice forfeited by ending the game']);
    expect(update.placings?.map((p) => [p.place, p.userId])).toEqual([
      [1, CAROL.id],
      [2, BOB.id],
      [3, ALICE.id],
    ]);
    expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 1, wins: 0, placeSum: 3 });
    expect(await h.service.stats(GUILD, 'hare', CAROL.id)).toMatchObject({ games: 1, wins: 1, placeSum: 1 });
    expect(await h.service.stats(GUILD, 'hare', BOB.id)).toMatchObject({ games: 1, wins: 0, placeSum: 2 });
    const rating = async (userId: string) => (await h.service.rating(GUILD, 'hare', userId))!;
    const [alice, bob, carol] = [await rating(ALICE.id), await rating(BOB.id), await rating(CAROL.id)];
    expect(carol.mu).toBeGreaterThan(bob.mu);
    expect(bob.mu).toBeGreaterThan(alice.mu);
    expect(alice.games).toBe(1);

    // Read back from the games table, the game is the same forfeit: a rebuild rates it the same way.
    expect((await h.service.getGame(id))!.forfeit).toBe(true);
    expect(await h.service.rebuildRatings()).toBe(1);
    expect(await rating(ALICE.id)).toEqual(alice);
    expect(await rating(CAROL.id)).toEqual(carol);
    expect((await h.service.replayCheck(id)).ok).toBe(true);
  });

  it('by a moderator who is playing: their own forfeit', async () => {
    h = await makeHarness();
    const id = await raceOfThree(h);
    const update = await h.service.endGame(id, BOB.id, { moderator: true, name: BOB.name });
    expect(update.game.forfeit).toBe(true);
    expect(update.lines).toEqual(['Bob forfeited by ending the game']);
    expect(update.placings?.map((p) => p.userId)).toEqual([ALICE.id, CAROL.id, BOB.id]);
    expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 1, wins: 1 });
    expect(await h.service.stats(GUILD, 'hare', BOB.id)).toMatchObject({ games: 1, wins: 0, placeSum: 3 });
  });

  it('by a moderator who is not playing: counts for nobody, and a rebuild rates nobody either', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'c1', { computerLevel: 'novice' });
    await h.service.join(lobby.id, BOB);
    await h.service.startGame(lobby.id, ALICE.id);
    await moveTo(h, lobby.id, ALICE.id, (squares) => Math.max(...squares));
    const update = await h.service.endGame(lobby.id, CAROL.id, { moderator: true, name: CAROL.name });
    expect(update.game).toMatchObject({ status: 'finished', endReason: 'ended', forfeit: false });
    expect(update.lines).toEqual([
      'Stopped by Carol before the end: no winner, and the game counts for nobody',
    ]);
    expect(update.placings?.[0]).toMatchObject({ place: 1, userId: ALICE.id });
    for (const player of [ALICE, BOB, CAROL]) {
      expect(await h.service.stats(GUILD, 'hare', player.id)).toBeNull();
      expect(await h.service.rating(GUILD, 'hare', player.id)).toBeNull();
    }
    expect(await h.service.rebuildRatings()).toBe(0);
    expect(await h.service.rating(GUILD, 'hare', ALICE.id)).toBeNull();
  });

  it('by the host who left the game earlier: still their forfeit, below everyone who stayed', async () => {
    h = await makeHarness();
    const id = await raceOfThree(h);
    await h.service.leaveGame(id, ALICE.id);
    const update = await h.service.endGame(id, ALICE.id, { name: ALICE.name });
    expect(update.game.forfeit).toBe(true);
    expect(update.placings?.at(-1)?.userId).toBe(ALICE.id);
    expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toMatchObject({ games: 1, wins: 0 });
    expect(await h.service.stats(GUILD, 'hare', CAROL.id)).toMatchObject({ games: 1, wins: 1 });
  });
});
