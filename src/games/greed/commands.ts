/**
 * `/greed roll` and `/greed stop`. A command out of turn or after the end goes on to the service, which
 * refuses it in the words every game's buttons use.
 */
import type { PlayCommand } from '../contract';
import type { Action, GameState } from './rules/types';
import { greedWords } from './greed-words';

function onTurn(state: GameState, seat: number): boolean {
  return !state.over && state.current === seat;
}

export const rollCommand: PlayCommand<GameState, Action> = {
  name: 'roll',
  description: 'Roll the dice in the cup',
  options: [],
  toAction: () => ({ type: 'roll' }),
  available: (state, seat) => onTurn(state, seat),
};

export const stopCommand: PlayCommand<GameState, Action> = {
  name: 'stop',
  description: 'Stop and bank your turn total',
  options: [],
  toAction: (_values, state, seat, language) => {
    if (onTurn(state, seat) && !state.rolled) return { error: greedWords(language)('refusals.rollFirst') };
    return { type: 'stop' };
  },
  available: (state, seat) => onTurn(state, seat) && state.rolled,
};
