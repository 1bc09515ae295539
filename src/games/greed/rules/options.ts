/** Greed's options: defaults, ranges, and the check `create` makes. */
import { GameOptionError } from '../../kit/errors';
import { checkedTurnLimit } from '../../kit/turn-limit';
import type { GreedOptions } from './types';

export const MIN_SEATS = 2;
export const MAX_SEATS = 8;

interface Range {
  min: number;
  max: number;
  step: number;
  default: number;
}

export const OPTION_RANGES = {
  dice: { min: 3, max: 8, step: 1, default: 5 },
  faces: { min: 4, max: 12, step: 1, default: 6 },
  entry: { min: 0, max: 1000, step: 50, default: 300 },
  target: { min: 1000, max: 20000, step: 50, default: 5000 },
} as const satisfies Record<string, Range>;

function checked(name: keyof typeof OPTION_RANGES, value: unknown): number {
  const range: Range = OPTION_RANGES[name];
  if (value === undefined || value === null) return range.default;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max)
    throw new GameOptionError(
      `${name} must be a whole number from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`,
    );
  if (value % range.step !== 0) throw new GameOptionError(`${name} must be a multiple of ${range.step}`);
  return value;
}

export function resolveOptions(options: Partial<GreedOptions> = {}): GreedOptions {
  return {
    dice: checked('dice', options.dice),
    faces: checked('faces', options.faces),
    entry: checked('entry', options.entry),
    target: checked('target', options.target),
    turnLimit: checkedTurnLimit(options.turnLimit),
  };
}

export function checkSeats(seats: unknown): number {
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    throw new GameOptionError(`Greed is played by ${MIN_SEATS} to ${MAX_SEATS} seats`);
  return seats;
}
