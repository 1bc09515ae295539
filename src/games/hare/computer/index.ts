/** Computer players: pure functions of a game state and their own seeded stream. */
import type { Action, GameState, RngState } from '../rules/index';
import { chooseAdvancedAction, type AdvancedOptions } from './advanced';
import { chooseIntermediateAction } from './intermediate';
import { chooseNoviceAction } from './novice';

export type AiLevel = 'novice' | 'intermediate' | 'advanced';
export const AI_LEVELS: readonly AiLevel[] = ['novice', 'intermediate', 'advanced'];

export interface AiOptions {
  /** Search budget of the advanced player (see AdvancedOptions); the default is the real player. */
  advanced?: AdvancedOptions;
}

/**
 * The action a computer seat of `level` takes; `rng` (advanced in place) is its own random stream.
 * The same state and the same stream give the same action. Never an illegal action.
 */
export function chooseAction(
  state: GameState,
  level: AiLevel,
  rng: RngState,
  options: AiOptions = {},
): Action {
  switch (level) {
    case 'novice':
      return chooseNoviceAction(state, rng);
    case 'intermediate':
      return chooseIntermediateAction(state);
    case 'advanced':
      return chooseAdvancedAction(state, options.advanced);
  }
}

export { DEFAULT_ADVANCED_OPTIONS, type AdvancedOptions } from './advanced';
