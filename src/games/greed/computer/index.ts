/** Greed's computer players: three greediness levels and the expert. */
import type { ComputerPlayers } from '../../contract';
import type { Action, GameState } from '../rules/types';
import { expertChoice } from './expert';
import { GREEDINESS, thresholdChoice } from './thresholds';

export const COMPUTER_LEVELS = ['cautious', 'steady', 'greedy', 'expert'] as const;
export type GreedLevel = (typeof COMPUTER_LEVELS)[number];

export function chooseAction(state: GameState, level: string): Action {
  if (level === 'expert') return expertChoice(state);
  const greediness = GREEDINESS[level as keyof typeof GREEDINESS] ?? GREEDINESS.steady;
  return thresholdChoice(state, greediness);
}

export const greedComputer: ComputerPlayers<GameState, Action> = {
  levels: COMPUTER_LEVELS,
  defaultLevel: 'steady',
  choose: (state, level) => chooseAction(state, level),
};

export { bustStreak, GREEDINESS } from './thresholds';
export { raceChance } from './expert';
export { chanceToReach, pointsTable } from './turn-values';
