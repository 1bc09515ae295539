import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  explainTarget,
  FINISH,
  forfeitTurn,
  IllegalActionError,
  isStuck,
  legalActions,
  nextInt,
  seedRng,
  type Action,
  type GameEvent,
  type GameState,
  type RngState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import { deepFreeze } from './helpers';
import { mixedChoice } from './players';

interface GameSpec {
  rules: RulesName;
  seats: number;
  seed: string;
  chooserSeed: string;
  turnLimit: number;
}

const gameSpec: fc.Arbitrary<GameSpec> = fc.record({
  rules: fc.constantFrom<RulesName>('standard', 'classic'),
  seats: fc.integer({ min: 2, max: 6 }),
  seed: fc.string({ maxLength: 10 }),
  chooserSeed: fc.string({ maxLength: 10 }),
  turnLimit: fc.integer({ min: 3, max: 30 }),
});

const RUNS = 40;

/** A decision of the random player: an action, or (now and then) letting the clock run out. */
type Step = { kind: 'act'; action: Action } | { kind: 'forfeit' };

interface Playout {
  states: GameState[];
  steps: Step[];
  events: GameEvent[][];
}

function chooseStep(state: GameState, chooser: RngState): Step {
  if (nextInt(chooser, 20) === 0) return { kind: 'forfeit' };
  return { kind: 'act', action: mixedChoice(state, chooser) };
}

function applyStep(state: GameState, step: Step) {
  return step.kind === 'act' ? applyAction(state, step.action) : forfeitTurn(state);
}

/** Plays random legal actions until the game ends; the turn limit must end it within a bounded number of steps. */
function playout(spec: GameSpec, onStep?: (state: GameState) => void): Playout {
  const chooser = seedRng(spec.chooserSeed);
  let state = createGame({
    rules: spec.rules,
    seats: spec.seats,
    seed: spec.seed,
    turnLimit: spec.turnLimit,
  });
  const result: Playout = { states: [state], steps: [], events: [] };
  // Play again can give a seat a few extra actions per turn, and restarts add one; this bound is generous.
  const maxSteps = spec.turnLimit * spec.seats * 20;
  while (!state.over) {
    if (result.steps.length >= maxSteps) throw new Error(`the game did not end within ${maxSteps} steps`);
    onStep?.(state);
    const step = chooseStep(state, chooser);
    const next = applyStep(state, step);
    state = next.state;
    result.steps.push(step);
    result.events.push(next.events);
    result.states.push(state);
  }
  onStep?.(state);
  return result;
}

/** Every broken invariant of a state, in words (checked without expect() per field, to keep runs fast). */
function invariantViolations(state: GameState, spec: GameSpec): string[] {
  const problems: string[] = [];
  const squaresTaken = new Set<number>();
  state.seats.forEach((seat, index) => {
    if (seat.carrots < 0) problems.push(`seat ${index} has ${seat.carrots} carrots`);
    if (seat.lettuces < 0 || seat.lettuces > 3) problems.push(`seat ${index} has ${seat.lettuces} lettuces`);
    if (seat.position < 0 || seat.position > FINISH) problems.push(`seat ${index} is off the board`);
    if (seat.position !== 0 && seat.position !== FINISH) {
      if (squaresTaken.has(seat.position)) problems.push(`square ${seat.position} is shared`);
      squaresTaken.add(seat.position);
    }
    if ((seat.place !== null) !== (state.over || seat.position === FINISH)) {
      problems.push(`seat ${index} has place ${seat.place} on square ${seat.position}`);
    }
  });
  if (state.turn > spec.turnLimit) problems.push(`turn ${state.turn} is past the limit`);
  if (state.over) return problems;
  const current = state.seats[state.current];
  if (current?.place !== null) problems.push('the seat to act has finished');
  if (current?.missTurns !== 0) problems.push('the seat to act must miss its turn');
  if (legalActions(state).length === 0) problems.push('a running game has no legal action');
  if (state.rules === 'standard' && isStuck(state)) problems.push('the seat to act is stuck');
  return problems;
}

const sameAction = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

function throwsIllegal(state: GameState, action: Action): boolean {
  try {
    applyAction(state, action);
    return false;
  } catch (error) {
    return error instanceof IllegalActionError;
  }
}

function accepts(state: GameState, action: Action): boolean {
  try {
    applyAction(state, action);
    return true;
  } catch {
    return false;
  }
}

/** A few actions drawn from everything a player could send, legal or not. */
function candidateActions(chooser: RngState): Action[] {
  const pool: Action[] = [
    { type: 'eat' },
    { type: 'skip' },
    { type: 'carrots', amount: 10 },
    { type: 'carrots', amount: -10 },
  ];
  const candidates = [0, 1, 2].map((): Action => ({ type: 'move', to: nextInt(chooser, FINISH + 1) }));
  candidates.push(pool[nextInt(chooser, pool.length)] as Action);
  return candidates;
}

describe('properties of random legal playouts (2-6 seats, both rule sets, with a turn limit)', () => {
  it('every game ends, and every state keeps the invariants', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const { states } = playout(spec, (state) => expect(invariantViolations(state, spec)).toEqual([]));
        expect(states.at(-1)?.over).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts every listed action and rejects other actions with IllegalActionError', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const sampler = seedRng(`sample ${spec.chooserSeed}`);
        playout(spec, (state) => {
          const legal = legalActions(state);
          const refused = legal.filter((action) => !accepts(state, action));
          expect(refused).toEqual([]);
          const wronglyTreated = candidateActions(sampler).filter(
            (candidate) =>
              !legal.some((action) => sameAction(action, candidate)) && !throwsIllegal(state, candidate),
          );
          expect(wronglyTreated).toEqual([]);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('explainTarget agrees with legalActions on every square', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        playout(spec, (state) => {
          if (state.over) return;
          const legalTargets = new Set(
            legalActions(state).flatMap((action) => (action.type === 'move' ? [action.to] : [])),
          );
          const disagreements: number[] = [];
          for (let square = 0; square <= FINISH; square++) {
            if (explainTarget(state, state.current, square).legal !== legalTargets.has(square)) {
              disagreements.push(square);
            }
          }
          expect(disagreements).toEqual([]);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('replaying the same seed and actions reproduces the same states and events', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const original = playout(spec);
        let state = createGame({
          rules: spec.rules,
          seats: spec.seats,
          seed: spec.seed,
          turnLimit: spec.turnLimit,
        });
        const replayed = [JSON.stringify(state)];
        for (const step of original.steps) {
          const next = applyStep(state, step);
          replayed.push(JSON.stringify([next.state, next.events]));
          state = next.state;
        }
        const expected = original.states.map((s, index) =>
          JSON.stringify(index === 0 ? s : [s, original.events[index - 1]]),
        );
        expect(replayed).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('a JSON round trip of any state behaves identically', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const { states, steps, events } = playout(spec);
        const differences: number[] = [];
        steps.forEach((step, index) => {
          const state = states[index] as GameState;
          const copy = JSON.parse(JSON.stringify(state)) as GameState;
          const sameActions = JSON.stringify(legalActions(copy)) === JSON.stringify(legalActions(state));
          const fromCopy = applyStep(copy, step);
          const sameResult =
            JSON.stringify([fromCopy.state, fromCopy.events]) ===
            JSON.stringify([states[index + 1], events[index]]);
          if (!sameActions || !sameResult) differences.push(index);
        });
        expect(differences).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('never mutates its inputs (every state deep-frozen before use)', () => {
    fc.assert(
      fc.property(gameSpec, (spec) => {
        const chooser = seedRng(spec.chooserSeed);
        let state = deepFreeze(
          createGame({ rules: spec.rules, seats: spec.seats, seed: spec.seed, turnLimit: spec.turnLimit }),
        );
        while (!state.over) {
          const snapshot = JSON.stringify(state);
          const step = chooseStep(state, chooser);
          for (let square = 0; square <= FINISH; square += 7) explainTarget(state, state.current, square);
          const next = applyStep(state, step);
          expect(JSON.stringify(state)).toBe(snapshot);
          state = deepFreeze(next.state);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
