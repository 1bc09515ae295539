/**
 * A starter player for Candy Land (docs/players-protocol.md): the only action is to draw.
 *
 *   npm run arena -- --game candyland --players ./players/typescript/candyland.ts auto --games 10
 */
import { play } from './protocol';

type Action = { type: 'draw' };

interface State {
  positions: number[]; // by seat; 0 start .. 133 Candy Castle
  drawPile: number[]; // the codes of the cards left, sorted (their order is secret)
}

play<State, Action>('typescript-candyland-starter', ({ legal }) => {
  // The cards decide Candy Land; a strategy would go here.
  return legal[0]!;
});
