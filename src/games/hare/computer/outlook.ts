/**
 * Outlook: the solitaire table applied to a real game state, and the facts of the real board the
 * computer players need (race positions, hare-result contexts). The table's typical values are corrected
 * with what the board shows: the seat's race position (lettuce and number-square payouts), missed turns
 * and a pending "chew a carrot".
 */
import { finishLimit, HIDDEN_CARROTS, type GameState, type SeatState } from '../rules/index';
import { FINISH, kindOf, payingRanks } from './board-facts';
import { nearestCarrotSquare, type HareContext } from './hare-outcomes';
import { CARROT_CAP, solitaireTable, type SolitaireTable } from './solitaire';

/** The solitaire table for a runner in the middle of the field, at the game's present finishing limit. */
export function middlingTable(state: GameState): SolitaireTable {
  const seats = state.seats.length;
  const rank = Math.round((seats + 1) / 2);
  return solitaireTable({ rules: state.rules, seats, finishLimit: finishLimit(state), rank });
}

function seatAt(state: GameState, index: number): SeatState {
  return state.seats[index] as SeatState;
}

/** The race position `seatIndex` would have standing on `square` (the others where they are). */
export function rankAt(state: GameState, seatIndex: number, square: number): number {
  let ahead = 0;
  state.seats.forEach((other, index) => {
    if (index === seatIndex) return;
    if (other.place !== null || (square < FINISH && other.position > square)) ahead++;
  });
  return 1 + ahead;
}

function occupied(state: GameState, square: number, except: number): boolean {
  if (square === 0 || square === FINISH) return false;
  return state.seats.some((other, index) => index !== except && other.position === square);
}

/** The nearest unfinished runner's square beyond `square` in a direction, or null. */
function neighbour(state: GameState, seatIndex: number, square: number, direction: 1 | -1): number | null {
  let best: number | null = null;
  state.seats.forEach((other, index) => {
    if (index === seatIndex || other.place !== null) return;
    const gap = (other.position - square) * direction;
    if (gap > 0 && (best === null || (best - square) * direction > gap)) best = other.position;
  });
  return best;
}

function dropBackTarget(state: GameState, seatIndex: number, square: number): number | null {
  const behind = neighbour(state, seatIndex, square, -1);
  if (behind === null) return null;
  let target = Math.max(0, behind - 1);
  while (occupied(state, target, seatIndex)) target--;
  return target;
}

function moveUpTarget(state: GameState, seatIndex: number, square: number): number | null {
  const ahead = neighbour(state, seatIndex, square, 1);
  if (ahead === null) return null;
  let target = ahead + 1;
  while (target < FINISH && occupied(state, target, seatIndex)) target++;
  return target >= FINISH ? null : target;
}

/** The counts a hare result would use if `seatIndex` landed on `square` now, as far as the seat can see them. */
export function hareContextAt(state: GameState, seatIndex: number, square: number): HareContext {
  let behind = 0;
  let othersWithCarrots = 0;
  state.seats.forEach((other, index) => {
    if (index === seatIndex || other.place !== null) return;
    if (other.position < square) behind++;
    // A count the computer may not see (its view hides it) is taken to be above 0, as most are.
    if (other.carrots > 0 || other.carrots === HIDDEN_CARROTS) othersWithCarrots++;
  });
  const rank = rankAt(state, seatIndex, square);
  const classic = state.rules === 'classic';
  const isFree = (target: number) => !occupied(state, target, seatIndex);
  return {
    behind,
    inFront: rank - 1,
    othersWithCarrots,
    rank,
    carrotBehindTo: classic ? nearestCarrotSquare(square, -1, isFree) : null,
    carrotAheadTo: classic ? nearestCarrotSquare(square, 1, isFree) : null,
    dropBackTo: classic ? dropBackTarget(state, seatIndex, square) : null,
    moveUpTo: classic ? moveUpTarget(state, seatIndex, square) : null,
  };
}

/** Carrots a number square will pay the seat at the start of its next turn, if the race stays as it is. */
function numberPayout(state: GameState, seatIndex: number, square: number): number {
  const ranks = payingRanks(square);
  if (ranks.length === 0) return 0;
  const rank = rankAt(state, seatIndex, square);
  return ranks.includes(rank) ? 10 * rank : 0;
}

/**
 * Expected rounds from the start of the seat's next turn (that turn included), for a seat that stands on
 * `square` with the given holdings and whose next turn has not begun (a number square has not paid yet).
 */
function waitingRounds(state: GameState, table: SolitaireTable, seatIndex: number, seat: SeatState): number {
  const { position, carrots, lettuces, ateHere } = seat;
  if (kindOf(position) === 'lettuce' && !ateHere && lettuces > 0)
    return lettuceRounds(state, table, seatIndex, seat);
  return table.value(position, carrots + numberPayout(state, seatIndex, position), lettuces, ateHere);
}

/** On a lettuce square not eaten at yet: eating pays for the real race position (standard: must eat). */
function lettuceRounds(state: GameState, table: SolitaireTable, seatIndex: number, seat: SeatState): number {
  const { position, carrots, lettuces } = seat;
  const gain = 10 * rankAt(state, seatIndex, position);
  const eat = 1 + table.value(position, carrots + gain, lettuces - 1, true);
  return state.rules === 'standard' ? eat : Math.min(eat, table.value(position, carrots, lettuces, false));
}

/**
 * A rival whose carrots the computer's view hides (the standard rules keep them secret): it is taken to hold
 * the count that serves it best where it stands, so the computer never counts on a rival being short.
 */
function unseenRounds(state: GameState, table: SolitaireTable, seatIndex: number, seat: SeatState): number {
  let best = Infinity;
  for (let carrots = 0; carrots <= CARROT_CAP; carrots++)
    best = Math.min(best, waitingRounds(state, table, seatIndex, { ...seat, carrots }));
  return best;
}

/**
 * Expected rounds a seat needs to finish, seen from now: 0 once finished. The seat to act is at the start
 * of its turn (its number square has paid); any other seat is waiting for its next turn.
 */
export function seatRounds(state: GameState, seatIndex: number, table: SolitaireTable): number {
  const seat = seatAt(state, seatIndex);
  if (seat.place !== null) return 0;
  if (seatIndex !== state.current) {
    const unseen = seat.carrots === HIDDEN_CARROTS;
    return seat.missTurns + (unseen ? unseenRounds : waitingRounds)(state, table, seatIndex, seat);
  }
  const { position, carrots, lettuces, ateHere } = seat;
  if (state.pending === 'chew-carrot') {
    const take = table.value(position, carrots + 10, lettuces, ateHere);
    const pay = carrots >= 10 ? table.value(position, carrots - 10, lettuces, ateHere) : Infinity;
    return 1 + Math.min(take, pay);
  }
  if (kindOf(position) === 'lettuce' && !ateHere && lettuces > 0)
    return lettuceRounds(state, table, seatIndex, seat);
  return table.value(position, carrots, lettuces, ateHere);
}
