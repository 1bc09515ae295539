/** `/greed roll` and `/greed stop`. */
import type { PlayCommand } from '../contract';
import type { Action, GameState } from './rules/types';

function notYours(state: GameState, seat: number): string | null {
  if (state.over) return 'The game is over.';
  if (state.current !== seat) return 'It is not your turn.';
  return null;
}

export const rollCommand: PlayCommand<GameState, Action> = {
  name: 'roll',
  description: 'Roll the dice in the cup',
  options: [],
  toAction: (_values, state, seat) => {
    const error = notYours(state, seat);
    return error ? { error } : { type: 'roll' };
  },
  available: (state, seat) => notYours(state, seat) === null,
};

export const stopCommand: PlayCommand<GameState, Action> = {
  name: 'stop',
  description: 'Stop and bank your turn total',
  options: [],
  toAction: (_values, state, seat) => {
    const error = notYours(state, seat);
    if (error) return { error };
    if (!state.rolled) return { error: 'Roll first: you can stop only after a roll that scored.' };
    return { type: 'stop' };
  },
  available: (state, seat) => notYours(state, seat) === null && state.rolled,
};
