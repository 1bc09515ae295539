/** Greed: the dice game of the 1989 specification, with greediness levels and an expert. */
import { withoutStream } from '../kit/view';
import type { GameModule, OptionSpec } from '../contract';
import { greedCatalogue } from './locales/index';
import { greedComputer } from './computer/index';
import { rollCommand, stopCommand } from './commands';
import { greedControls } from './controls';
import {
  MIN_SEATS,
  OPTION_RANGES,
  applyAction,
  createGame,
  currentSeat,
  legalActions,
  standings,
} from './rules/index';
import type { Action, GameEvent, GameState, GreedOptions } from './rules/types';
import { greedTexts } from './texts';

function integerOption(key: keyof typeof OPTION_RANGES, description: string): OptionSpec {
  const range = OPTION_RANGES[key];
  return {
    type: 'integer',
    name: key,
    key,
    description,
    min: range.min,
    max: range.max,
    step: range.step,
    default: range.default,
  };
}

export const greedModule: GameModule<GameState, Action, GameEvent, GreedOptions> = {
  key: 'greed',
  title: 'Greed',
  emoji: '🎲',
  color: 0xc9302c,
  laterStateFields: ['choices'],
  seats: { min: MIN_SEATS, max: 6, default: 4 },
  options: [
    integerOption('dice', 'Dice in the cup (3–8, default 5)'),
    integerOption('faces', 'Faces per die (4–12, default 6)'),
    integerOption('entry', 'Points a first roll needs to enter (0–1,000, steps of 50; default 300)'),
    integerOption('target', 'Score that starts the final round (1,000–20,000, steps of 50; default 5,000)'),
  ],
  turnLimit: { countedBy: 'rules' },
  rules: {
    create: createGame,
    legalActions,
    apply: applyAction,
    currentSeat,
    isOver: (state) => state.over,
    standings,
    observe: withoutStream,
  },
  computer: greedComputer,
  texts: greedTexts,
  controls: greedControls,
  commands: [rollCommand, stopCommand],
  catalogue: greedCatalogue,
  loadRenderer: async () => (await import('./render/index')).greedRenderer,
};

export type { Action, GameEvent, GameState, GreedOptions, Observation } from './rules/types';
