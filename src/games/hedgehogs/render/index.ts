/** The Hedgehogs in a Hurry renderer: the board and the summary. */
import type { GameRenderer } from '../../contract';
import type { GameEvent, GameState } from '../rules/types';
import { renderBoard } from './board';
import { renderSummary } from './summary';

export const hedgehogsRenderer: GameRenderer<GameState, GameEvent> = {
  board: renderBoard,
  summary: renderSummary,
};
