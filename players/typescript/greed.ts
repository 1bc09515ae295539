/**
 * A starter player for Greed (docs/players-protocol.md).
 *
 *   npm run arena -- --game greed --players ./players/typescript/greed.ts steady --games 10
 */
import { pick, play } from './protocol';

type Action = { type: 'roll' } | { type: 'stop' };

interface State {
  scores: number[]; // banked score by seat
  turnTotal: number; // points of this turn so far
  diceInCup: number; // dice the next roll throws
  options: { target: number };
}

play<State, Action>('typescript-greed-starter', ({ state, legal }, random) => {
  // This is where your strategy goes: roll on, or bank the turn total.
  const stop = legal.find((action) => action.type === 'stop');
  if (stop && state.turnTotal >= 300) return stop;
  return pick(legal, random);
});
