import { describe, expect, it } from 'vitest';
import {
  BOARD,
  FINISH,
  maxAffordableDistance,
  moveCost,
  numberSquareRanks,
  raceRank,
  squareKind,
  START,
  tortoiseBehind,
  type SquareKind,
} from '../../../../src/games/hare/rules/index';
import { fixture } from './helpers';

function squaresOf(kind: SquareKind): number[] {
  return BOARD.flatMap((k, index) => (k === kind ? [index] : []));
}

describe('the board (rules.md "The board")', () => {
  it('has 65 positions: the start, 63 squares, the finish', () => {
    expect(BOARD).toHaveLength(65);
    expect(squareKind(START)).toBe('start');
    expect(squareKind(FINISH)).toBe('finish');
  });

  it('places every kind of square as in the English edition', () => {
    expect(squaresOf('hare')).toEqual([1, 3, 6, 14, 25, 31, 34, 39, 46, 51, 58, 62]);
    expect(squaresOf('carrot')).toEqual([2, 5, 13, 21, 26, 33, 38, 40, 49, 55, 59, 61, 63]);
    expect(squaresOf('lettuce')).toEqual([10, 22, 42, 57]);
    expect(squaresOf('tortoise')).toEqual([11, 15, 19, 24, 30, 37, 43, 50, 56]);
    expect(squaresOf('n2')).toEqual([8, 17, 23, 29, 35, 41, 47, 53]);
    expect(squaresOf('n3')).toEqual([4, 12, 20, 28, 36, 44, 52]);
    expect(squaresOf('n4')).toEqual([9, 18, 27, 45, 54]);
    expect(squaresOf('n156')).toEqual([7, 16, 32, 48, 60]);
  });

  it('rejects indices off the board', () => {
    expect(() => squareKind(-1)).toThrow(RangeError);
    expect(() => squareKind(65)).toThrow(RangeError);
  });

  it('knows which race positions each number square pays', () => {
    expect(numberSquareRanks('n2')).toEqual([2]);
    expect(numberSquareRanks('n3')).toEqual([3]);
    expect(numberSquareRanks('n4')).toEqual([4]);
    expect(numberSquareRanks('n156')).toEqual([1, 5, 6]);
    expect(numberSquareRanks('carrot')).toEqual([]);
  });
});

describe('the cost of moving forward (n(n+1)/2)', () => {
  it.each([
    [1, 1],
    [2, 3],
    [3, 6],
    [4, 10],
    [5, 15],
    [6, 21],
    [7, 28],
    [8, 36],
    [9, 45],
    [10, 55],
    [20, 210],
  ])('%i squares cost %i carrots', (distance, cost) => {
    expect(moveCost(distance)).toBe(cost);
  });

  it('the affordable distance is the largest n with cost(n) <= carrots', () => {
    for (let carrots = 0; carrots <= 300; carrots++) {
      const distance = maxAffordableDistance(carrots);
      expect(moveCost(distance)).toBeLessThanOrEqual(carrots);
      expect(moveCost(distance + 1)).toBeGreaterThan(carrots);
    }
  });
});

describe('the nearest tortoise behind', () => {
  it.each([
    [11, null],
    [12, 11],
    [15, 11],
    [16, 15],
    [30, 24],
    [56, 50],
    [64, 56],
  ])('from %i it is %s', (position, tortoise) => {
    expect(tortoiseBehind(position)).toBe(tortoise);
  });
});

describe('race position (rank)', () => {
  it('counts a higher square as ahead', () => {
    const state = fixture({ seats: [{ position: 5 }, { position: 12 }, { position: 8 }] });
    expect([0, 1, 2].map((seat) => raceRank(state, seat))).toEqual([3, 1, 2]);
  });

  it('keeps seats sharing the start level', () => {
    const state = fixture({ seats: [{ position: 0 }, { position: 0 }, { position: 4 }, { position: 0 }] });
    expect([0, 1, 2, 3].map((seat) => raceRank(state, seat))).toEqual([2, 2, 1, 2]);
  });

  it('puts finished seats ahead of every unfinished seat, in finishing order', () => {
    const state = fixture({ seats: [{ position: 63 }, { place: 2 }, { position: 3 }, { place: 1 }] });
    expect([0, 1, 2, 3].map((seat) => raceRank(state, seat))).toEqual([3, 2, 4, 1]);
  });
});
