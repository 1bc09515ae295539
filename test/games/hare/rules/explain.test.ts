import { describe, expect, it } from 'vitest';
import {
  applyAction,
  describeEvent,
  explainTarget,
  IllegalActionError,
  type GameEvent,
} from '../../../../src/games/hare/rules/index';
import { EAT, fixture, move, PAY_10, rejectionCode, SKIP, TAKE_10 } from './helpers';

describe('explainTarget', () => {
  const state = fixture({
    seats: [{ position: 20, carrots: 40, lettuces: 1 }, { position: 23 }, { position: 19 }],
  });

  it('explains a legal forward move and its cost', () => {
    expect(explainTarget(state, 0, 21)).toEqual({
      square: 21,
      kind: 'carrot',
      legal: true,
      action: move(21),
      carrots: -1,
    });
  });

  it.each([
    [23, 'occupied', 'square 23 is occupied', -6],
    [24, 'tortoise_forward', 'tortoise squares can only be reached backwards', -10],
    [32, 'not_enough_carrots', 'square 32 costs 78 carrots; you have 40', -78],
    [64, 'not_enough_carrots', 'square 64 costs 990 carrots; you have 40', -990],
    [19, 'occupied', 'square 19 is occupied', 10],
    [15, 'not_nearest_tortoise', 'you can only go back to the nearest tortoise, square 19', 0],
    [12, 'backwards', 'you can only move back to a tortoise square', 0],
    [20, 'same_square', 'you are already on square 20', 0],
    [65, 'off_board', 'there is no square 65', 0],
  ])('square %i: %s (%s)', (square, code, reason, carrots) => {
    expect(explainTarget(state, 0, square)).toMatchObject({ legal: false, code, reason, carrots });
  });

  it('gives the move back to the nearest tortoise as a gain', () => {
    const free = fixture({ seats: [{ position: 23 }, {}] });
    expect(explainTarget(free, 0, 19)).toEqual({
      square: 19,
      kind: 'tortoise',
      legal: true,
      action: move(19),
      carrots: 40,
    });
  });

  it('explains the finishing conditions', () => {
    const withLettuce = fixture({ seats: [{ position: 63, carrots: 5, lettuces: 1 }, {}] });
    expect(explainTarget(withLettuce, 0, 64).reason).toBe('you need 0 lettuces to finish (you have 1)');
    const rich = fixture({ seats: [{ position: 63, carrots: 40, lettuces: 0 }, {}] });
    expect(explainTarget(rich, 0, 64)).toMatchObject({
      legal: false,
      code: 'finish_too_many_carrots',
      reason: 'to finish 1st you may keep at most 10 carrots; you would have 39',
    });
    const classic = fixture({ rules: 'classic', seats: [{ position: 63, carrots: 40, lettuces: 0 }, {}] });
    expect(explainTarget(classic, 0, 64).reason).toBe(
      'to finish you may keep at most 20 carrots; you would have 39',
    );
  });

  it('explains squares for a seat that is not to act, as if it were its turn', () => {
    expect(explainTarget(state, 1, 26)).toMatchObject({ legal: true, carrots: -6 });
    const finished = fixture({ seats: [{ position: 5 }, { place: 1 }, {}] });
    expect(explainTarget(finished, 1, 10)).toMatchObject({ legal: false, code: 'finished' });
  });

  it('explains why nothing is possible while a decision is pending', () => {
    const mustEat = fixture({ seats: [{ position: 10 }, {}] });
    expect(explainTarget(mustEat, 0, 12)).toMatchObject({ legal: false, code: 'must_eat' });
    const chewing = fixture({ rules: 'classic', seats: [{ position: 25 }, {}], pending: 'chew-carrot' });
    expect(explainTarget(chewing, 0, 26)).toMatchObject({ legal: false, code: 'must_chew' });
  });

  it('rejects a seat that does not exist', () => {
    expect(() => explainTarget(state, 5, 10)).toThrow(RangeError);
  });
});

describe('illegal actions', () => {
  it('throw IllegalActionError with a stable code and a readable message', () => {
    const state = fixture({ seats: [{ position: 0, carrots: 40 }, {}] });
    let caught: unknown;
    try {
      applyAction(state, move(9));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IllegalActionError);
    expect(caught).toMatchObject({
      code: 'not_enough_carrots',
      message: 'square 9 costs 45 carrots; you have 40',
    });
  });

  it.each([
    ['not an object', 'move', 'invalid_action'],
    ['an unknown type', { type: 'fly' }, 'invalid_action'],
    ['a move without a number', { type: 'move', to: '5' }, 'invalid_action'],
    ['odd carrot amounts', { type: 'carrots', amount: 20 }, 'invalid_action'],
    ['a fractional square', { type: 'move', to: 2.5 }, 'off_board'],
    ['a negative square', { type: 'move', to: -1 }, 'off_board'],
    ['eating off a lettuce square', EAT, 'not_lettuce_square'],
    ['taking carrots off a carrot square', TAKE_10, 'not_carrot_square'],
    ['paying off a carrot square', PAY_10, 'not_carrot_square'],
    ['skipping with moves available', SKIP, 'skip_not_allowed'],
  ])('reject %s', (_label, action, code) => {
    expect(rejectionCode(fixture({ seats: [{}, {}] }), action)).toBe(code);
  });

  it('eating needs a lettuce to eat', () => {
    const state = fixture({ rules: 'classic', seats: [{ position: 10, lettuces: 0 }, {}] });
    expect(rejectionCode(state, EAT)).toBe('no_lettuce');
  });
});

describe('describeEvent', () => {
  const lines: [GameEvent, string][] = [
    [
      { type: 'move', seat: 0, from: 0, to: 8, cost: 36, carrotsBefore: 65, carrotsAfter: 29 },
      'Seat 1 moves from the start to square 8 (number 2) and pays 36 carrots [carrots 65 → 29]',
    ],
    [
      { type: 'move-back', seat: 1, from: 23, to: 19, gain: 40, carrotsBefore: 5, carrotsAfter: 45 },
      'Seat 2 falls back from square 23 to the tortoise on square 19 and receives 40 carrots [carrots 5 → 45]',
    ],
    [
      {
        type: 'eat',
        seat: 2,
        square: 22,
        rank: 2,
        gain: 20,
        lettucesAfter: 2,
        carrotsBefore: 7,
        carrotsAfter: 27,
      },
      'Seat 3 eats a lettuce on square 22 as 2nd in the race and receives 20 carrots; 2 lettuces left [carrots 7 → 27]',
    ],
    [
      { type: 'carrots', seat: 0, amount: 10, reason: 'square', carrotsBefore: 30, carrotsAfter: 40 },
      'Seat 1 takes 10 carrots [carrots 30 → 40]',
    ],
    [
      { type: 'carrots', seat: 0, amount: -10, reason: 'chew', carrotsBefore: 30, carrotsAfter: 20 },
      'Seat 1 pays 10 carrots (chew a carrot) [carrots 30 → 20]',
    ],
    [{ type: 'miss-turn', seat: 3, square: 6 }, 'Seat 4 misses this turn'],
    [
      { type: 'number-payout', seat: 1, square: 16, rank: 5, gain: 50, carrotsBefore: 3, carrotsAfter: 53 },
      'Seat 2 is 5th in the race on square 16 (number 1/5/6) and receives 50 carrots [carrots 3 → 53]',
    ],
    [
      { type: 'restart', seat: 0, from: 14, carrotsBefore: 0, carrotsAfter: 65 },
      'Seat 1 is stuck on square 14 (hare) and starts again with 65 carrots [carrots 0 → 65]',
    ],
    [{ type: 'finish', seat: 1, place: 2, carrots: 17 }, 'Seat 2 finishes 2nd with 17 carrots'],
    [
      { type: 'move', seat: 0, from: 60, to: 64, cost: 10, carrotsBefore: 11, carrotsAfter: 1 },
      'Seat 1 moves from square 60 (number 1/5/6) to the finish and pays 10 carrots [carrots 11 → 1]',
    ],
    [
      { type: 'move', seat: 1, from: 8, to: 9, cost: 1, carrotsBefore: 1, carrotsAfter: 0 },
      'Seat 2 moves from square 8 (number 2) to square 9 (number 4) and pays 1 carrot [carrots 1 → 0]',
    ],
    [
      {
        type: 'eat',
        seat: 0,
        square: 10,
        rank: 1,
        gain: 10,
        lettucesAfter: 1,
        carrotsBefore: 1,
        carrotsAfter: 11,
      },
      'Seat 1 eats a lettuce on square 10 as 1st in the race and receives 10 carrots; 1 lettuce left [carrots 1 → 11]',
    ],
    [{ type: 'finish', seat: 0, place: 1, carrots: 1 }, 'Seat 1 finishes 1st with 1 carrot'],
    [{ type: 'skip', seat: 2, square: 0 }, 'Seat 3 cannot move and skips the turn on the start'],
    [{ type: 'play-again', seat: 0 }, 'Seat 1 plays again'],
    [{ type: 'turn-limit', turn: 40 }, 'The turn limit (40) is reached'],
    [{ type: 'game-over', places: [2, 1, 3] }, 'Game over: 1st Seat 2, 2nd Seat 1, 3rd Seat 3'],
  ];

  it.each(lines)('%o', (event, line) => {
    expect(describeEvent(event)).toBe(line);
  });

  it('uses the given names and hides secret carrot counts', () => {
    const event: GameEvent = {
      type: 'move',
      seat: 0,
      from: 2,
      to: 4,
      cost: 3,
      carrotsBefore: 9,
      carrotsAfter: 6,
    };
    const options = { name: () => 'Ann', hideCarrots: () => true };
    expect(describeEvent(event, options)).toBe(
      'Ann moves from square 2 (carrot) to square 4 (number 3) and pays 3 carrots',
    );
    expect(describeEvent({ type: 'finish', seat: 0, place: 1, carrots: 4 }, options)).toBe(
      'Ann finishes 1st',
    );
  });
});

describe('describeEvent in brief, for the header of a board', () => {
  const brief = { name: () => 'Intermediate 2', brief: true };

  it.each<[GameEvent, string]>([
    [
      { type: 'move', seat: 0, from: 0, to: 8, cost: 36, carrotsBefore: 65, carrotsAfter: 29 },
      'Intermediate 2 moves to square 8 and pays 36 carrots',
    ],
    [
      { type: 'move', seat: 0, from: 60, to: 64, cost: 10, carrotsBefore: 11, carrotsAfter: 1 },
      'Intermediate 2 moves to the finish and pays 10 carrots',
    ],
    [
      { type: 'move-back', seat: 1, from: 23, to: 19, gain: 40, carrotsBefore: 5, carrotsAfter: 45 },
      'Intermediate 2 falls back to square 19 and receives 40 carrots',
    ],
    [
      {
        type: 'eat',
        seat: 2,
        square: 22,
        rank: 2,
        gain: 20,
        lettucesAfter: 2,
        carrotsBefore: 7,
        carrotsAfter: 27,
      },
      'Intermediate 2 eats a lettuce as 2nd and receives 20 carrots',
    ],
    [
      { type: 'number-payout', seat: 1, square: 16, rank: 5, gain: 50, carrotsBefore: 3, carrotsAfter: 53 },
      'Intermediate 2 is 5th on square 16 and receives 50 carrots',
    ],
  ])('%o', (event, line) => {
    expect(describeEvent(event, brief)).toBe(line);
  });
});
