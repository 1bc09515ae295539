/** The computer players: the advanced one plans sidestep and forward together and takes a win when it can. */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { seedRng } from '../../../src/games/kit/random';
import { position } from './helpers';

describe('the advanced player', () => {
  it('sidesteps into the rolled row when that moves its hedgehog home for the win', () => {
    // seat 0 has two home; its hedgehog in row 3 column 7 can sidestep to row 2, the rolled row, then finish
    const state = position(
      2,
      [
        [1, 8, [0, 0]],
        [3, 7, [0]],
        [2, 1, [1]],
        [5, 0, [1, 0]],
      ],
      { seat: 0, die: 2, phase: 'sidestep' },
    );
    expect(chooseAction(state, 'advanced', seedRng('x'))).toEqual({
      type: 'sidestep',
      row: 3,
      col: 7,
      to: 2,
    });
  });

  it('moves its own hedgehog that reaches the goal rather than another', () => {
    const state = position(
      2,
      [
        [1, 8, [0, 0]],
        [2, 7, [0]],
        [2, 1, [0]],
        [4, 0, [1]],
      ],
      { seat: 0, die: 2, phase: 'forward' },
    );
    expect(chooseAction(state, 'advanced', seedRng('x'))).toEqual({ type: 'forward', row: 2, col: 7 });
  });

  it('buries an opponent that would otherwise win', () => {
    // seat 1 has two home and a hedgehog at row 4 column 7; seat 0 can sidestep from row 3 column 7 onto it
    const state = position(
      2,
      [
        [1, 8, [1, 1]],
        [4, 7, [1]],
        [3, 7, [0]],
        [6, 0, [0]],
      ],
      { seat: 0, die: 6, phase: 'sidestep' },
    );
    expect(chooseAction(state, 'advanced', seedRng('x'))).toEqual({
      type: 'sidestep',
      row: 3,
      col: 7,
      to: 4,
    });
  });
});
