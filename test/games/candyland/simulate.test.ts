import { describe, expect, it } from 'vitest';
import { createGame } from '../../../src/games/candyland/rules/game';
import { gameSeed, simulate, simulateGame } from '../../../src/games/candyland/simulate';
import { nextInt, seedRng, shuffleInPlace, type RngState } from '../../../src/games/kit/random';
import { playToEnd } from './helpers';
import { trackLetters } from './rules-table';

describe('the simulator', () => {
  it('plays every seed exactly as the engine does (winner, rounds, draws)', () => {
    for (const seats of [2, 3, 4]) {
      for (let game = 0; game < 300; game++) {
        const seed = gameSeed(`equal-${seats}`, game);
        const end = playToEnd(createGame({ seats, seed }));
        expect(simulateGame(seats, seed), seed).toEqual({
          winner: end.winner,
          rounds: end.round + 1,
          draws: end.draws,
        });
      }
    }
  });

  it('aggregates exactly the engine games of its seeds', () => {
    const games = 250;
    const histogram: number[] = [];
    const wins = [0, 0, 0, 0];
    let draws = 0;
    for (let game = 0; game < games; game++) {
      const end = playToEnd(createGame({ seats: 4, seed: gameSeed('aggregate', game) }));
      const rounds = end.round + 1;
      while (histogram.length <= rounds) histogram.push(0);
      histogram[rounds]!++;
      wins[end.winner as number]!++;
      draws += end.draws;
    }
    const result = simulate({ seats: 4, games, seed: 'aggregate' });
    expect(result.rounds.histogram).toEqual(histogram);
    expect(result.winsBySeat).toEqual(wins.map((w) => w / games));
    expect(result.draws.mean).toBeCloseTo(draws / games, 10);
  });

  it('sums its histogram to the games and its shares to one', () => {
    const result = simulate({ seats: 3, games: 2000, seed: 'sums' });
    expect(result.rounds.histogram.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(result.rounds.histogram.at(-1)).toBeGreaterThan(0);
    expect(result.rounds.histogram).toHaveLength(result.rounds.max + 1);
    expect(result.winsBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(simulate({ seats: 3, games: 2000, seed: 'sums' })).toEqual(result);
  });

  it('refuses bad arguments', () => {
    expect(() => simulate({ seats: 1, games: 10, seed: 's' })).toThrow(/seats/);
    expect(() => simulate({ seats: 4, games: 0, seed: 's' })).toThrow(/games/);
    expect(() => simulate({ seats: 4, games: 1.5, seed: 's' })).toThrow(/games/);
  });

  // Bands derived from 200,000 games per seat count (mean rounds 15.93 / 13.00 / 11.35, standard deviations
  // 7.5 / 5.7 / 4.7): 20,000 games put the mean within ±0.06 (one standard error), so ±0.3 cannot fail by chance.
  it.each([
    [2, 15.93, [0.49, 0.53]],
    [3, 13.0, [0.325, 0.36]],
    [4, 11.35, [0.245, 0.28]],
  ] as const)('gives plausible figures for %i seats on a fixed seed', (seats, meanRounds, firstShare) => {
    const result = simulate({ seats, games: 20_000, seed: 'bands' });
    expect(Math.abs(result.rounds.mean - meanRounds)).toBeLessThan(0.3);
    expect(result.winsBySeat[0]).toBeGreaterThan(firstShare[0]);
    expect(result.winsBySeat[0]).toBeLessThan(firstShare[1]);
    for (const share of result.winsBySeat) expect(Math.abs(share - 1 / seats)).toBeLessThan(0.04);
    expect(result.winsBySeat[0]).toBeGreaterThan(result.winsBySeat[seats - 1] as number);
  });
});

/** An independent, naive implementation of the rules file, written from its table alone. */
const LETTERS = trackLetters();
const PICTURE_AT = [9, 20, 42, 69, 92, 102, 117];

function naiveGame(seats: number, rng: RngState): { rounds: number; winner: number } {
  const deck: string[] = [];
  const add = (card: string, copies: number): void => {
    for (let i = 0; i < copies; i++) deck.push(card);
  };
  for (const c of 'ROYGB') add(`1${c}`, 6);
  add('1P', 5);
  for (const c of 'ROYP') add(`2${c}`, 4);
  add('2G', 3);
  add('2B', 3);
  for (const space of PICTURE_AT) add(`@${space}`, 1);
  let pile = [...deck];
  shuffleInPlace(rng, pile);
  let discard: string[] = [];
  const at = new Array<number>(seats).fill(0);
  const skip = new Array<boolean>(seats).fill(false);
  for (let round = 1; ; round++) {
    for (let seat = 0; seat < seats; seat++) {
      if (skip[seat]) {
        skip[seat] = false;
        continue;
      }
      if (pile.length === 0) {
        pile = discard;
        discard = [];
        shuffleInPlace(rng, pile);
      }
      const card = pile.pop() as string;
      discard.push(card);
      let to: number;
      if (card[0] === '@') to = Number(card.slice(1));
      else {
        let left = Number(card[0]);
        to = 133;
        for (let s = (at[seat] as number) + 1; s < 133; s++)
          if (LETTERS[s - 1] === card[1] && --left === 0) {
            to = s;
            break;
          }
        if (to === 4) to = 60;
        else if (to === 29) to = 41;
      }
      at[seat] = to;
      if (to === 133) return { rounds: round, winner: seat };
      if (to === 45 || to === 76) skip[seat] = true;
    }
  }
}

describe('an independent implementation', () => {
  it('agrees with the simulator within sampling error', () => {
    const games = 20_000;
    const rng = seedRng('independent');
    let rounds = 0;
    let firstWins = 0;
    for (let i = 0; i < games; i++) {
      const game = naiveGame(4, rng);
      rounds += game.rounds;
      if (game.winner === 0) firstWins++;
      nextInt(rng, 2);
    }
    const ours = simulate({ seats: 4, games, seed: 'other' });
    const standardError = Math.sqrt((2 * 4.7 ** 2) / games);
    expect(Math.abs(rounds / games - ours.rounds.mean)).toBeLessThan(5 * standardError);
    expect(Math.abs(firstWins / games - (ours.winsBySeat[0] as number))).toBeLessThan(0.025);
  });
});
