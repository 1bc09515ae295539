/**
 * The platform's turn limit, in rounds (a round: every seat has had a turn). Each game that offers one counts
 * its rounds in its own state, checks the value with `checkedTurnLimit` and ends the game with
 * `turnLimitReached` (GameModule.turnLimit).
 */
import { GameOptionError } from './errors';

/** The range of the `turn-limit` start option of every game that does not set its own. */
export const TURN_LIMIT = { min: 1, max: 500 } as const;

export interface TurnLimitRange {
  min: number;
  max: number;
}

/** A turn limit given to `create`: null for none (absent, null or 0); throws a GameOptionError outside `range`. */
export function checkedTurnLimit(value: unknown, range: TurnLimitRange = TURN_LIMIT): number | null {
  if (value === undefined || value === null || value === 0) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max)
    throw new GameOptionError(`the turn limit must be a whole number from ${range.min} to ${range.max}`);
  return value;
}

/** Whether `rounds` completed rounds reach the limit (never with no limit). */
export function turnLimitReached(rounds: number, limit: number | null): boolean {
  return limit !== null && rounds >= limit;
}
