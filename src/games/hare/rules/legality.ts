import {
  BOARD,
  FINISH,
  maxAffordableDistance,
  moveCost,
  ordinal,
  squareKind,
  squareLabel,
  tortoiseBehind,
  type SquareKind,
} from './board';
import type { IllegalCode } from './errors';
import { carrotCount } from './counted-nouns';
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

type ForwardProblem = Extract<
  IllegalCode,
  | 'tortoise_forward'
  | 'occupied'
  | 'no_lettuce'
  | 'not_enough_carrots'
  | 'finish_lettuces'
  | 'finish_too_many_carrots'
>;

/** The first rule a forward move breaks, or null. Builds no message, so listing legal moves stays cheap. */
function forwardProblem(
  state: GameState,
  seatIndex: number,
  seat: SeatState,
  to: number,
): ForwardProblem | null {
  const kind = BOARD[to];
  if (kind === 'tortoise') return 'tortoise_forward';
  if (occupantOf(state, to, seatIndex) >= 0) return 'occupied';
  if (kind === 'lettuce' && seat.lettuces === 0) return 'no_lettuce';
  const cost = moveCost(to - seat.position);
  if (cost > seat.carrots) return 'not_enough_carrots';
  if (to === FINISH) {
    if (seat.lettuces > 0) return 'finish_lettuces';
    if (seat.carrots - cost > finishLimit(state)) return 'finish_too_many_carrots';
  }
  return null;
}

function forwardReason(state: GameState, seat: SeatState, to: number, code: ForwardProblem): string {
  const cost = moveCost(to - seat.position);
  switch (code) {
    case 'tortoise_forward':
      return 'tortoise squares can only be reached backwards';
    case 'occupied':
      return `square ${to} is occupied`;
    case 'no_lettuce':
      return 'you have no lettuce left to eat there';
    case 'not_enough_carrots':
      return `square ${to} costs ${carrotCount(cost)}; you have ${seat.carrots}`;
    case 'finish_lettuces':
      return `you need 0 lettuces to finish (you have ${seat.lettuces})`;
    case 'finish_too_many_carrots': {
      const place = state.rules === 'standard' ? ` ${ordinal(state.finishOrder.length + 1)}` : '';
      return `to finish${place} you may keep at most ${finishLimit(state)} carrots; you would have ${seat.carrots - cost}`;
    }
  }
}

function forwardVerdict(state: GameState, seatIndex: number, seat: SeatState, to: number): Verdict {
  const problem = forwardProblem(state, seatIndex, seat, to);
  return problem === null ? OK : illegal(problem, forwardReason(state, seat, to, problem));
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
  if (!Number.isInteger(to))
    return illegal('off_board', `choose a square by its number, a whole number from 1 to ${FINISH}`);
  if (to < 0 || to > FINISH) return illegal('off_board', `there is no square ${to}`);
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
    return illegal('cannot_pay', `paying 10 carrots needs 10; you have ${seat.carrots}`);
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
      return state.rules === 'classic' && !canActWithoutSkipping(state)
        ? OK
        : illegal('skip_not_allowed', 'you may only skip when no other action is possible');
  }
}

function canEatHere(seat: SeatState): boolean {
  return BOARD[seat.position] === 'lettuce' && !seat.ateHere && seat.lettuces > 0;
}

/** The tortoise square the seat may fall back to now, or null. */
function freeTortoiseBehind(state: GameState, seat: SeatState): number | null {
  const tortoise = tortoiseBehind(seat.position);
  return tortoise !== null && occupantOf(state, tortoise) < 0 ? tortoise : null;
}

function farthestAffordable(seat: SeatState): number {
  return Math.min(FINISH, seat.position + maxAffordableDistance(seat.carrots));
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
  if (canEatHere(seat)) actions.push({ type: 'eat' });
  if (BOARD[seat.position] === 'carrot') {
    actions.push({ type: 'carrots', amount: 10 });
    if (seat.carrots >= 10) actions.push({ type: 'carrots', amount: -10 });
  }
  const tortoise = freeTortoiseBehind(state, seat);
  if (tortoise !== null) actions.push({ type: 'move', to: tortoise });
  const farthest = farthestAffordable(seat);
  for (let to = seat.position + 1; to <= farthest; to++) {
    if (forwardProblem(state, state.current, seat, to) === null) actions.push({ type: 'move', to });
  }
  return actions;
}

/** Whether the seat to act has any legal action besides skipping (the same rules as above, stopping early). */
function canActWithoutSkipping(state: GameState): boolean {
  const seat = state.seats[state.current] as SeatState;
  if (state.pending !== null || canEatHere(seat) || BOARD[seat.position] === 'carrot') return true;
  if (freeTortoiseBehind(state, seat) !== null) return true;
  const farthest = farthestAffordable(seat);
  for (let to = seat.position + 1; to <= farthest; to++) {
    if (forwardProblem(state, state.current, seat, to) === null) return true;
  }
  return false;
}

/** The seat to act has no legal action but (classic) skip: under the standard rules it must start again. */
export function isStuck(state: GameState): boolean {
  return !state.over && !canActWithoutSkipping(state);
}

/** Every legal action of the seat to act; [] once the game is over. */
export function legalActions(state: GameState): Action[] {
  if (state.over) return [];
  const actions = legalActionsWithoutSkip(state);
  if (actions.length === 0 && state.rules === 'classic') return [{ type: 'skip' }];
  return actions;
}

/** The move a click on `square` would mean: any forward move, or the fall back to the nearest tortoise. */
function moveTowards(seat: SeatState, square: number): { action: Action; carrots: number } | null {
  if (square > seat.position)
    return { action: { type: 'move', to: square }, carrots: -moveCost(square - seat.position) };
  if (square < seat.position && square === tortoiseBehind(seat.position)) {
    return { action: { type: 'move', to: square }, carrots: 10 * (seat.position - square) };
  }
  return null;
}

/**
 * The board hint for one square: can `seatIndex` move there now, what it costs (negative) or earns, and if not,
 * why. A square off the board is reported with kind 'start' and code off_board.
 */
export function explainTarget(state: GameState, seatIndex: number, square: number): TargetExplanation {
  const seat = state.seats[seatIndex];
  if (seat === undefined) throw new RangeError(`there is no seat ${seatIndex}`);
  const onBoard = Number.isInteger(square) && square >= 0 && square <= FINISH;
  const kind: SquareKind = onBoard ? squareKind(square) : 'start';
  const move = onBoard ? moveTowards(seat, square) : null;
  const verdict = moveVerdict(state, seatIndex, square);
  const action = move?.action ?? null;
  const carrots = move?.carrots ?? 0;
  return verdict.legal
    ? { square, kind, legal: true, action, carrots }
    : { square, kind, legal: false, action, carrots, code: verdict.code, reason: verdict.reason };
}

export { squareLabel };
