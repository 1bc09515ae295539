import { FINISH, squareKind } from './board';
import { changeCarrots } from './carrots';
import { drawHareCard } from './hare-cards';
import { rollHareDie } from './hare-die';
import { raceRank } from './position';
import { finishSeat } from './turn-flow';
import type { Action, GameEvent, GameState, SeatState } from './types';

/** Applies the chosen action to the seat to act; returns whether that seat plays again at once. */
export function performAction(state: GameState, action: Action, events: GameEvent[]): boolean {
  const seatIndex = state.current;
  const seat = state.seats[seatIndex] as SeatState;
  switch (action.type) {
    case 'move':
      return action.to > seat.position
        ? moveForward(state, seatIndex, action.to, events)
        : moveBack(state, seatIndex, action.to, events);
    case 'eat':
      eatLettuce(state, seatIndex, events);
      return false;
    case 'carrots': {
      const before = seat.carrots;
      const reason = state.pending === 'chew-carrot' ? 'chew' : 'square';
      state.pending = null;
      changeCarrots(seat, action.amount);
      events.push({
        type: 'carrots',
        seat: seatIndex,
        amount: action.amount,
        reason,
        carrotsBefore: before,
        carrotsAfter: seat.carrots,
      });
      return false;
    }
    case 'skip':
      events.push({ type: 'skip', seat: seatIndex, square: seat.position });
      return false;
  }
}

function moveForward(state: GameState, seatIndex: number, to: number, events: GameEvent[]): boolean {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  const cost = ((to - from) * (to - from + 1)) / 2;
  changeCarrots(seat, -cost);
  seat.position = to;
  seat.ateHere = false;
  events.push({
    type: 'move',
    seat: seatIndex,
    from,
    to,
    cost,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
  if (to === FINISH) {
    finishSeat(state, seatIndex, events);
    return false;
  }
  if (squareKind(to) !== 'hare') return false;
  const outcome =
    state.rules === 'standard'
      ? drawHareCard(state, seatIndex, cost, events)
      : rollHareDie(state, seatIndex, cost, events);
  return outcome.playAgain;
}

function moveBack(state: GameState, seatIndex: number, to: number, events: GameEvent[]): boolean {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  const gain = 10 * (from - to);
  changeCarrots(seat, gain);
  seat.position = to;
  seat.ateHere = false;
  events.push({
    type: 'move-back',
    seat: seatIndex,
    from,
    to,
    gain,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
  return false;
}

function eatLettuce(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const rank = raceRank(state, seatIndex);
  const before = seat.carrots;
  seat.lettuces -= 1;
  seat.ateHere = true;
  seat.stats.lettucesEaten += 1;
  changeCarrots(seat, 10 * rank);
  events.push({
    type: 'eat',
    seat: seatIndex,
    square: seat.position,
    rank,
    gain: 10 * rank,
    lettucesAfter: seat.lettuces,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
}
