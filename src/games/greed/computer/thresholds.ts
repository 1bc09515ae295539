/**
 * The greediness levels: each stops once its turn reaches what it aims for (its greediness factor), less with
 * one or two dice left, more after hot dice and when far behind; after busts in a row a careful player gets
 * more careful. In the
 * final round every level rolls on until it passes the leader (stopping short loses for sure).
 */
import type { Action, GameState } from '../rules/types';

export interface Greediness {
  /** The turn total it stops at with three or more dice to throw (its greediness factor, in points). */
  aim: number;
  /** The total it stops at with only one or two dice to throw. */
  fewDice: number;
  /** The total below which it throws a full cup again after hot dice. */
  fullCup: number;
  /** Multiplies its aims after two or more busts in a row (1: unmoved by bad luck). */
  afterBusts: number;
}

export const GREEDINESS = {
  cautious: { aim: 200, fewDice: 100, fullCup: 200, afterBusts: 0.75 },
  steady: { aim: 350, fewDice: 250, fullCup: 1000, afterBusts: 0.9 },
  greedy: { aim: 600, fewDice: 400, fullCup: 2000, afterBusts: 1 },
} as const satisfies Record<string, Greediness>;

const FAR_BEHIND = 1500;
const BEHIND_BOOST = 1.25;

/** Turns in a row, ending with the last, in which the seat banked nothing. */
export function bustStreak(state: GameState, seat: number): number {
  const history = state.history[seat]!;
  let streak = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const before = i > 0 ? history[i - 1]! : 0;
    if (history[i] !== before) break;
    streak++;
  }
  return streak;
}

function leaderScore(state: GameState, seat: number): number {
  return Math.max(...state.scores.filter((_, other) => other !== seat));
}

export function thresholdChoice(state: GameState, greediness: Greediness): Action {
  if (!state.rolled) return { type: 'roll' };
  const seat = state.current;
  const banked = state.scores[seat]!;
  const total = state.turnTotal;
  const leader = leaderScore(state, seat);
  if (state.finalRound) return banked + total > leader ? { type: 'stop' } : { type: 'roll' };
  let factor = 1;
  if (bustStreak(state, seat) >= 2) factor *= greediness.afterBusts;
  if (leader - banked >= FAR_BEHIND) factor *= BEHIND_BOOST;
  const n = state.diceInCup;
  const aim = n === state.options.dice ? greediness.fullCup : n <= 2 ? greediness.fewDice : greediness.aim;
  return total >= aim * factor ? { type: 'stop' } : { type: 'roll' };
}
