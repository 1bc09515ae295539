/**
 * Greed's expert in the final round: every later seat plays its last turn for its own share of the win (a tie
 * shares it), counted exactly, rather than "reaching the leader's score is half a tie".
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/greed/computer/index';
import { finalChance, finalRoundChances } from '../../../src/games/greed/computer/expert';
import { FinalRound } from '../../../src/games/greed/computer/final-round';
import type { GameState } from '../../../src/games/greed/rules/types';
import { newGame } from './helpers';

function finalRound(scores: number[], current: number, turnTotal: number, diceInCup: number): GameState {
  const state = newGame(scores.length, {});
  return {
    ...state,
    scores,
    history: scores.map((score) => [score]),
    current,
    turnTotal,
    diceInCup,
    rolled: turnTotal > 0,
    finalRound: true,
  };
}

describe("the expert's final round", () => {
  it('gives a player 200 behind with one turn left 0.672 (the half-tie count gave 0.726)', () => {
    const state = finalRound([5000, 4800], 1, 0, 5);
    expect(1 - finalChance(state, 0, 5000)).toBeCloseTo(0.672, 3);
  });

  it('stops in a three-seat final round where stopping is worth 0.328 and rolling on 0.296', () => {
    // seat 0 reached 5000; seat 1 (4800) has a turn of 300 with two dice left; seat 2 (4900) plays last
    const state = finalRound([5000, 4800, 4900], 1, 300, 2);
    const chances = finalRoundChances(state);
    expect(chances.stop).toBeCloseTo(0.328, 3);
    expect(chances.roll).toBeCloseTo(0.296, 3);
    expect(chooseAction(state, 'expert')).toEqual({ type: 'stop' });
  });

  it('counts a tie of three as a third of the win for each', () => {
    // nobody after: the seat's share is exactly what the scores give
    const round = new FinalRound({ dice: 5, faces: 6, entry: 300 }, [5000, 5000, 5000], 180);
    expect(round.shareOf(3, 5000, 5000, 2)).toBeCloseTo(1 / 3, 12);
    expect(round.shareOf(3, 5050, 5000, 2)).toBe(1);
    expect(round.shareOf(3, 4950, 5000, 2)).toBe(0);
  });

  it('makes the shares of all seats add up to one', () => {
    // seat 0 ended on 5200; seats 1 and 2 (2000 and not entered) play one turn each
    const round = new FinalRound({ dice: 5, faces: 6, entry: 300 }, [5200, 2000, 0], 184);
    const first = round.shareOf(1, 5200, -1, 0);
    const state = finalRound([5200, 2000, 0], 1, 0, 5);
    expect(first).toBeGreaterThan(0.5);
    expect(first).toBeLessThan(1);
    expect(finalChance(state, 0, 5200)).toBeCloseTo(first, 12);
  });
});
