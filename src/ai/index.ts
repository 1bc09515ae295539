/** Computer players: pure functions of a game state and their own seeded stream. */
import type { Action, GameState, RngState } from '../engine/index';
import { chooseNoviceAction } from './novice';

export type AiLevel = 'novice' | 'intermediate' | 'advanced';
export const AI_LEVELS: readonly AiLevel[] = ['novice', 'intermediate', 'advanced'];

/** The action a computer seat of `level` takes; `rng` (advanced in place) is its own random stream. */
export function chooseAction(state: GameState, level: AiLevel, rng: RngState): Action {
  switch (level) {
    case 'novice':
    case 'intermediate':
    case 'advanced':
      return chooseNoviceAction(state, rng);
  }
}
