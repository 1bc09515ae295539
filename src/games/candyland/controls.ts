/** One Draw button; the token of the only action is "d". */
import type { GameControls } from '../contract';
import type { Action, GameState } from './rules/types';
import { words } from './candyland-words';

const DRAW_TOKEN = 'd';

export const candyControls: GameControls<GameState, Action> = {
  rows: (state, seat, language) =>
    state.over || state.current !== seat
      ? []
      : [
          [
            {
              kind: 'button',
              label: words(language)('action.draw'),
              style: 'primary',
              action: { type: 'draw' },
            },
          ],
        ],
  encode: () => DRAW_TOKEN,
  decode: (token) => (token === DRAW_TOKEN ? { type: 'draw' } : null),
};
