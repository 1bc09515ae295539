/** Hedgehogs in a Hurry (Igel Ärgern): stacking hedgehogs on a 6 × 9 board. */
import { withoutStream } from '../kit/view';
import type { GameModule } from '../contract';
import { hedgehogsCatalogue } from './locales/index';
import { hedgehogsComputer } from './computer/index';
import { forwardCommand, placeCommand, sidestepCommand } from './commands';
import { hedgehogControls } from './controls';
import {
  MAX_SEATS,
  MIN_SEATS,
  applyAction,
  createGame,
  currentSeat,
  legalActions,
  standings,
} from './rules/game';
import type { Action, GameEvent, GameState, HedgehogOptions } from './rules/types';
import { hedgehogTexts } from './texts';

export const hedgehogsModule: GameModule<GameState, Action, GameEvent, HedgehogOptions> = {
  key: 'hedgehogs',
  title: 'Hedgehogs in a Hurry',
  emoji: '🦔',
  color: 0x8d6e3f,
  laterStateFields: ['moveLog'],
  seats: { min: MIN_SEATS, max: MAX_SEATS, default: 4 },
  options: [
    {
      type: 'string',
      name: 'obstacles',
      key: 'obstacles',
      description: 'Obstacle squares: the published board, or random columns',
      choices: [
        { value: 'published', label: 'published board' },
        { value: 'random', label: 'random' },
      ],
      default: 'published',
    },
  ],
  turnLimit: { countedBy: 'rules' },
  rules: {
    create: createGame,
    legalActions,
    apply: applyAction,
    currentSeat,
    isOver: (state) => state.phase === 'over',
    standings,
    observe: withoutStream,
  },
  computer: hedgehogsComputer,
  texts: hedgehogTexts,
  controls: hedgehogControls,
  commands: [placeCommand, sidestepCommand, forwardCommand],
  catalogue: hedgehogsCatalogue,
  autoPlayForcedMs: 5000,
  loadRenderer: async () => (await import('./render/index')).hedgehogsRenderer,
};

export type { Action, GameEvent, GameState, HedgehogOptions, Observation } from './rules/types';
