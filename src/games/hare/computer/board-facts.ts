/**
 * Board facts copied into plain local arrays once: the computer players' inner loops read them millions
 * of times, and local arrays are much faster to read than imported bindings under some module loaders.
 */
import {
  BOARD,
  FINISH as FINISH_SQUARE,
  numberSquareRanks,
  tortoiseBehind,
  type SquareKind,
} from '../rules/index';

export const FINISH = FINISH_SQUARE;

const KINDS: readonly SquareKind[] = BOARD.slice();
const TORTOISE_BEHIND: readonly (number | null)[] = KINDS.map((_, square) => tortoiseBehind(square));
const PAYING_RANKS: readonly (readonly number[])[] = KINDS.map((kind) => numberSquareRanks(kind));

export function kindOf(square: number): SquareKind {
  return KINDS[square] as SquareKind;
}

export function tortoiseBehindOf(square: number): number | null {
  return TORTOISE_BEHIND[square] ?? null;
}

/** Carrots to move forward `distance` squares. */
export function costOf(distance: number): number {
  return (distance * (distance + 1)) / 2;
}

/** The race positions a number square pays for, or [] for other squares. */
export function payingRanks(square: number): readonly number[] {
  return PAYING_RANKS[square] ?? [];
}

/** Square kinds as small codes, for the planners' typed-array loops. */
export const Code = { Plain: 0, Hare: 1, Lettuce: 2, Tortoise: 3, Carrot: 4, Number: 5, Finish: 6 } as const;

/** SQUARE_CODES[square] is the Code of each square, 0..64. */
export const SQUARE_CODES: Int8Array = Int8Array.from({ length: FINISH + 1 }, (_, square) => {
  switch (kindOf(square)) {
    case 'hare':
      return Code.Hare;
    case 'lettuce':
      return Code.Lettuce;
    case 'tortoise':
      return Code.Tortoise;
    case 'carrot':
      return Code.Carrot;
    case 'finish':
      return Code.Finish;
    default:
      return payingRanks(square).length > 0 ? Code.Number : Code.Plain;
  }
});

/** TORTOISE_SQUARE_BEHIND[square] is the nearest tortoise square behind, or -1. */
export const TORTOISE_SQUARE_BEHIND: Int8Array = Int8Array.from(
  { length: FINISH },
  (_, square) => tortoiseBehind(square) ?? -1,
);
