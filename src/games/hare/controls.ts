/** The controls under the Hare & Tortoise board: a select menu of moves and buttons for the other actions. */
import type { Language } from '../../i18n/index';
import type { Control, GameControls } from '../contract';
import { carrotsSecret, legalActions, type Action, type GameState } from './rules/index';
import { actionLabel, moveTargets } from './texts-core';
import { hareWords } from './hare-words';

const MAX_SELECT_OPTIONS = 25;

/** An action as a short token: m12 (move to 12), e (eat), c+ / c- (take / pay 10), s (skip). */
export function encodeAction(action: Action): string {
  switch (action.type) {
    case 'move':
      return `m${action.to}`;
    case 'eat':
      return 'e';
    case 'carrots':
      return action.amount > 0 ? 'c+' : 'c-';
    case 'skip':
      return 's';
  }
}

export function decodeAction(token: string): Action | null {
  if (token === 'e') return { type: 'eat' };
  if (token === 's') return { type: 'skip' };
  if (token === 'c+') return { type: 'carrots', amount: 10 };
  if (token === 'c-') return { type: 'carrots', amount: -10 };
  const move = /^m(\d{1,2})$/.exec(token);
  return move ? { type: 'move', to: Number(move[1]) } : null;
}

/** Forward moves go in the menu; a move back to a tortoise and the other actions are buttons. */
function buttonActions(state: GameState): Action[] {
  const seat = state.seats[state.current];
  return legalActions(state).filter((a) => a.type !== 'move' || (seat !== undefined && a.to < seat.position));
}

function rows(state: GameState, seatIndex: number, language?: Language): Control<Action>[][] {
  if (state.over || state.current !== seatIndex) return [];
  const result: Control<Action>[][] = [];
  const targets = moveTargets(state, language).slice(0, MAX_SELECT_OPTIONS);
  if (targets.length > 0) {
    result.push([
      {
        kind: 'select',
        placeholder: hareWords(language).t('controls.chooseSquare'),
        options: targets.map((t) => ({ label: t.label, action: { type: 'move', to: t.square } })),
      },
    ]);
  }
  const buttons = buttonActions(state)
    .slice(0, 5)
    .map((action): Control<Action> => ({
      kind: 'button',
      label: actionLabel(state, action, language),
      style: action.type === 'move' ? 'secondary' : 'primary',
      action,
    }));
  if (buttons.length > 0) result.push(buttons);
  return result;
}

/**
 * Whether the mover's controls tell its carrots, secret under the standard rules: the menu's costs, which squares
 * it can afford, whether it may pay 10 or must skip. Eating a lettuce, forced by the square, tells nothing.
 */
function controlsTellCarrots(state: GameState): boolean {
  return carrotsSecret(state) && legalActions(state).some((action) => action.type !== 'eat');
}

export const hareControls: GameControls<GameState, Action> = {
  rows,
  privateFor: controlsTellCarrots,
  encode: encodeAction,
  decode: decodeAction,
};
