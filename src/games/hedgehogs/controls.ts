/** Buttons and a menu under the board, per phase; tokens like "p3", "s2.4.3", "n", "f5.1". */
import type { Language } from '../../i18n/index';
import type { Control, GameControls } from '../contract';
import { legalActions } from './rules/moves';
import type { Action, GameState } from './rules/types';
import { actionLabel } from './texts';
import { words } from './hedgehogs-words';

export function encodeAction(action: Action): string {
  switch (action.type) {
    case 'place':
      return `p${action.row}`;
    case 'sidestep':
      return `s${action.row}.${action.col}.${action.to}`;
    case 'no-sidestep':
      return 'n';
    case 'forward':
      return `f${action.row}.${action.col}`;
  }
}

export function decodeAction(token: string): Action | null {
  if (token === 'n') return { type: 'no-sidestep' };
  const numbers = token.slice(1).split('.').map(Number);
  if (!numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 8)) return null;
  const [a, b, c] = numbers;
  if (token[0] === 'p' && numbers.length === 1) return { type: 'place', row: a! };
  if (token[0] === 's' && numbers.length === 3) return { type: 'sidestep', row: a!, col: b!, to: c! };
  if (token[0] === 'f' && numbers.length === 2) return { type: 'forward', row: a!, col: b! };
  return null;
}

function buttonRows(
  actions: readonly Action[],
  style: 'primary' | 'secondary',
  language?: Language,
): Control<Action>[][] {
  const rows: Control<Action>[][] = [];
  for (let i = 0; i < actions.length; i += 5)
    rows.push(
      actions
        .slice(i, i + 5)
        .map((action) => ({ kind: 'button', label: actionLabel(action, language), style, action })),
    );
  return rows;
}

/**
 * The sidestep phase: a menu of sidesteps, and under it the forward moves, which play the turn without a
 * sidestep in one click. When nothing can move in the rolled row, a button declines the sidestep (the turn ends).
 */
function sidestepRows(
  state: GameState,
  actions: readonly Action[],
  language?: Language,
): Control<Action>[][] {
  const t = words(language);
  const moves = actions.filter((action) => action.type === 'sidestep');
  const forwards = actions.filter((action) => action.type === 'forward');
  const menu: Control<Action> = {
    kind: 'select',
    placeholder: forwards.length
      ? t('controls.sidestepFirst', { row: state.die! })
      : t('controls.sidestepOnly', { row: state.die! }),
    options: moves.slice(0, 25).map((action) => ({ label: actionLabel(action, language), action })),
  };
  const endTurn: Control<Action> = {
    kind: 'button',
    label: t('controls.endTurn'),
    style: 'secondary',
    action: { type: 'no-sidestep' },
  };
  return [[menu], ...(forwards.length ? buttonRows(forwards, 'primary', language).slice(0, 3) : [[endTurn]])];
}

export const hedgehogControls: GameControls<GameState, Action> = {
  rows: (state, seat, language) => {
    if (state.phase === 'over' || state.current !== seat) return [];
    const actions = legalActions(state);
    if (state.phase === 'sidestep') return sidestepRows(state, actions, language);
    return buttonRows(actions, 'primary', language).slice(0, 3);
  },
  encode: encodeAction,
  decode: decodeAction,
};
