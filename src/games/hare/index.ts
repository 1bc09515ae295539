/** Hare & Tortoise (David Parlett, 1974): the platform's first game module. */
import type { GameModule } from '../contract';
import { hareCatalogue } from './locales/index';
import { HARE_COMMANDS } from './commands';
import { AI_LEVELS, chooseAction, type AiLevel } from './computer/index';
import { hareControls } from './controls';
import { hareRules, type HareOptions } from './module-rules';
import { MAX_SEATS, MIN_SEATS, type Action, type GameEvent, type GameState } from './rules/index';
import { hareTexts } from './texts';

export const hareModule: GameModule<GameState, Action, GameEvent, HareOptions> = {
  key: 'hare',
  title: 'Hare & Tortoise',
  emoji: '🐇',
  color: 0x3f8f4f,
  laterStateFields: ['lettuceHistory', 'actionLog'],
  seats: { min: MIN_SEATS, max: MAX_SEATS, default: 4 },
  options: [
    {
      type: 'string',
      name: 'rules',
      key: 'rules',
      description: 'Rule set (default: standard)',
      choices: [
        { value: 'standard', label: 'standard: the published game, hare cards' },
        { value: 'classic', label: 'classic: the 2007 rules, hare die' },
      ],
      default: 'standard',
    },
  ],
  optionsBeforeSeats: 1,
  turnLimit: { countedBy: 'rules' },
  rules: hareRules,
  computer: {
    levels: AI_LEVELS,
    defaultLevel: 'intermediate',
    choose: (state, level, rng) => chooseAction(state, level as AiLevel, rng),
  },
  texts: hareTexts,
  controls: hareControls,
  commands: HARE_COMMANDS,
  catalogue: hareCatalogue,
  loadRenderer: async () => (await import('./render/index')).hareRenderer,
};
