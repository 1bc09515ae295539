/**
 * A starter player for Hare & Tortoise (docs/players-protocol.md).
 *
 *   npm run arena -- --game hare --players ./players/typescript/hare.ts novice --games 10
 */
import { pick, play } from './protocol';

type Action =
  { type: 'move'; to: number } | { type: 'eat' } | { type: 'carrots'; amount: 10 | -10 } | { type: 'skip' };

interface Runner {
  position: number; // 0 start .. 64 finish
  carrots: number; // -1: secret (another runner's, under the standard rules)
  lettuces: number;
}

interface State {
  rules: 'standard' | 'classic';
  seats: Runner[];
}

play<State, Action>('typescript-hare-starter', ({ state, seat, legal }, random) => {
  // This is where your strategy goes: `legal` lists every action you may take now.
  const me = state.seats[seat]!;
  const finish = legal.find((action) => action.type === 'move' && action.to === 64);
  if (finish) return finish;
  const eat = legal.find((action) => action.type === 'eat');
  if (eat && me.lettuces > 0) return eat;
  return pick(legal, random);
});
