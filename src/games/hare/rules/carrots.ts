import type { SeatState } from './types';

/** Changes a seat's carrots (never below 0) and keeps its spent/earned figures. */
export function changeCarrots(seat: SeatState, delta: number): void {
  const after = Math.max(0, seat.carrots + delta);
  const real = after - seat.carrots;
  if (real < 0) seat.stats.carrotsSpent -= real;
  else seat.stats.carrotsEarned += real;
  seat.carrots = after;
}
