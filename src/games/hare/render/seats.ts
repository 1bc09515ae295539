import type { SeatDisplay } from './types';

export function seatDisplay(seats: readonly SeatDisplay[], seatIndex: number): SeatDisplay {
  return seats[seatIndex] ?? { name: `Seat ${seatIndex + 1}`, kind: 'human' };
}

export function kindLabel(display: SeatDisplay): string {
  return display.kind === 'human' ? 'Human' : `Computer · ${display.kind}`;
}

export function rulesLabel(rules: string): string {
  return rules === 'classic' ? 'Classic rules' : 'Standard rules';
}
