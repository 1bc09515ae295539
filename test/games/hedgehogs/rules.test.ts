/** Every rule of Hedgehogs in a Hurry: placement, sidestep, forward, stacks, obstacles, the end, places. */
import { describe, expect, it } from 'vitest';
import { GameOptionError, IllegalActionError } from '../../../src/games/kit/errors';
import {
  PUBLISHED_OBSTACLES,
  applyAction,
  createGame,
  isHeldSquare,
  legalActions,
  observe,
  standings,
} from '../../../src/games/hedgehogs/rules/index';
import type { Action, GameState } from '../../../src/games/hedgehogs/rules/types';
import { position } from './helpers';

function run(state: GameState, actions: Action[]) {
  let current = state;
  const events = [];
  for (const action of actions) {
    const result = applyAction(current, action);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}

describe('placement', () => {
  it('goes in seat order into the lowest rows whose top is not your own', () => {
    let state = createGame({ seats: 2, seed: 'place' });
    expect(legalActions(state)).toEqual([1, 2, 3, 4, 5, 6].map((row) => ({ type: 'place', row })));
    ({ state } = run(state, [{ type: 'place', row: 2 }]));
    expect(state.current).toBe(1);
    // seat 1: row 2 is higher than the others, so only the empty rows
    expect(legalActions(state)).toEqual([1, 3, 4, 5, 6].map((row) => ({ type: 'place', row })));
    expect(() => applyAction(state, { type: 'place', row: 2 })).toThrow(IllegalActionError);
    for (const row of [1, 3, 4, 5, 6]) ({ state } = run(state, [{ type: 'place', row }]));
    // every row has one hedgehog; seat 0 (to act) has tops in rows 2, 3, 5: allowed rows 1, 4, 6
    expect(state.current).toBe(0);
    expect(legalActions(state)).toEqual([1, 4, 6].map((row) => ({ type: 'place', row })));
  });

  it('never onto your own colour, even when that row is the lowest', () => {
    const state = createGame({ seats: 2, seed: 'own' });
    state.stacks[0]![0] = [0];
    for (const row of [2, 3, 4, 5, 6]) state.stacks[row - 1]![0] = [1, 1];
    state.placed = 11;
    expect(legalActions(state)).toEqual([2, 3, 4, 5, 6].map((row) => ({ type: 'place', row })));
  });

  it('rolls for the first movement turn once every hedgehog is placed', () => {
    let state = createGame({ seats: 2, seed: 'setup' });
    let result;
    for (let i = 0; i < 8; i++) {
      result = applyAction(state, legalActions(state)[0]!);
      state = result.state;
    }
    expect(state.phase === 'sidestep' || state.phase === 'forward').toBe(true);
    const seen = observe(state);
    expect(seen.rolls[0]).toEqual({ seat: 0, die: seen.rolls[0]!.die });
    expect(seen.die).toBe(seen.rolls.at(-1)!.die);
  });
});

describe('the sidestep', () => {
  it('moves only your own top hedgehogs, not in the goal and not held, one row up or down', () => {
    const state = position(
      2,
      [
        [1, 0, [1, 0]],
        [3, 2, [0, 1]],
        [6, 8, [0]],
        [2, 6, [0]],
        [4, 0, [1]],
      ],
      { seat: 0, die: 5, phase: 'sidestep' },
    );
    // row 2 column 6 is an obstacle held by the hedgehogs in column 0
    expect(isHeldSquare(state, 2, 6)).toBe(true);
    expect(legalActions(state)).toEqual([
      { type: 'sidestep', row: 1, col: 0, to: 0 + 2 },
      { type: 'no-sidestep' },
    ]);
  });

  it('puts the hedgehog on top of the stack it reaches, then asks for the forward move', () => {
    const state = position(
      2,
      [
        [1, 1, [0]],
        [2, 1, [1, 1]],
        [2, 0, [1]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    const { state: after } = run(state, [{ type: 'sidestep', row: 1, col: 1, to: 2 }]);
    expect(after.stacks[1]![1]).toEqual([1, 1, 0]);
    expect(after.phase).toBe('forward');
    expect(legalActions(after)).toEqual([{ type: 'forward', row: 2, col: 1 }]);
  });

  it('is declined by choosing a forward move straight away: the same as no-sidestep, then that move', () => {
    const state = position(
      2,
      [
        [1, 1, [0]],
        [2, 0, [1]],
        [2, 3, [0]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    expect(legalActions(state)).toEqual([
      { type: 'sidestep', row: 1, col: 1, to: 2 },
      { type: 'sidestep', row: 2, col: 3, to: 1 },
      { type: 'sidestep', row: 2, col: 3, to: 3 },
      { type: 'no-sidestep' },
      { type: 'forward', row: 2, col: 3 },
    ]);
    const oneClick = run(state, [{ type: 'forward', row: 2, col: 3 }]);
    const twoSteps = run(state, [{ type: 'no-sidestep' }, { type: 'forward', row: 2, col: 3 }]);
    expect(oneClick.events).toEqual(twoSteps.events);
    expect({ ...oneClick.state, rolls: [] }).toEqual({ ...twoSteps.state, rolls: [] });
    expect(oneClick.events.slice(0, 2)).toEqual([
      { type: 'noSidestep', seat: 0, possible: true },
      { type: 'forward', seat: 0, owner: 0, row: 2, col: 3 },
    ]);
    // only the rolled row's moves the rules allow: not seat 1's hedgehog while seat 0 has one there
    expect(() => applyAction(state, { type: 'forward', row: 2, col: 0 })).toThrow(IllegalActionError);
  });
});

describe('the forward move', () => {
  it('must move your own top hedgehog in the rolled row when there is one', () => {
    const state = position(
      2,
      [
        [3, 0, [0]],
        [3, 1, [1]],
        [3, 2, [0]],
        [5, 0, [1]],
      ],
      { seat: 0, die: 3, phase: 'forward' },
    );
    expect(legalActions(state)).toEqual([
      { type: 'forward', row: 3, col: 0 },
      { type: 'forward', row: 3, col: 2 },
    ]);
  });

  it('otherwise moves another colour, which counts as moving someone else', () => {
    const state = position(
      3,
      [
        [3, 0, [1]],
        [3, 1, [0, 2]],
        [5, 0, [0]],
      ],
      { seat: 0, die: 3, phase: 'forward' },
    );
    expect(legalActions(state)).toEqual([
      { type: 'forward', row: 3, col: 0 },
      { type: 'forward', row: 3, col: 1 },
    ]);
    const { state: after, events } = run(state, [{ type: 'forward', row: 3, col: 1 }]);
    expect(after.stacks[2]![2]).toEqual([2]);
    expect(after.stacks[2]![1]).toEqual([0]);
    expect(events[0]).toEqual({ type: 'forward', seat: 0, owner: 2, row: 3, col: 1 });
    expect(after.tallies[0]!.movedOthers).toBe(1);
  });

  it('with no movable hedgehog in the row the turn ends, and the log says so', () => {
    const state = position(
      2,
      [
        [1, 0, [0]],
        [2, 0, [1]],
      ],
      { seat: 0, die: 4, phase: 'sidestep' },
    );
    const { state: after, events } = run(state, [{ type: 'no-sidestep' }]);
    expect(events[1]).toEqual({ type: 'noForward', seat: 0, row: 4 });
    expect(events[2]).toMatchObject({ type: 'roll', seat: 1 });
    expect(after.current === 1 || after.current === 0).toBe(true);
    expect(after.rolls[0]!.seat).toBe(1);
  });
});

describe('obstacles', () => {
  it('hold a hedgehog while one is still behind in another row, then release it for good', () => {
    // row 5's obstacle is column 2; seat 0 stands on it; seat 1 is still in column 1 of row 4
    expect(PUBLISHED_OBSTACLES[4]).toBe(2);
    const state = position(
      2,
      [
        [5, 2, [0]],
        [4, 1, [1]],
        [1, 7, [0]],
      ],
      { seat: 1, die: 4, phase: 'forward' },
    );
    expect(isHeldSquare(state, 5, 2)).toBe(true);
    const held = position(
      2,
      [
        [5, 2, [0]],
        [4, 1, [1]],
        [1, 7, [0]],
      ],
      { seat: 0, die: 5, phase: 'sidestep' },
    );
    expect(legalActions(held)).toEqual([
      { type: 'sidestep', row: 1, col: 7, to: 2 },
      { type: 'no-sidestep' },
    ]);
    const { state: after, events } = run(state, [{ type: 'forward', row: 4, col: 1 }]);
    expect(events).toContainEqual({ type: 'released', row: 5, col: 2 });
    expect(isHeldSquare(after, 5, 2)).toBe(false);
  });

  it('hold every hedgehog of the stack on the square, not only the top one', () => {
    const state = position(
      2,
      [
        [3, 4, [0, 1]],
        [2, 3, [1]],
      ],
      { seat: 1, die: 3, phase: 'forward' },
    );
    expect(isHeldSquare(state, 3, 4)).toBe(true);
    expect(legalActions(state)).toEqual([]);
  });
});

describe('the end', () => {
  it('three in the goal wins at once', () => {
    const state = position(
      2,
      [
        [2, 7, [0]],
        [1, 8, [0]],
        [3, 8, [0]],
        [4, 0, [1]],
      ],
      { seat: 0, die: 2, phase: 'forward' },
    );
    const { state: after, events } = run(state, [{ type: 'forward', row: 2, col: 7 }]);
    expect(events.map((e) => e.type)).toEqual(['forward', 'goal', 'win']);
    expect(after.phase).toBe('over');
    expect(observe(after)).toMatchObject({ over: true, seat: null, inGoal: [3, 0], places: [1, 2] });
    expect(legalActions(after)).toEqual([]);
  });

  it("also when another player's move puts the third hedgehog home", () => {
    const state = position(
      2,
      [
        [2, 7, [0]],
        [1, 8, [0]],
        [3, 8, [0]],
        [4, 0, [1]],
      ],
      { seat: 1, die: 2, phase: 'forward' },
    );
    const { state: after } = run(state, [{ type: 'forward', row: 2, col: 7 }]);
    expect(after.winner).toBe(0);
    expect(after.tallies[1]!.movedOthers).toBe(1);
  });

  it('places the others by hedgehogs in the goal, then the sum of their columns; ties share', () => {
    const state = position(
      4,
      [
        [1, 8, [0, 0, 0]],
        [2, 8, [1]],
        [2, 3, [1, 2]],
        [3, 8, [2]],
        [4, 1, [3, 3, 3, 3]],
        [5, 0, [0]],
        [5, 1, [1, 1]],
        [6, 1, [2, 2]],
      ],
      { seat: 0, die: 1, phase: 'forward' },
    );
    // seats 1 and 2: one in the goal each, columns 8+3+1+1 = 13 and 8+3+1+1 = 13: they share 2nd
    expect(standings(state)).toEqual([
      { seat: 0, place: 1 },
      { seat: 1, place: 2 },
      { seat: 2, place: 2 },
      { seat: 3, place: 4 },
    ]);
  });

  it('a turn limit counts movement rounds only', () => {
    let state = createGame({ seats: 2, seed: 'limit', options: { turnLimit: 2 } });
    let rounds = 0;
    while (state.phase !== 'over') {
      state = applyAction(state, legalActions(state)[0]!).state;
      rounds = state.round;
    }
    expect(rounds).toBe(2);
    expect(state.progress).toHaveLength(3);
  });
});

describe('create', () => {
  it('uses the published obstacles by default and six different random ones on request', () => {
    expect(createGame({ seats: 2, seed: 'a' }).obstacles).toEqual([3, 6, 4, 5, 2, 7]);
    const random = createGame({ seats: 2, seed: 'b', options: { obstacles: 'random' } }).obstacles;
    expect(new Set(random).size).toBe(6);
    expect(random.every((col) => col >= 1 && col <= 7)).toBe(true);
    expect(createGame({ seats: 2, seed: 'b', options: { obstacles: 'random' } }).obstacles).toEqual(random);
  });

  it('refuses bad seats and options', () => {
    expect(() => createGame({ seats: 1, seed: 's' })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 7, seed: 's' })).toThrow(GameOptionError);
    expect(() => createGame({ seats: 2, seed: 's', options: { obstacles: 'none' as 'random' } })).toThrow(
      GameOptionError,
    );
    expect(() => createGame({ seats: 2, seed: 's', options: { turnLimit: -1 } })).toThrow(GameOptionError);
  });
});
