/** Schema parts every game's state shares. */
import { z } from 'zod';

export const int = () => z.number().int();
export const count = () => z.number().int().min(0);

/** The random stream as every view shows it: four zeros (no view foretells a roll or a card). */
export const hiddenStream = z
  .tuple([z.literal(0), z.literal(0), z.literal(0), z.literal(0)])
  .describe('the random stream, always blank in an observed state');

/** A game's random stream in full (generator 1: four words; generator 2: HMAC-SHA256 in counter mode). */
export const anyStream = z.union([
  z.tuple([count(), count(), count(), count()]),
  z.strictObject({ key: z.string(), counter: count(), words: z.array(count()) }),
]);

/** The seat to act's place once over: 1 is best; equal seats share a place. */
export const standing = z.strictObject({ seat: count(), place: int().min(1) });
