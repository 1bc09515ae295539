/** Properties over random games: scores never fall, dice stay in range, the turn order holds, JSON states. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedModule } from '../../../src/games/greed/index';
import type { GameState } from '../../../src/games/greed/rules/types';
import { nextInt, seedRng } from '../../../src/games/kit/random';

const { rules } = greedModule;

/**
 * Steps a random game may take before it counts as never ending. Choices made at random take long to enter a game
 * whose entry asks for 950 points in one turn of 3 dice with 9 faces: one such game ended at step 5,124.
 */
const MAX_STEPS = 100_000;

function randomGame(seats: number, seed: string, options: Record<string, number>): GameState[] {
  const rng = seedRng(`choices:${seed}`);
  let state = rules.create({ seats, seed, options });
  const states = [state];
  for (let step = 0; step < MAX_STEPS && !rules.isOver(state); step++) {
    const actions = rules.legalActions(state);
    state = rules.apply(state, actions[nextInt(rng, actions.length)]!).state;
    states.push(state);
  }
  return states;
}

describe('random games', () => {
  it('keep every rule of the game at every step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.string(),
        fc.record({
          dice: fc.integer({ min: 3, max: 8 }),
          faces: fc.integer({ min: 4, max: 12 }),
          entry: fc.integer({ min: 0, max: 20 }).map((n) => n * 50),
          target: fc.integer({ min: 20, max: 60 }).map((n) => n * 50),
        }),
        (seats, seed, options) => {
          const states = randomGame(seats, seed, options);
          const last = states.at(-1)!;
          expect(last.over).toBe(true);
          for (let i = 1; i < states.length; i++) {
            const before = states[i - 1]!;
            const after = states[i]!;
            after.scores.forEach((score, seat) => expect(score).toBeGreaterThanOrEqual(before.scores[seat]!));
            expect(after.diceInCup).toBeGreaterThanOrEqual(1);
            expect(after.diceInCup).toBeLessThanOrEqual(options.dice);
            if (after.lastRoll)
              expect(after.lastRoll.dice.every((d) => d >= 1 && d <= options.faces)).toBe(true);
            expect(after.turnTotal % 50).toBe(0);
          }
          last.history.forEach((turns) => {
            for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThanOrEqual(turns[i - 1]!);
          });
          const turns = last.tallies.map((tally) => tally.turns);
          expect(Math.max(...turns) - Math.min(...turns)).toBe(0);
          expect(Math.max(...last.scores)).toBeGreaterThanOrEqual(options.target);
          expect(JSON.parse(JSON.stringify(last))).toEqual(last);
        },
      ),
      // The game a full run found ending after 5,124 steps.
      { numRuns: 60, examples: [[2, ',AL=b$($D', { dice: 3, faces: 9, entry: 950, target: 1000 }]] },
    );
  });
});
