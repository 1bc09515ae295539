import { numberSquareRanks, squareKind, STARTING_CARROTS } from './board';
import { changeCarrots } from './carrots';
import { isStuck } from './legality';
import { raceRank, unfinishedCount } from './position';
import { turnLimitReached } from '../../kit/turn-limit';
import type { GameEvent, GameState, SeatState } from './types';

export function historyPoint(seats: SeatState[], turn: number) {
  return { turn, positions: seats.map((s) => s.position), carrots: seats.map((s) => s.carrots) };
}

/** Closes a history point: every seat's square and carrots, and (kept beside them) its lettuces. */
function recordHistory(state: GameState): void {
  state.history = [...state.history, historyPoint(state.seats, state.turn)];
  if (state.lettuceHistory)
    state.lettuceHistory = [...state.lettuceHistory, state.seats.map((seat) => seat.lettuces)];
}

export function finishSeat(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  state.finishOrder.push(seatIndex);
  seat.place = state.finishOrder.length;
  events.push({ type: 'finish', seat: seatIndex, place: seat.place, carrots: seat.carrots });
  if (state.rules === 'classic' || unfinishedCount(state) <= 1) endGame(state, events);
}

/** Places every unfinished seat by race position and ends the game. */
function endGame(state: GameState, events: GameEvent[]): void {
  const ranks = state.seats.map((_, index) => raceRank(state, index));
  state.seats.forEach((seat, index) => {
    if (seat.place === null) seat.place = ranks[index] as number;
  });
  state.over = true;
  state.pending = null;
  recordHistory(state);
  events.push({ type: 'game-over', places: state.seats.map((seat) => seat.place) });
}

export function finishTurn(state: GameState, playAgain: boolean, events: GameEvent[]): void {
  const seat = state.seats[state.current] as SeatState;
  seat.stats.turns += 1;
  if (state.over) return;
  if (playAgain && seat.place === null) {
    events.push({ type: 'play-again', seat: state.current });
    beginTurn(state, events);
    return;
  }
  passTurn(state, events);
}

/** Hands the turn to the next unfinished seat, closing the round (and checking the turn limit) on a wrap. */
function passTurn(state: GameState, events: GameEvent[]): void {
  const count = state.seats.length;
  let next = state.current;
  do next = (next + 1) % count;
  while ((state.seats[next] as SeatState).place !== null);
  if (next <= state.current) {
    if (turnLimitReached(state.turn, state.turnLimit)) {
      events.push({ type: 'turn-limit', turn: state.turn });
      endGame(state, events);
      return;
    }
    recordHistory(state);
    state.turn += 1;
  }
  state.current = next;
  beginTurn(state, events);
}

/** The automatic start of the current seat's turn: a missed turn, a number-square payout, the stuck rule. */
function beginTurn(state: GameState, events: GameEvent[]): void {
  const seatIndex = state.current;
  const seat = state.seats[seatIndex] as SeatState;
  if (seat.missTurns > 0) {
    seat.missTurns -= 1;
    seat.stats.missedTurns += 1;
    events.push({ type: 'miss-turn', seat: seatIndex, square: seat.position });
    passTurn(state, events);
    return;
  }
  payNumberSquare(state, seatIndex, events);
  if (state.rules === 'standard' && isStuck(state)) restartSeat(state, seatIndex, events);
}

function payNumberSquare(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const ranks = numberSquareRanks(squareKind(seat.position));
  if (ranks.length === 0) return;
  const rank = raceRank(state, seatIndex);
  if (!ranks.includes(rank)) return;
  const before = seat.carrots;
  changeCarrots(seat, 10 * rank);
  events.push({
    type: 'number-payout',
    seat: seatIndex,
    square: seat.position,
    rank,
    gain: 10 * rank,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
}

/** Standard rules: a seat with no legal action goes back to the start with 65 carrots and moves off at once. */
function restartSeat(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  seat.position = 0;
  seat.ateHere = false;
  changeCarrots(seat, STARTING_CARROTS - seat.carrots);
  seat.stats.restarts += 1;
  events.push({ type: 'restart', seat: seatIndex, from, carrotsBefore: before, carrotsAfter: seat.carrots });
}
