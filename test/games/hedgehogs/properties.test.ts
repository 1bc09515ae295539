/** Random games: every rule holds at every step, games end, the hedgehog count never changes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import {
  COLUMNS,
  ROWS,
  applyAction,
  createGame,
  isMovable,
  legalActions,
} from '../../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';
import { seedRng } from '../../../src/games/kit/random';

function hedgehogCount(state: GameState): number[] {
  const counts = new Array<number>(state.seats).fill(0);
  for (const row of state.stacks) for (const stack of row) for (const seat of stack) counts[seat]! += 1;
  return counts;
}

describe('random games', () => {
  it('keep the rules at every step and end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.string(),
        fc.constantFrom('published', 'random'),
        fc.constantFrom('novice', 'advanced'),
        (seats, seed, obstacles, level) => {
          const rng = seedRng(`ai:${seed}`);
          let state = createGame({ seats, seed, options: { obstacles: obstacles as 'published' } });
          for (let step = 0; step < 5000 && state.phase !== 'over'; step++) {
            const legal = legalActions(state);
            expect(legal.length).toBeGreaterThan(0);
            const action = chooseAction(state, level, rng);
            expect(legal).toContainEqual(action);
            const before = JSON.stringify(state);
            const after = applyAction(state, action).state;
            expect(JSON.stringify(state)).toBe(before);
            if (action.type === 'forward') expect(isMovable(state, action.row, action.col)).toBe(true);
            state = after;
            if (state.placed === seats * 4) expect(hedgehogCount(state)).toEqual(new Array(seats).fill(4));
          }
          expect(state.phase).toBe('over');
          expect(state.stacks).toHaveLength(ROWS);
          expect(state.stacks.every((row) => row.length === COLUMNS)).toBe(true);
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('are the same from the same seed and choices', () => {
    const play = () => {
      const rng = seedRng('same');
      let state = createGame({ seats: 3, seed: 'same' });
      while (state.phase !== 'over') state = applyAction(state, chooseAction(state, 'novice', rng)).state;
      return state;
    };
    expect(play()).toEqual(play());
  });
});
