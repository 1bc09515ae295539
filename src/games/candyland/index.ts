/** Candy Land: a race decided by the cards alone, and a simulator of many games. */
import type { GameModule } from '../contract';
import { candylandCatalogue } from './locales/index';
import { candyControls } from './controls';
import {
  MAX_SEATS,
  MIN_SEATS,
  applyAction,
  createGame,
  currentSeat,
  legalActions,
  standings,
} from './rules/game';
import { observeTable } from './rules/view';
import { candyTexts } from './texts';
import { drawCommand, simulateTool } from './tools';
import type { Action, CandyOptions, GameEvent, GameState } from './rules/types';

export const COMPUTER_LEVELS = ['auto'] as const;

export const candylandModule: GameModule<GameState, Action, GameEvent, CandyOptions> = {
  key: 'candyland',
  title: 'Candy Land',
  emoji: '🍭',
  color: 0xe0457b,
  seats: { min: MIN_SEATS, max: MAX_SEATS, default: 4 },
  options: [],
  turnLimit: { countedBy: 'rules' },
  rules: {
    create: createGame,
    legalActions,
    apply: applyAction,
    currentSeat,
    isOver: (state) => state.over,
    standings,
    endedByTurnLimit: (state) => state.over && state.winner === null,
    observe: observeTable,
  },
  computer: {
    levels: COMPUTER_LEVELS,
    defaultLevel: 'auto',
    choose: () => ({ type: 'draw' }),
  },
  texts: candyTexts,
  controls: candyControls,
  commands: [drawCommand],
  tools: [simulateTool],
  catalogue: candylandCatalogue,
  autoPlayForcedMs: 4000,
  loadRenderer: async () => (await import('./render/index')).candyRenderer,
};

export type { Action, CandyOptions, GameEvent, GameState, Observation } from './rules/types';
