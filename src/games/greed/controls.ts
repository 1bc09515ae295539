/** Roll and Stop buttons; Stop says what it banks. */
import type { Control, GameControls } from '../contract';
import type { Action, GameState } from './rules/types';
import { diceWord, greedWords } from './greed-words';

const TOKENS: Record<Action['type'], string> = { roll: 'r', stop: 's' };

export const greedControls: GameControls<GameState, Action> = {
  rows: (state, seat, language) => {
    if (state.over || state.current !== seat) return [];
    const t = greedWords(language);
    const row: Control<Action>[] = [
      {
        kind: 'button',
        label: t('controls.roll', { dice: diceWord(t, state.diceInCup) }),
        style: 'primary',
        action: { type: 'roll' },
      },
    ];
    if (state.rolled)
      row.push({
        kind: 'button',
        label: t('controls.stop', { total: state.turnTotal }),
        style: 'success',
        action: { type: 'stop' },
      });
    return [row];
  },
  encode: (action) => TOKENS[action.type],
  decode: (token) => (token === 'r' ? { type: 'roll' } : token === 's' ? { type: 'stop' } : null),
};
