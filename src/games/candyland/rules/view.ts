/**
 * What a seat may see of a Candy Land game (GameRules.observe): everything but the random stream and the
 * order of the draw pile (its cards are known: the deck less the discards, so the pile is kept sorted).
 */
import { hiddenStream } from '../../kit/view';
import type { GameState } from './types';

export function observeTable(state: GameState): GameState {
  return { ...state, drawPile: [...state.drawPile].sort((a, b) => a - b), rng: hiddenStream() };
}
