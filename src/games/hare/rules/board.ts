/** The board of the original English edition: index 0 is the start, 1..63 the squares, 64 the finish. */

export type SquareKind =
  'start' | 'hare' | 'carrot' | 'lettuce' | 'tortoise' | 'n2' | 'n3' | 'n4' | 'n156' | 'finish';

export const START = 0;
export const FINISH = 64;
export const STARTING_CARROTS = 65;
export const STARTING_LETTUCES = 3;

const LAYOUT: Record<Exclude<SquareKind, 'start' | 'finish'>, readonly number[]> = {
  hare: [1, 3, 6, 14, 25, 31, 34, 39, 46, 51, 58, 62],
  carrot: [2, 5, 13, 21, 26, 33, 38, 40, 49, 55, 59, 61, 63],
  lettuce: [10, 22, 42, 57],
  tortoise: [11, 15, 19, 24, 30, 37, 43, 50, 56],
  n2: [8, 17, 23, 29, 35, 41, 47, 53],
  n3: [4, 12, 20, 28, 36, 44, 52],
  n4: [9, 18, 27, 45, 54],
  n156: [7, 16, 32, 48, 60],
};

function buildBoard(): readonly SquareKind[] {
  const squares: SquareKind[] = new Array<SquareKind>(FINISH + 1);
  squares[START] = 'start';
  squares[FINISH] = 'finish';
  for (const [kind, indices] of Object.entries(LAYOUT) as [SquareKind, readonly number[]][]) {
    for (const index of indices) squares[index] = kind;
  }
  return squares;
}

/** BOARD[i] is the kind of square i. */
export const BOARD: readonly SquareKind[] = buildBoard();

export function squareKind(index: number): SquareKind {
  const kind = BOARD[index];
  if (kind === undefined) throw new RangeError(`no square ${index}`);
  return kind;
}

/** The race positions a number square pays for (n156 pays for 1, 5 and 6). */
export function numberSquareRanks(kind: SquareKind): readonly number[] {
  switch (kind) {
    case 'n2':
      return [2];
    case 'n3':
      return [3];
    case 'n4':
      return [4];
    case 'n156':
      return [1, 5, 6];
    default:
      return [];
  }
}

/** Carrots to move forward n squares: n(n+1)/2. */
export function moveCost(distance: number): number {
  return (distance * (distance + 1)) / 2;
}

/** How far forward a seat can afford to go with the given carrots. */
export function maxAffordableDistance(carrots: number): number {
  return Math.floor((Math.sqrt(8 * carrots + 1) - 1) / 2);
}

const TORTOISE_SQUARES = LAYOUT.tortoise;

/** The nearest tortoise square strictly behind `position`, or null. */
export function tortoiseBehind(position: number): number | null {
  let found: number | null = null;
  for (const square of TORTOISE_SQUARES) {
    if (square < position) found = square;
    else break;
  }
  return found;
}

export function squareLabel(index: number): string {
  const kind = squareKind(index);
  switch (kind) {
    case 'n2':
      return 'number 2';
    case 'n3':
      return 'number 3';
    case 'n4':
      return 'number 4';
    case 'n156':
      return 'number 1/5/6';
    default:
      return kind;
  }
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st … */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
