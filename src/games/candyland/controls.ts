/** One Draw button; the token of the only action is "d". */
import type { GameControls } from '../contract';
import type { Action, GameState } from './rules/types';

const DRAW_TOKEN = 'd';

export const candyControls: GameControls<GameState, Action> = {
  rows: (state, seat) =>
    state.over || state.current !== seat
      ? []
      : [[{ kind: 'button', label: 'Draw a card', style: 'primary', action: { type: 'draw' } }]],
  encode: () => DRAW_TOKEN,
  decode: (token) => (token === DRAW_TOKEN ? { type: 'draw' } : null),
};
