/**
 * The platform's turn limit, in rounds (a round: every seat has had a turn). Games that count rounds in their own
 * state check the value and the end with `checkedTurnLimit` and `turnLimitReached`; a game that declares no turn
 * limit has its rules wrapped in `withTurnLimit`, which counts the turns and ends the game at the limit, the
 * standings deciding.
 */
import type { CreateInput, GameRules } from '../contract';
import { GameOptionError, IllegalActionError } from './errors';

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

/** The rounds completed after `turns` turns of `seats` seats. */
export function roundsPlayed(turns: number, seats: number): number {
  return Math.floor(turns / seats);
}

/** What `withTurnLimit` keeps beside the game's own state. */
export interface TurnCount {
  limit: number | null;
  seats: number;
  turns: number;
  reached: boolean;
}

/** The state field `withTurnLimit` adds (a name no game uses for its own). */
export const TURN_COUNT_FIELD = 'platformTurnCount';

type Counted = Record<string, unknown> & { [TURN_COUNT_FIELD]: TurnCount };

function countOf(state: unknown): TurnCount {
  return (state as Counted)[TURN_COUNT_FIELD];
}

/**
 * `rules` with the platform's turn limit: `create` takes `options.turnLimit` (rounds) and keeps a turn count
 * in the state (which must be a plain object); a turn ends when the seat to act changes (in a one-seat game,
 * with every action). Once the limit's last round ends the game is over and `standings` decide it.
 */
export function withTurnLimit<State, Action, Event, Options>(
  rules: GameRules<State, Action, Event, Options>,
): GameRules<State, Action, Event, Options & { turnLimit?: number | null }> {
  const counted = (before: State, after: { state: State; events: Event[] }) => {
    const count = countOf(before);
    const turnEnded = count.seats === 1 || rules.currentSeat(after.state) !== rules.currentSeat(before);
    const turns = count.turns + (turnEnded ? 1 : 0);
    const reached =
      !rules.isOver(after.state) && turnLimitReached(roundsPlayed(turns, count.seats), count.limit);
    const next = { ...(after.state as object), [TURN_COUNT_FIELD]: { ...count, turns, reached } };
    return { state: next as State, events: after.events };
  };
  const refuseOver = (state: State) => {
    if (countOf(state).reached) throw new IllegalActionError('game_over', 'the game is over');
  };
  const { forfeit } = rules;
  // Everything else (standings, observe …) is the game's own.
  return {
    ...(rules as GameRules<State, Action, Event, Options & { turnLimit?: number | null }>),
    create: (input: CreateInput<Options & { turnLimit?: number | null }>) => {
      const { turnLimit, ...own } = input.options ?? {};
      const limit = checkedTurnLimit(turnLimit);
      const state = rules.create({ ...input, options: own as Partial<Options> });
      if (typeof state !== 'object' || state === null || Array.isArray(state))
        throw new Error('a game whose core counts the turn limit keeps its state in a plain object');
      const count: TurnCount = { limit, seats: input.seats, turns: 0, reached: false };
      return { ...state, [TURN_COUNT_FIELD]: count } as State;
    },
    legalActions: (state) => (countOf(state).reached ? [] : rules.legalActions(state)),
    apply: (state, action) => {
      refuseOver(state);
      return counted(state, rules.apply(state, action));
    },
    currentSeat: (state) => (countOf(state).reached ? null : rules.currentSeat(state)),
    isOver: (state) => countOf(state).reached || rules.isOver(state),
    ...(forfeit && {
      forfeit: (state: State) => {
        refuseOver(state);
        return counted(state, forfeit(state));
      },
    }),
  };
}
