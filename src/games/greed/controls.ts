/** Roll and Stop buttons; Stop says what it banks. */
import type { Control, GameControls } from '../contract';
import type { Action, GameState } from './rules/types';

const TOKENS: Record<Action['type'], string> = { roll: 'r', stop: 's' };

function rollLabel(state: GameState): string {
  const dice = state.diceInCup === 1 ? '1 die' : `${state.diceInCup} dice`;
  return `Roll ${dice}`;
}

export const greedControls: GameControls<GameState, Action> = {
  rows: (state, seat) => {
    if (state.over || state.current !== seat) return [];
    const row: Control<Action>[] = [
      { kind: 'button', label: rollLabel(state), style: 'primary', action: { type: 'roll' } },
    ];
    if (state.rolled)
      row.push({
        kind: 'button',
        label: `Stop: bank ${state.turnTotal.toLocaleString('en-US')}`,
        style: 'success',
        action: { type: 'stop' },
      });
    return [row];
  },
  encode: (action) => TOKENS[action.type],
  decode: (token) => (token === 'r' ? { type: 'roll' } : token === 's' ? { type: 'stop' } : null),
};
