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

/** The seat's name, with its computer level when the name does not say it already ("Intermediate 2" does). */
export function displayName(display: SeatDisplay): string {
  const named = display.name.toLowerCase().includes(display.kind.toLowerCase());
  const level = display.kind !== 'human' && !named ? ` (${display.kind})` : '';
  return `${display.name}${level}`;
}
