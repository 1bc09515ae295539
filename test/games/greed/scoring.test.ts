/** The scoring table of rules-greed.md, and exact odds checked against an independent count of every roll. */
import { describe, expect, it } from 'vitest';
import { chanceBelow, rollOutcomes, scoreRoll } from '../../../src/games/greed/rules/index';

/** An independent scorer written from the rules text: take triples greedily, then single 1s and 5s. */
function countScore(dice: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const die of dice) counts.set(die, (counts.get(die) ?? 0) + 1);
  let score = 0;
  for (const [face, count] of counts) {
    let left = count;
    while (left >= 3) {
      score += face === 1 ? 1000 : face * 100;
      left -= 3;
    }
    if (face === 1) score += left * 100;
    if (face === 5) score += left * 50;
  }
  return score;
}

function* everyRoll(dice: number, faces: number): Generator<number[]> {
  const roll = new Array<number>(dice).fill(1);
  for (;;) {
    yield [...roll];
    let i = 0;
    while (i < dice && roll[i] === faces) roll[i++] = 1;
    if (i === dice) return;
    roll[i]! += 1;
  }
}

describe('scoring one roll', () => {
  it.each([
    [[4, 4, 4, 4, 6], 400, [4, 4, 4], [4, 6]],
    [[1, 1, 1, 1, 5], 1150, [1, 1, 1, 1, 5], []],
    [[1, 2, 3, 1, 5], 250, [1, 1, 5], [2, 3]],
    [[2, 5, 2, 2, 3], 250, [2, 5, 2, 2], [3]],
    [[5, 5, 5, 5], 550, [5, 5, 5, 5], []],
    [[1, 1, 1, 1, 1], 1200, [1, 1, 1, 1, 1], []],
    [[2, 3, 4, 6], 0, [], [2, 3, 4, 6]],
    [[2, 2, 2, 2, 2, 2], 400, [2, 2, 2, 2, 2, 2], []],
    [[12, 12, 12, 7], 1200, [12, 12, 12], [7]],
  ])('%j scores %i, sets aside %j, leaves %j', (dice, score, scoring, free) => {
    expect(scoreRoll(dice, 12)).toEqual({ score, scoring, free });
  });

  it('agrees with an independent count on every roll of 1 to 6 six-sided dice', () => {
    for (let dice = 1; dice <= 6; dice++) {
      for (const roll of everyRoll(dice, 6)) {
        const { score, scoring, free } = scoreRoll(roll, 6);
        expect(score).toBe(countScore(roll));
        expect(countScore(scoring)).toBe(score);
        expect(countScore(free)).toBe(0);
        expect([...scoring, ...free].sort()).toEqual([...roll].sort());
      }
    }
  });

  it('reproduces the figures of the rules file by enumeration', () => {
    const expected = [
      [1, 4, 25],
      [2, 16, 50],
      [3, 60, 86.81],
      [4, 204, 141.32],
      [5, 600, 215.51],
    ] as const;
    for (const [dice, zeroes, mean] of expected) {
      let nothing = 0;
      let sum = 0;
      let total = 0;
      for (const roll of everyRoll(dice, 6)) {
        const score = countScore(roll);
        if (score === 0) nothing++;
        sum += score;
        total++;
      }
      expect(nothing).toBe(zeroes);
      expect(sum / total).toBeCloseTo(mean, 2);
      expect(chanceBelow(dice, 6, 1)).toBeCloseTo(zeroes / 6 ** dice, 12);
      const exactMean = rollOutcomes(dice, 6).reduce((acc, o) => acc + o.score * o.probability, 0);
      expect(exactMean).toBeCloseTo(mean, 2);
    }
    let atLeast300 = 0;
    for (const roll of everyRoll(5, 6)) if (countScore(roll) >= 300) atLeast300++;
    expect(atLeast300).toBe(1605);
    expect(1 - chanceBelow(5, 6, 300)).toBeCloseTo(1605 / 7776, 12);
  });

  it('enumerates multisets whose probabilities sum to 1, also for 8 dice of 12 faces', () => {
    for (const [dice, faces] of [
      [3, 4],
      [5, 6],
      [8, 12],
    ] as const) {
      const outcomes = rollOutcomes(dice, faces);
      expect(outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
      expect(outcomes.every((o) => o.score % 50 === 0 && o.scoringDice <= dice)).toBe(true);
    }
    let nothing = 0;
    for (const roll of everyRoll(4, 8)) if (countScore(roll) === 0) nothing++;
    expect(chanceBelow(4, 8, 1)).toBeCloseTo(nothing / 8 ** 4, 12);
  });
});
