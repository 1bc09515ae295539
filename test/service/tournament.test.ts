/**
 * Tournaments in the service (src/service/tournament.ts): every game is a stored game of computers played to its
 * end at once, one after another in the tournament's channel, replayable and verifiable; the standings follow
 * the results; a plan that cannot be played is refused in the players' words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { TournamentHost } from '../../src/service/tournament';
import { MAX_GAMES, tournamentSize, type TournamentPlan } from '../../src/service/tournament-plan';
import type { TournamentProgress } from '../../src/service/tournament-progress';
import { MAX_RUNNING, Tournaments } from '../../src/service/tournaments';
import { ALICE, GUILD, expectRefused, makeHarness, type Harness } from './helpers';

let h: Harness;
afterEach(() => h.dispose());

function plan(change: Partial<TournamentPlan> = {}): TournamentPlan {
  return {
    guildId: GUILD,
    channelId: 'thread-1',
    host: ALICE,
    game: 'greed',
    entrants: ['cautious', 'steady', 'greedy', 'expert'].map((level) => ({
      kind: 'builtin',
      level,
      name: level,
    })),
    format: 'round-robin',
    gamesPerPairing: 1,
    language: 'en',
    ...change,
  };
}

/** Runs the tournament on the harness's fake clock to its end. */
async function play(
  given: TournamentPlan,
): Promise<{ final: TournamentProgress; seen: TournamentProgress[] }> {
  const seen: TournamentProgress[] = [];
  const { done } = h.service.tournaments.start(given, (progress) => seen.push(progress));
  let final: TournamentProgress | null = null;
  void done.then((progress) => (final = progress));
  for (let step = 0; final === null && step < 200_000; step++)
    if (!(await h.clock.runNext())) await new Promise((resolve) => setImmediate(resolve));
  if (!final) throw new Error('the tournament did not end');
  return { final, seen };
}

describe('tournaments', () => {
  it(
    'plays a round robin of stored games, each finished, replayable and verifiable',
    { timeout: 60_000 },
    async () => {
      h = await makeHarness();
      const { final, seen } = await play(plan({ gamesPerPairing: 2 }));
      expect(final.status).toBe('finished');
      expect(final.total).toBe(12);
      expect(final.games).toHaveLength(12);
      expect(seen.map((progress) => progress.played)).toEqual([
        ...Array.from({ length: 12 }, (_, i) => i + 1),
        12,
      ]);
      // Every pairing twice, the seat order swapped.
      const orders = final.games.map((game) => game.seats.join('-'));
      expect(new Set(orders).size).toBe(12);
      for (const game of final.games) {
        const stored = await h.service.getGame(game.id);
        expect(stored?.status).toBe('finished');
        expect(stored?.channelId).toBe('thread-1');
        expect(stored?.options.tournament).toBe(final.id);
        expect(stored?.seats.map((seat) => seat.name)).toEqual(
          game.seats.map((n) => plan().entrants[n]!.name),
        );
        expect(await h.service.replayCheck(game.id)).toMatchObject({ ok: true });
        expect((await h.service.verifyGame(game.id)).ok).toBe(true);
      }
      const points = final.standings.map((standing) => standing.points);
      expect(points.reduce((sum, p) => sum + p, 0)).toBeCloseTo(12);
      expect(points).toEqual([...points].sort((a, b) => b - a));
      expect(final.standings.every((standing) => standing.games === 6)).toBe(true);
      expect(final.report.ratingHistory.every((series) => series.length === 13)).toBe(true);
      // Nothing owed to the channel after a restart: the summaries count as posted.
      expect(await h.service.gamesAwaitingSummary()).toEqual([]);
    },
  );

  it('pairs a Swiss tournament round by round, a bye for the odd one out', { timeout: 60_000 }, async () => {
    h = await makeHarness();
    const entrants = ['novice', 'advanced', 'novice', 'advanced', 'novice'].map((level, i) => ({
      kind: 'builtin' as const,
      level,
      name: `${level} ${i + 1}`,
    }));
    const { final } = await play(plan({ game: 'hedgehogs', entrants, format: 'swiss' }));
    expect(tournamentSize(5, 'swiss', 1)).toEqual({ rounds: 3, games: 6 });
    expect(final.status).toBe('finished');
    expect(final.games.map((game) => game.round)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(final.standings.reduce((sum, s) => sum + s.byes, 0)).toBe(3);
    const pairs = final.games.map((game) => [...game.seats].sort().join('-'));
    expect(new Set(pairs).size).toBe(6);
  });

  it('stops at a game it cannot open, keeping the games played', { timeout: 60_000 }, async () => {
    h = await makeHarness();
    let opened = 0;
    const service = h.service;
    const host: TournamentHost = {
      games: service.games,
      openLobby: (input) =>
        ++opened === 2 ? Promise.reject(new Error('the channel is busy')) : service.openLobby(input),
      startGame: (gameId, userId) => service.startGame(gameId, userId),
      cancel: (gameId, userId, flags) => service.cancel(gameId, userId, flags),
      on: (event, listener) => service.on(event, listener),
      markSummaryPosted: (gameId) => service.markSummaryPosted(gameId),
    };
    const { tournament, done } = new Tournaments(host).start(plan());
    let final: TournamentProgress | null = null;
    void done.then((progress) => (final = progress));
    while (final === null) if (!(await h.clock.runNext())) await new Promise((r) => setImmediate(r));
    expect(final).toMatchObject({ status: 'stopped', stoppedBecause: 'failed', played: 1, total: 6 });
    expect(String(tournament.failure)).toMatch(/busy/);
  });

  it('cancels a game over its time and stops', { timeout: 60_000 }, async () => {
    h = await makeHarness();
    // The fake clock is never moved: the first game cannot end, and its time (here 200 ms) runs out.
    const { done } = h.service.tournaments.start(plan(), undefined, 200);
    const final = await done;
    expect(final).toMatchObject({ status: 'stopped', stoppedBecause: 'timeout', played: 0 });
    const cancelled = await h.service.latestGameInChannel('thread-1', 'greed');
    expect(cancelled?.status).toBe('cancelled');
    // The next tournament may start: the server has none running.
    expect(h.service.tournaments.runningIn(GUILD)).toBeNull();
  });

  it(
    'plays at most MAX_RUNNING tournaments at once in a process, one per server',
    { timeout: 30_000 },
    async () => {
      h = await makeHarness();
      const tournaments = h.service.tournaments;
      // The fake clock is never moved: each tournament waits on its first game until its time (1 s) runs out.
      const started = Array.from({ length: MAX_RUNNING }, (_, i) =>
        tournaments.start(plan({ guildId: `guild-${i}`, channelId: `thread-${i}` }), undefined, 1000),
      );
      expect(() => tournaments.check(plan({ guildId: 'guild-0' }))).toThrow(
        expect.objectContaining({ code: 'invalid_option' }),
      );
      expect(() => tournaments.check(plan({ guildId: 'guild-0' }))).toThrow(/already running on this server/);
      expect(() => tournaments.check(plan({ guildId: 'another' }))).toThrow(
        new RegExp(`${MAX_RUNNING} tournaments are running on other servers already`),
      );
      await Promise.all(started.map(({ done }) => done));
      expect(() => tournaments.check(plan({ guildId: 'another' }))).not.toThrow();
    },
  );

  it('refuses a plan it cannot play, in the players’ words', async () => {
    h = await makeHarness();
    const tournaments = h.service.tournaments;
    const one = plan({ entrants: plan().entrants.slice(0, 1) });
    await expectRefused(h, 'invalid_option', () => tournaments.check(one));
    expect(() => tournaments.check(one)).toThrow(/at least two/);
    const many = Array.from({ length: 12 }, (_, i) => ({
      kind: 'builtin' as const,
      level: 'steady',
      name: `s${i}`,
    }));
    expect(() => tournaments.check(plan({ entrants: many }))).toThrow(new RegExp(`66 games.*${MAX_GAMES}`));
    expect(() => tournaments.check(plan({ entrants: many, format: 'swiss' }))).not.toThrow();
    expect(() => tournaments.check(plan({ gamesPerPairing: 11 }))).toThrow(/1 to 10/);
    const bad = plan({ entrants: [...plan().entrants, { kind: 'builtin', level: 'wild', name: 'wild' }] });
    expect(() => tournaments.check(bad)).toThrow(/wild/);
    expect(GAMES.get('greed')).toBeDefined();
  });
});
