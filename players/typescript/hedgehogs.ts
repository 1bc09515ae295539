/**
 * A starter player for Hedgehogs in a Hurry (docs/players-protocol.md).
 *
 *   npm run arena -- --game hedgehogs --players ./players/typescript/hedgehogs.ts novice --games 10
 */
import { pick, play } from './protocol';

type Action =
  | { type: 'place'; row: number }
  | { type: 'sidestep'; row: number; col: number; to: number }
  | { type: 'no-sidestep' }
  | { type: 'forward'; row: number; col: number };

interface State {
  phase: 'place' | 'sidestep' | 'forward' | 'over';
  die: number | null; // the row that moves forward this turn
  stacks: number[][][]; // stacks[row - 1][col]: seats, bottom to top; rows 1–6, columns 0–8 (8: the goal)
}

play<State, Action>('typescript-hedgehogs-starter', ({ state, seat, legal }, random) => {
  // This is where your strategy goes. The starter moves one of its own hedgehogs forward when it can.
  const mine = legal.filter(
    (action) => action.type === 'forward' && state.stacks[action.row - 1]![action.col]!.at(-1) === seat,
  );
  return pick(mine.length > 0 ? mine : legal, random);
});
