/** The Candy Land renderer: board, summary and the simulator's image. */
import type { GameRenderer } from '../../contract';
import type { GameEvent, GameState } from '../rules/types';
import { renderBoard } from './board';
import { renderSummary } from './summary';
import { renderSimulation } from './simulation';

export const candyRenderer: GameRenderer<GameState, GameEvent> = {
  board: renderBoard,
  summary: renderSummary,
  tool: renderSimulation,
};
