/** Candy Land's observed state and action (src/games/candyland/rules/types.ts; docs/rules/candyland.md). */
import { z } from 'zod';
import { count, hiddenStream, int } from './common';

const COLORS = ['red', 'purple', 'yellow', 'blue', 'orange', 'green'] as const;
const PICTURES = ['cupcake', 'ice-cream', 'star', 'gingerbread', 'lollipop', 'ice-pop', 'chocolate'] as const;

const card = z.union([
  z.strictObject({ color: z.enum(COLORS), count: z.union([z.literal(1), z.literal(2)]) }),
  z.strictObject({ picture: z.enum(PICTURES) }),
]);

export const candylandAction = z.strictObject({ type: z.literal('draw') }).describe('draw the top card');

export const candylandState = z.strictObject({
  seats: int().min(2),
  positions: z.array(int().min(0).max(133)).describe('by seat; 0 = start, 133 = Candy Castle'),
  loseTurn: z.array(z.boolean()).describe('whose next turn is lost to licorice'),
  current: count().describe('the seat to draw next'),
  round: count(),
  draws: count(),
  drawPile: z.array(count()).describe('the card codes left, sorted (their order is secret)'),
  discard: z.array(count()).describe('card codes drawn since the last shuffle, oldest first'),
  rng: hiddenStream,
  turnLimit: int().min(1).nullable(),
  over: z.boolean(),
  winner: count().nullable(),
  lastDraw: z.strictObject({ seat: count(), card, from: count(), to: count() }).nullable(),
  progress: z.array(z.array(count())).describe("every pawn's position after each complete round"),
  tallies: z.array(
    z.strictObject({ cardsDrawn: count(), shortcuts: count(), licorice: count(), sentBack: count() }),
  ),
});
