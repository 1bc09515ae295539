/**
 * Properties of every level over random positions reached by random play (both rule sets, 2–6 seats):
 * the chosen action is legal, the choice is a function of the state and the stream, the state is left
 * untouched, and the hidden order of the hare deck and the game's own generator are never looked at.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  legalActions,
  nextInt,
  seedRng,
  shuffleInPlace,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import {
  AI_LEVELS,
  chooseAction,
  type AiLevel,
  type AiOptions,
} from '../../../../src/games/hare/computer/index';

/** The advanced player's search, shortened so that a hundred positions stay quick. */
const QUICK: AiOptions = { advanced: { maxHorizon: 3 } };

interface Walk {
  rules: RulesName;
  seats: number;
  seed: string;
  plies: number;
  walkSeed: number;
}

const walkArbitrary: fc.Arbitrary<Walk> = fc.record({
  rules: fc.constantFrom<RulesName>('standard', 'classic'),
  seats: fc.integer({ min: 2, max: 6 }),
  seed: fc.string({ maxLength: 8 }),
  plies: fc.integer({ min: 0, max: 160 }),
  walkSeed: fc.integer(),
});

/** The position after up to `plies` uniformly random legal actions (the last one before the game ends). */
function positionAfter(walk: Walk): GameState {
  let state = createGame({ rules: walk.rules, seats: walk.seats, seed: walk.seed });
  const stream = seedRng(`walk ${walk.walkSeed}`);
  for (let ply = 0; ply < walk.plies; ply++) {
    const actions = legalActions(state);
    const next = applyAction(state, actions[nextInt(stream, actions.length)]!).state;
    if (next.over) break;
    state = next;
  }
  return state;
}

function checkLevel(level: AiLevel, options: AiOptions, runs: number): void {
  fc.assert(
    fc.property(walkArbitrary, fc.string({ maxLength: 8 }), (walk, aiSeed) => {
      const state = positionAfter(walk);
      const before = JSON.stringify(state);
      const stream = seedRng(aiSeed);
      const again = seedRng(aiSeed);
      const action = chooseAction(state, level, stream, options);
      expect(legalActions(state)).toContainEqual(action);
      expect(JSON.stringify(state)).toBe(before);
      expect(chooseAction(JSON.parse(before) as GameState, level, again, options)).toEqual(action);
      expect(again).toEqual(stream);
    }),
    { numRuns: runs },
  );
}

describe('every level chooses a legal action, deterministically, without changing the state', () => {
  for (const level of AI_LEVELS) {
    it(`${level}`, () => checkLevel(level, QUICK, level === 'advanced' ? 50 : 100));
  }

  it('advanced with its full search budget (fewer positions)', () => checkLevel('advanced', {}, 6));
});

describe('hidden information: the computer players never read the deck order or the game generator', () => {
  for (const level of ['intermediate', 'advanced'] as const) {
    it(`${level}: the same choice whatever the deck order and the game's generator state`, () => {
      fc.assert(
        fc.property(walkArbitrary, fc.string({ maxLength: 8 }), (walk, reshuffle) => {
          const state = positionAfter(walk);
          const disguised = structuredClone(state);
          shuffleInPlace(seedRng(reshuffle), disguised.deck);
          disguised.rng = seedRng(`other ${reshuffle}`);
          const action = chooseAction(state, level, seedRng('ai'), QUICK);
          expect(chooseAction(disguised, level, seedRng('ai'), QUICK)).toEqual(action);
        }),
        { numRuns: level === 'advanced' ? 40 : 120 },
      );
    });
  }
});
