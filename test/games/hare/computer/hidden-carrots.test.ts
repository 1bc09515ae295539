/**
 * The computers choose from their own view of a standard race, where the other runners' carrots are hidden:
 * a hidden rival is taken to hold the count that serves it best, and a hidden count as above 0.
 */
import { describe, expect, it } from 'vitest';
import { hareContextAt, middlingTable, seatRounds } from '../../../../src/games/hare/computer/outlook';
import { hareModule } from '../../../../src/games/hare/index';
import { HIDDEN_CARROTS, type GameState } from '../../../../src/games/hare/rules/index';
import { nextInt, seedRng } from '../../../../src/games/kit/random';

function raceAfter(moves: number, seed: string): GameState {
  const rng = seedRng(seed);
  let state = hareModule.rules.create({ seats: 4, seed, options: { rules: 'standard' } });
  for (let move = 0; move < moves && !state.over; move++) {
    const legal = hareModule.rules.legalActions(state);
    state = hareModule.rules.apply(state, legal[nextInt(rng, legal.length)]!).state;
  }
  return state;
}

describe('a computer’s view of the other runners', () => {
  it('estimates a hidden rival never slower than it really is', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const state = raceAfter(30, `hidden:${seed}`);
      const view = hareModule.rules.observe(state, state.current);
      const table = middlingTable(state);
      state.seats.forEach((seat, index) => {
        if (index === state.current || seat.place !== null) return;
        expect(view.seats[index]!.carrots).toBe(HIDDEN_CARROTS);
        const seen = seatRounds(view, index, table);
        expect(Number.isFinite(seen)).toBe(true);
        expect(seen).toBeLessThanOrEqual(seatRounds(state, index, table));
      });
    }
  });

  it('counts every unfinished rival as holding carrots when their counts are hidden', () => {
    const state = raceAfter(20, 'hidden:shuffle');
    const broke = {
      ...state,
      seats: state.seats.map((seat, index) => (index === state.current ? seat : { ...seat, carrots: 0 })),
    };
    const square = state.seats[state.current]!.position;
    expect(hareContextAt(broke, state.current, square).othersWithCarrots).toBe(0);
    const view = hareModule.rules.observe(broke, broke.current);
    const rivals = state.seats.filter((seat, index) => index !== state.current && seat.place === null).length;
    expect(hareContextAt(view, state.current, square).othersWithCarrots).toBe(rivals);
  });
});
