/** Decisions of the intermediate and advanced players in positions whose best move is known. */
import { describe, expect, it } from 'vitest';
import { raceRank, seedRng } from '../../../../src/games/hare/rules/index';
import { chooseAction } from '../../../../src/games/hare/computer/index';
import { forecastFor } from '../../../../src/games/hare/computer/forecast';
import { fixture } from './fixtures';

const thinkers = ['intermediate', 'advanced'] as const;

describe('endgame', () => {
  for (const level of thinkers) {
    it(`${level} finishes when it can`, () => {
      const state = fixture('standard', [
        { position: 60, carrots: 10, lettuces: 0 },
        { position: 40 },
        { position: 45 },
      ]);
      expect(chooseAction(state, level, seedRng('x'))).toEqual({ type: 'move', to: 64 });
    });

    it(`${level} pays 10 on square 61 holding 25 carrots: finishing first needs 10 or fewer`, () => {
      const state = fixture('standard', [
        { position: 61, carrots: 25, lettuces: 0 },
        { position: 40 },
        { position: 45 },
      ]);
      expect(chooseAction(state, level, seedRng('x'))).toEqual({ type: 'carrots', amount: -10 });
    });

    it(`${level} finishes second at once: the limit has risen to 20`, () => {
      const state = fixture('standard', [
        { position: 61, carrots: 25, lettuces: 0 },
        { position: 64, place: 1 },
        { position: 45 },
      ]);
      expect(chooseAction(state, level, seedRng('x'))).toEqual({ type: 'move', to: 64 });
    });

    it(`${level} heads for a lettuce square when it still holds a lettuce near the end`, () => {
      const state = fixture('standard', [
        { position: 52, carrots: 40, lettuces: 1 },
        { position: 30 },
        { position: 35 },
      ]);
      expect(chooseAction(state, level, seedRng('x'))).toEqual({ type: 'move', to: 57 });
    });
  }
});

describe('planning ahead', () => {
  it('advanced goes back to tortoise 43 first: from 50 with 60 carrots and a lettuce, the direct way is slower', () => {
    // Direct: 57 (32 left), eat as leader (+10 = 42), then too many carrots to finish: 6 turns at best.
    // Back: 43 (+70 = 130), 57 (25 left), eat (+10 = 35), finish (28, 7 left): 4 turns.
    const state = fixture('standard', [
      { position: 50, carrots: 60, lettuces: 1 },
      { position: 30 },
      { position: 35 },
    ]);
    expect(chooseAction(state, 'advanced', seedRng('x'))).toEqual({ type: 'move', to: 43 });
  });
});

describe('the forecast of race positions', () => {
  it('is exact for the move being chosen, and a distribution later', () => {
    const state = fixture('standard', [
      { position: 20, carrots: 40, lettuces: 2 },
      { position: 25 },
      { position: 12 },
      { position: 30 },
    ]);
    const forecast = forecastFor(state, 6);
    const now = forecast.rankChances(0, 20);
    expect(now[raceRank(state, 0)]).toBe(1);
    for (let move = 0; move <= 6; move++) {
      for (const square of [0, 20, 40, 63]) {
        const chances = Array.from(forecast.rankChances(move, square));
        expect(chances.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 9);
      }
    }
    const expectedRank = (move: number, square: number) =>
      Array.from(forecast.rankChances(move, square)).reduce((sum, chance, rank) => sum + chance * rank, 0);
    expect(expectedRank(4, 20)).toBeGreaterThan(expectedRank(0, 20));
  });

  it('values finishing sooner more', () => {
    const state = fixture('standard', [
      { position: 40, carrots: 40, lettuces: 0 },
      { position: 30 },
      { position: 35 },
    ]);
    const forecast = forecastFor(state, 10);
    for (let move = 0; move < 10; move++)
      expect(forecast.finishWorth(move)).toBeGreaterThan(forecast.finishWorth(move + 1));
  });
});
