import {
  FINISH,
  maxAffordableDistance,
  moveCost,
  squareKind,
  squareLabel,
  tortoiseBehind,
  type SquareKind,
} from './board';
import type { IllegalCode } from './errors';
import { occupantOf } from './position';
import type { Action, GameState, SeatState } from './types';

/** Why an action is or is not allowed, for error messages and the user interface's hints. */
export type Verdict = { legal: true } | { legal: false; code: IllegalCode; reason: string };

export interface TargetExplanation {
  square: number;
  kind: SquareKind;
  legal: boolean;
  /** The move that reaches the square, when it is a forward move or the move back to the tortoise. */
  action: Action | null;
  /** Carrots the move would change: negative is a cost, positive a gain. */
  carrots: number;
  code?: IllegalCode;
  reason?: string;
}

const OK: Verdict = { legal: true };

function illegal(code: IllegalCode, reason: string): Verdict {
  return { legal: false, code, reason };
}

/** The carrots a seat may keep when finishing now. */
export function finishLimit(state: GameState): number {
  return state.rules === 'classic' ? 20 : 10 * (state.finishOrder.length + 1);
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

export function mustEatFirst(state: GameState, seat: SeatState): boolean {
  return (
    state.rules === 'standard' &&
    squareKind(seat.position) === 'lettuce' &&
    !seat.ateHere &&
    seat.lettuces > 0
  );
}

/** A reason the seat cannot do anything but one thing right now, or null. */
function blockingDecision(state: GameState, seatIndex: number): Verdict | null {
  const seat = state.seats[seatIndex] as SeatState;
  if (state.over) return illegal('game_over', 'the game is over');
  if (seat.place !== null) return illegal('finished', 'you have already finished');
  if (seatIndex === state.current && state.pending === 'chew-carrot') {
    return illegal('must_chew', 'you must first take or pay 10 carrots (chew a carrot)');
  }
  if (mustEatFirst(state, seat)) return illegal('must_eat', 'you must eat a lettuce here first');
  return null;
}

function forwardVerdict(state: GameState, seatIndex: number, seat: SeatState, to: number): Verdict {
  const kind = squareKind(to);
  const cost = moveCost(to - seat.position);
  if (kind === 'tortoise')
    return illegal('tortoise_forward', 'tortoise squares can only be reached backwards');
  if (occupantOf(state, to, seatIndex) >= 0) return illegal('occupied', `square ${to} is occupied`);
  if (kind === 'lettuce' && seat.lettuces === 0) {
    return illegal('no_lettuce', 'you have no lettuce left to eat there');
  }
  if (cost > seat.carrots) return illegal('not_enough_carrots', `costs ${cost}, you have ${seat.carrots}`);
  if (to === FINISH) {
    if (seat.lettuces > 0) {
      return illegal('finish_lettuces', `you need 0 lettuces to finish (you have ${seat.lettuces})`);
    }
    const limit = finishLimit(state);
    const left = seat.carrots - cost;
    if (left > limit) {
      const place = state.rules === 'standard' ? ` ${ordinal(state.finishOrder.length + 1)}` : '';
      return illegal(
        'finish_too_many_carrots',
        `to finish${place} you may keep at most ${limit} carrots; you would have ${left}`,
      );
    }
  }
  return OK;
}

function backwardVerdict(state: GameState, seatIndex: number, seat: SeatState, to: number): Verdict {
  const tortoise = tortoiseBehind(seat.position);
  if (squareKind(to) !== 'tortoise')
    return illegal('backwards', 'you can only move back to a tortoise square');
  if (to !== tortoise) {
    return illegal(
      'not_nearest_tortoise',
      `you can only go back to the nearest tortoise, square ${tortoise}`,
    );
  }
  if (occupantOf(state, to, seatIndex) >= 0) return illegal('occupied', `square ${to} is occupied`);
  return OK;
}

/** Whether `seatIndex` may move to `to` now (as if it were that seat's turn). */
export function moveVerdict(state: GameState, seatIndex: number, to: number): Verdict {
  if (!Number.isInteger(to) || to < 0 || to > FINISH) return illegal('off_board', `there is no square ${to}`);
  const blocked = blockingDecision(state, seatIndex);
  if (blocked) return blocked;
  const seat = state.seats[seatIndex] as SeatState;
  if (to === seat.position) return illegal('same_square', `you are already on square ${to}`);
  return to > seat.position
    ? forwardVerdict(state, seatIndex, seat, to)
    : backwardVerdict(state, seatIndex, seat, to);
}

function eatVerdict(state: GameState, seat: SeatState): Verdict {
  if (state.pending === 'chew-carrot') {
    return illegal('must_chew', 'you must first take or pay 10 carrots (chew a carrot)');
  }
  if (squareKind(seat.position) !== 'lettuce')
    return illegal('not_lettuce_square', 'you are not on a lettuce square');
  if (seat.ateHere) return illegal('already_ate', 'you have already eaten here; you must move on');
  if (seat.lettuces === 0) return illegal('no_lettuce', 'you have no lettuce left');
  return OK;
}

function carrotsVerdict(state: GameState, seat: SeatState, amount: number): Verdict {
  const chewing = state.pending === 'chew-carrot';
  if (!chewing) {
    if (mustEatFirst(state, seat)) return illegal('must_eat', 'you must eat a lettuce here first');
    if (squareKind(seat.position) !== 'carrot')
      return illegal('not_carrot_square', 'you are not on a carrot square');
  }
  if (amount === -10 && seat.carrots < 10)
    return illegal('cannot_pay', `paying 10 needs 10 carrots, you have ${seat.carrots}`);
  return OK;
}

function isActionShape(action: unknown): action is Action {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as Record<string, unknown>;
  switch (a.type) {
    case 'move':
      return typeof a.to === 'number';
    case 'carrots':
      return a.amount === 10 || a.amount === -10;
    case 'eat':
    case 'skip':
      return true;
    default:
      return false;
  }
}

/** Whether the seat to act may take `action` now, and why not. */
export function actionVerdict(state: GameState, action: unknown): Verdict {
  if (state.over) return illegal('game_over', 'the game is over');
  if (!isActionShape(action)) return illegal('invalid_action', 'that is not an action of this game');
  const seat = state.seats[state.current] as SeatState;
  switch (action.type) {
    case 'move':
      return moveVerdict(state, state.current, action.to);
    case 'eat':
      return eatVerdict(state, seat);
    case 'carrots':
      return carrotsVerdict(state, seat, action.amount);
    case 'skip':
      return state.rules === 'classic' && legalActionsWithoutSkip(state).length === 0
        ? OK
        : illegal('skip_not_allowed', 'you may only skip when no other action is possible');
  }
}

function legalActionsWithoutSkip(state: GameState): Action[] {
  const seat = state.seats[state.current] as SeatState;
  if (state.pending === 'chew-carrot') {
    return seat.carrots >= 10
      ? [
          { type: 'carrots', amount: 10 },
          { type: 'carrots', amount: -10 },
        ]
      : [{ type: 'carrots', amount: 10 }];
  }
  if (mustEatFirst(state, seat)) return [{ type: 'eat' }];
  const actions: Action[] = [];
  const kind = squareKind(seat.position);
  if (kind === 'lettuce' && !seat.ateHere && seat.lettuces > 0) actions.push({ type: 'eat' });
  if (kind === 'carrot') {
    actions.push({ type: 'carrots', amount: 10 });
    if (seat.carrots >= 10) actions.push({ type: 'carrots', amount: -10 });
  }
  const tortoise = tortoiseBehind(seat.position);
  if (tortoise !== null && occupantOf(state, tortoise) < 0) actions.push({ type: 'move', to: tortoise });
  const farthest = Math.min(FINISH, seat.position + maxAffordableDistance(seat.carrots));
  for (let to = seat.position + 1; to <= farthest; to++) {
    if (forwardVerdict(state, state.current, seat, to).legal) actions.push({ type: 'move', to });
  }
  return actions;
}

/** Every legal action of the seat to act; [] once the game is over. */
export function legalActions(state: GameState): Action[] {
  if (state.over) return [];
  const actions = legalActionsWithoutSkip(state);
  if (actions.length === 0 && state.rules === 'classic') return [{ type: 'skip' }];
  return actions;
}

/** The board hint for one square: can `seatIndex` move there now, what it costs or earns, and if not, why. */
export function explainTarget(state: GameState, seatIndex: number, square: number): TargetExplanation {
  const verdict = moveVerdict(state, seatIndex, square);
  const kind: SquareKind =
    Number.isInteger(square) && square >= 0 && square <= FINISH ? squareKind(square) : 'start';
  const seat = state.seats[seatIndex];
  let carrots = 0;
  if (seat && kind !== 'start' && square !== seat.position) {
    carrots = square > seat.position ? -moveCost(square - seat.position) : 10 * (seat.position - square);
  }
  const action: Action | null =
    seat && square !== seat.position && kind !== 'start' ? { type: 'move', to: square } : null;
  return verdict.legal
    ? { square, kind, legal: true, action, carrots }
    : { square, kind, legal: false, action, carrots, code: verdict.code, reason: verdict.reason };
}

export { squareLabel };
