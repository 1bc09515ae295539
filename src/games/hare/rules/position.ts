import type { GameState, SeatState } from './types';

function isAhead(a: SeatState, b: SeatState): boolean {
  if (a.place !== null) return b.place === null || a.place < b.place;
  if (b.place !== null) return false;
  return a.position > b.position;
}

/** Race position: 1 + the number of seats strictly ahead (finished seats ahead of all others). */
export function raceRank(state: GameState, seatIndex: number): number {
  const me = state.seats[seatIndex] as SeatState;
  let ahead = 0;
  for (const other of state.seats) if (other !== me && isAhead(other, me)) ahead++;
  return 1 + ahead;
}

/** Seats strictly in front of a seat: finished seats and unfinished seats on a higher square. */
export function countInFront(state: GameState, seatIndex: number): number {
  return raceRank(state, seatIndex) - 1;
}

/** Unfinished seats strictly behind a seat, by index. */
export function seatsBehind(state: GameState, seatIndex: number): number[] {
  const me = state.seats[seatIndex] as SeatState;
  const behind: number[] = [];
  state.seats.forEach((other, index) => {
    if (index !== seatIndex && other.place === null && other.position < me.position) behind.push(index);
  });
  return behind;
}

/** The seat standing on a square (start and finish are never occupied), or -1. */
export function occupantOf(state: GameState, square: number, except = -1): number {
  if (square === 0 || square === 64) return -1;
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) {
    if (i !== except && (seats[i] as SeatState).position === square) return i;
  }
  return -1;
}

export function unfinishedCount(state: GameState): number {
  let count = 0;
  for (const seat of state.seats) if (seat.place === null) count++;
  return count;
}
