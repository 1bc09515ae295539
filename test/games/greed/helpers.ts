import { applyAction, applyRollOf, createGame } from '../../../src/games/greed/rules/index';
import type { GameEvent, GameState, GreedOptions } from '../../../src/games/greed/rules/types';

export function newGame(seats = 2, options: Partial<GreedOptions> = {}, seed = 'test'): GameState {
  return createGame({ seats, seed, options });
}

/** Applies a script of turns: numbers are rolls (the dice shown), 'stop' banks. */
export function play(
  state: GameState,
  script: readonly (readonly number[] | 'stop')[],
): { state: GameState; events: GameEvent[] } {
  let current = state;
  const events: GameEvent[] = [];
  for (const step of script) {
    const result = step === 'stop' ? applyAction(current, { type: 'stop' }) : applyRollOf(current, step);
    current = result.state;
    events.push(...result.events);
  }
  return { state: current, events };
}
