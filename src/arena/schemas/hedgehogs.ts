/** Hedgehogs in a Hurry's observed state and actions (src/games/hedgehogs/rules/types.ts). Rows 1–6, columns 0–8. */
import { z } from 'zod';
import { count, hiddenStream, int } from './common';

const row = () => int().min(1).max(6);
const col = () => int().min(0).max(8);

export const hedgehogsAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('place'), row: row() }).describe('a placement turn: a hedgehog into row'),
  z
    .strictObject({ type: z.literal('sidestep'), row: row(), col: col(), to: row() })
    .describe('move the own top hedgehog at (row, col) to the row next to it'),
  z.strictObject({ type: z.literal('no-sidestep') }).describe('decline the sidestep'),
  z
    .strictObject({ type: z.literal('forward'), row: row(), col: col() })
    .describe('move the top hedgehog at (row = the die, col) one column forward'),
]);

export const hedgehogsState = z.strictObject({
  seats: int().min(2),
  options: z.strictObject({ obstacles: z.enum(['published', 'random']), turnLimit: int().min(1).nullable() }),
  rng: hiddenStream,
  obstacles: z.array(col()).describe('obstacle column by row (row 1 first)'),
  stacks: z.array(z.array(z.array(count()))).describe('stacks[row - 1][col]: seats, bottom to top'),
  phase: z.enum(['place', 'sidestep', 'forward', 'over']),
  current: count().describe('the seat to act'),
  placed: count().describe('placement turns played'),
  die: int().min(1).max(6).nullable().describe("the current turn's roll; null while placing"),
  rolls: z.array(z.strictObject({ seat: count(), die: int().min(1).max(6) })),
  round: count(),
  winner: count().nullable(),
  progress: z.array(z.array(count())),
  tallies: z.array(z.strictObject({ movedOthers: count(), heldTurns: count(), sidesteps: count() })),
  moveLog: z.array(count()).optional().describe('every hedgehog moved, coded (for the summary)'),
});
