/** Hare & Tortoise's observed state and actions (src/games/hare/rules/types.ts; docs/rules/hare.md). */
import { z } from 'zod';
import { anyStream, count, hiddenStream, int } from './common';

const square = () => int().min(0).max(64);
/** A carrot count, or -1 where it is secret to the viewer (another runner's under the standard rules). */
const carrots = () => int().min(-1);

const HARE_CARDS = [
  'players-behind',
  'lettuce-bonus',
  'restore-65',
  'lose-half',
  'free-ride',
  'show-carrots',
  'give-10',
  'shuffle',
] as const;

export const hareAction = z.discriminatedUnion('type', [
  z
    .strictObject({ type: z.literal('move'), to: square() })
    .describe('move forward (or back to a tortoise) to square `to`'),
  z.strictObject({ type: z.literal('eat') }).describe('eat a lettuce on a lettuce square'),
  z
    .strictObject({ type: z.literal('carrots'), amount: z.union([z.literal(10), z.literal(-10)]) })
    .describe('on a carrot square: take (10) or pay (-10) ten carrots'),
  z.strictObject({ type: z.literal('skip') }).describe('pass (only when nothing else is legal)'),
]);

const seatState = z.strictObject({
  position: square(),
  carrots: carrots(),
  lettuces: count(),
  place: int().min(1).nullable(),
  missTurns: count(),
  ateHere: z.boolean(),
  stats: z.strictObject({
    turns: count(),
    carrotsSpent: carrots(),
    carrotsEarned: carrots(),
    lettucesEaten: count(),
    hareResults: count(),
    missedTurns: count(),
    restarts: count(),
  }),
});

export const hareState = z.strictObject({
  format: z.literal(1),
  rules: z.enum(['standard', 'classic']),
  seats: z.array(seatState),
  current: count().describe('the seat to act'),
  over: z.boolean(),
  turn: int().min(1).describe('the round, from 1'),
  turnLimit: int().min(1).nullable(),
  pending: z.literal('chew-carrot').nullable().describe('classic rules: a decision before anything else'),
  deck: z.array(z.enum(HARE_CARDS)).describe('the hare cards left, sorted (their order is secret)'),
  rng: hiddenStream,
  finishOrder: z.array(count()),
  history: z.array(
    z.strictObject({ turn: count(), positions: z.array(square()), carrots: z.array(carrots()) }),
  ),
  lettuceHistory: z.array(z.array(count())).optional(),
  actionLog: z
    .strictObject({ startRng: anyStream, actions: z.array(count()) })
    .optional()
    .describe('every action so far, coded (for the summary)'),
});
