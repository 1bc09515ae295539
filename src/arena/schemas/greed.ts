/** Greed's observed state and actions (src/games/greed/rules/types.ts; docs/rules/greed.md). */
import { z } from 'zod';
import { count, hiddenStream, int } from './common';

export const greedAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('roll') }).describe('throw the dice in the cup'),
  z.strictObject({ type: z.literal('stop') }).describe('bank the turn total (only after a roll that scored)'),
]);

export const greedState = z.strictObject({
  options: z.strictObject({
    dice: int().min(1),
    faces: int().min(2),
    entry: count(),
    target: int().min(1),
    turnLimit: int().min(1).nullable(),
  }),
  seats: int().min(2),
  rng: hiddenStream,
  current: count().describe('the seat to act'),
  scores: z.array(count()).describe('banked score by seat'),
  turnTotal: count().describe('points of the current turn so far'),
  diceInCup: int().min(1).describe('dice the next roll throws'),
  rolled: z
    .boolean()
    .describe('whether the seat to act has rolled this turn without busting (then it may stop)'),
  lastRoll: z
    .strictObject({ seat: count(), dice: z.array(int().min(1)), score: count(), bust: z.boolean() })
    .nullable(),
  finalRound: z.boolean(),
  round: count().describe('complete rounds played'),
  over: z.boolean(),
  history: z.array(z.array(count())).describe("each seat's banked score after each of its turns"),
  tallies: z.array(z.strictObject({ turns: count(), busts: count(), bestTurn: count(), hotDice: count() })),
  choices: z.array(count()).optional().describe('every roll-or-stop choice, coded (for the summary)'),
});
