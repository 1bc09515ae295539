/** The solitaire outlook: exact in simple endgames, and sensible in its trends. */
import { describe, expect, it } from 'vitest';
import { solitaireTable } from '../../../../src/games/hare/computer/solitaire';

const standardFirst = solitaireTable({ rules: 'standard', seats: 4, finishLimit: 10, rank: 3 });
const classic = solitaireTable({ rules: 'classic', seats: 4, finishLimit: 20, rank: 3 });

describe('exact endgames (no hare square on the way)', () => {
  it('finishes at once when the move leaves few enough carrots', () => {
    expect(standardFirst.value(60, 10, 0, false)).toBe(1);
    expect(classic.value(60, 30, 0, false)).toBe(1);
  });

  it('pays 10 on a carrot square first when it holds too many: 61 with 25 carrots needs 2 turns', () => {
    expect(standardFirst.value(61, 25, 0, false)).toBe(2);
    expect(classic.value(61, 25, 0, false)).toBe(1);
  });

  it('counts every turn of paying off a surplus: 63 with 40 carrots needs 4 turns under the limit of 10', () => {
    expect(standardFirst.value(63, 40, 0, false)).toBe(4);
  });

  it('cannot finish holding a lettuce: it must go back to a lettuce square first', () => {
    expect(standardFirst.value(60, 10, 1, false)).toBeGreaterThan(2);
  });
});

describe('trends', () => {
  it('a higher finishing limit (a later place) never makes finishing slower', () => {
    const standardSecond = solitaireTable({ rules: 'standard', seats: 4, finishLimit: 20, rank: 3 });
    for (let carrots = 0; carrots <= 120; carrots += 5) {
      expect(standardSecond.value(55, carrots, 0, false)).toBeLessThanOrEqual(
        standardFirst.value(55, carrots, 0, false),
      );
    }
    expect(standardSecond.value(57, 45, 0, true)).toBe(1);
    expect(standardFirst.value(57, 45, 0, true)).toBeGreaterThan(1);
  });

  it('a runner further on needs fewer turns, other things equal', () => {
    expect(standardFirst.value(30, 65, 2, false)).toBeLessThan(standardFirst.value(12, 65, 2, false));
  });

  it('the start is a realistic race length (between 12 and 30 turns)', () => {
    for (const table of [standardFirst, classic]) {
      expect(table.value(0, 65, 3, false)).toBeGreaterThan(12);
      expect(table.value(0, 65, 3, false)).toBeLessThan(30);
    }
  });
});
