/**
 * Exact odds of one roll, by enumerating the multisets of faces (with their multinomial weights) rather than
 * every ordered roll: 8 dice of 12 faces are 75,582 multisets instead of 430 million rolls.
 */
import { scoreCounts } from './scoring';

/** One result of throwing n dice: its score, how many dice scored, and its probability. */
export interface RollOutcome {
  score: number;
  scoringDice: number;
  probability: number;
}

const cache = new Map<string, RollOutcome[]>();

function factorial(n: number): number {
  let result = 1;
  for (let i = 2; i <= n; i++) result *= i;
  return result;
}

/** Every multiset of `dice` dice over `faces` faces, as counts per face, with its number of orderings. */
function forEachMultiset(dice: number, faces: number, visit: (counts: number[], orderings: number) => void) {
  const counts = new Array<number>(faces + 1).fill(0);
  const diceFactorial = factorial(dice);
  const place = (face: number, left: number, denominator: number): void => {
    if (face === faces) {
      counts[face] = left;
      visit(counts, diceFactorial / (denominator * factorial(left)));
      return;
    }
    for (let count = 0; count <= left; count++) {
      counts[face] = count;
      place(face + 1, left - count, denominator * factorial(count));
    }
    counts[face] = 0;
  };
  place(1, dice, 1);
}

/** The distinct (score, scoring dice) results of throwing `dice` dice with `faces` faces, with probabilities. */
export function rollOutcomes(dice: number, faces: number): readonly RollOutcome[] {
  const key = `${dice}:${faces}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const total = faces ** dice;
  const byResult = new Map<number, RollOutcome>();
  forEachMultiset(dice, faces, (counts, orderings) => {
    const { score, scoringDice } = scoreCounts(counts);
    const id = score * 16 + scoringDice;
    const found = byResult.get(id);
    if (found) found.probability += orderings / total;
    else byResult.set(id, { score, scoringDice, probability: orderings / total });
  });
  const outcomes = [...byResult.values()].sort((a, b) => a.score - b.score || a.scoringDice - b.scoringDice);
  cache.set(key, outcomes);
  return outcomes;
}

/** The probability that a throw of `dice` dice scores less than `minimum` (a bust: 1 for scoring nothing). */
export function chanceBelow(dice: number, faces: number, minimum: number): number {
  let chance = 0;
  for (const outcome of rollOutcomes(dice, faces)) if (outcome.score < minimum) chance += outcome.probability;
  return chance;
}
