/** The scoring table of one roll: triples, then single 1s and 5s. */
import type { ScoredRoll } from './types';

const TRIPLE_OF_ONES = 1000;
const SINGLE_ONE = 100;
const SINGLE_FIVE = 50;

/** The score of a triple of `face`. */
export function tripleScore(face: number): number {
  return face === 1 ? TRIPLE_OF_ONES : 100 * face;
}

/** Score and scoring-dice count from the count of each face (counts[f] for face f; index 0 unused). */
export function scoreCounts(counts: readonly number[]): { score: number; scoringDice: number } {
  let score = 0;
  let scoringDice = 0;
  for (let face = 1; face < counts.length; face++) {
    const count = counts[face] ?? 0;
    const triples = Math.floor(count / 3);
    score += triples * tripleScore(face);
    scoringDice += triples * 3;
    const rest = count - triples * 3;
    if (face === 1) {
      score += rest * SINGLE_ONE;
      scoringDice += rest;
    } else if (face === 5) {
      score += rest * SINGLE_FIVE;
      scoringDice += rest;
    }
  }
  return { score, scoringDice };
}

function countFaces(dice: readonly number[], faces: number): number[] {
  const counts = new Array<number>(faces + 1).fill(0);
  for (const die of dice) counts[die] = (counts[die] ?? 0) + 1;
  return counts;
}

/** Scores a roll and splits it into the dice set aside and the free dice (both in the order rolled). */
export function scoreRoll(dice: readonly number[], faces: number): ScoredRoll {
  const counts = countFaces(dice, faces);
  const { score } = scoreCounts(counts);
  const scoringLeft = counts.map((count, face) => {
    const triples = Math.floor(count / 3) * 3;
    return face === 1 || face === 5 ? count : triples;
  });
  const scoring: number[] = [];
  const free: number[] = [];
  for (const die of dice) {
    if ((scoringLeft[die] ?? 0) > 0) {
      scoringLeft[die] = (scoringLeft[die] ?? 0) - 1;
      scoring.push(die);
    } else {
      free.push(die);
    }
  }
  return { score, scoring, free };
}
