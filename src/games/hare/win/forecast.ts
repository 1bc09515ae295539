/**
 * Each runner's chance to win (to finish first) from a position, at once, from the advanced computer's own
 * forecast (the summary's luck weighs the hare cards with it; its chances come from play-outs): each runner's expected
 * rounds to the finish from its square, carrots and lettuces (its solitaire table), stretched by the pace
 * of a real race and spread out by an uncertainty that grows with the distance, exactly as the advanced
 * player forecasts its rivals (computer/forecast.ts). The runners then finish independently, in seat order
 * within a round.
 */
import { DEFAULT_TUNING } from '../computer/forecast';
import { middlingTable, seatRounds } from '../computer/outlook';
import type { GameState } from '../rules/index';

/** Moves looked ahead: past this a runner's chance not to have finished is negligible. */
const HORIZON = 200;

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Each runner's chance to finish first from the start of a round of `state`. */
export function chancesAt(state: GameState): number[] {
  const count = state.seats.length;
  const first = state.seats.findIndex((seat) => seat.place === 1);
  if (first >= 0) return state.seats.map((_, index) => (index === first ? 1 : 0));
  const table = middlingTable(state);
  const tuning = DEFAULT_TUNING;
  // finishedBy[i](m): the chance that runner i has finished by its move m (0: its next move)
  const finishedBy = state.seats.map((_, index) => {
    const rounds = seatRounds(state, index, table);
    const expected = Math.max(0, tuning.pace * rounds - 1);
    const scale = 0.55 * (tuning.finishSpreadBase + tuning.finishSpreadSlope * rounds);
    return (move: number) => (move < 0 ? 0 : 1 - logistic((expected + 0.5 - move) / scale));
  });
  const chances = state.seats.map((_, me) => {
    let chance = 0;
    for (let move = 0; move <= HORIZON; move++) {
      let nobodyBefore = 1;
      for (let other = 0; other < count; other++) {
        if (other === me) continue;
        nobodyBefore *= 1 - finishedBy[other]!(other < me ? move : move - 1);
      }
      chance += (finishedBy[me]!(move) - finishedBy[me]!(move - 1)) * nobodyBefore;
    }
    return chance;
  });
  const total = chances.reduce((sum, chance) => sum + chance, 0);
  return chances.map((chance) => chance / total);
}
