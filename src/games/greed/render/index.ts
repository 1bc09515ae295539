/** The Greed renderer: the table and the summary. */
import type { GameRenderer } from '../../contract';
import type { GameEvent, GameState } from '../rules/types';
import { renderSummary } from './summary';
import { renderTable } from './table';

export const greedRenderer: GameRenderer<GameState, GameEvent> = {
  board: renderTable,
  summary: renderSummary,
};
