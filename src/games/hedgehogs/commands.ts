/** `/hedgehogs place|sidestep|forward`, with the legal choices as suggestions. */
import type { PlayCommand } from '../contract';
import { isListed } from '../kit/same-action';
import { decodeAction, encodeAction } from './controls';
import { legalActions } from './rules/moves';
import type { Action, GameState } from './rules/types';
import { actionLabel } from './texts';

function turnError(state: GameState, seat: number, phase: GameState['phase'], what: string): string | null {
  if (state.phase === 'over') return 'The game is over.';
  if (state.current !== seat) return 'It is not your turn.';
  if (state.phase !== phase) {
    const now = {
      place: 'place a hedgehog',
      sidestep: 'sidestep or not',
      forward: `move forward in row ${state.die}`,
    }[state.phase];
    return `You cannot ${what} now: ${now} (see /hedgehogs hand).`;
  }
  return null;
}

function suggestions(state: GameState, seat: number, typed: string, types: Action['type'][]) {
  if (state.current !== seat) return [];
  const wanted = typed.toLowerCase();
  return legalActions(state)
    .filter((action) => types.includes(action.type))
    .map((action) => ({ name: actionLabel(action), value: encodeAction(action) }))
    .filter((choice) => choice.name.toLowerCase().includes(wanted) || choice.value === typed)
    .slice(0, 25);
}

/** Whether the seat is to act and may now take an action of one of these types. */
function canNow(state: GameState, seat: number, types: Action['type'][]): boolean {
  return state.current === seat && legalActions(state).some((action) => types.includes(action.type));
}

/** A typed choice: a suggestion's token, or its label. */
function chosen(state: GameState, text: string, types: Action['type'][]): Action | null {
  const byToken = decodeAction(text.trim());
  const legal = legalActions(state).filter((action) => types.includes(action.type));
  if (byToken && isListed(legal, byToken)) return byToken;
  return legal.find((action) => actionLabel(action).toLowerCase() === text.trim().toLowerCase()) ?? null;
}

export const placeCommand: PlayCommand<GameState, Action> = {
  name: 'place',
  description: 'Place a hedgehog in the start column',
  options: [
    {
      type: 'integer',
      name: 'row',
      description: 'The row (1–6): one of the lowest allowed',
      min: 1,
      max: 6,
      default: null,
      required: true,
      autocomplete: true,
    },
  ],
  toAction: (values, state, seat) => {
    const error = turnError(state, seat, 'place', 'place a hedgehog');
    if (error) return { error };
    const row = Number(values.row);
    const rows = legalActions(state).map((action) => (action.type === 'place' ? action.row : 0));
    if (!rows.includes(row))
      return {
        error: `Row ${row} is not allowed: place in row ${rows.join(', ')} (the lowest rows whose top is not yours).`,
      };
    return { type: 'place', row };
  },
  autocomplete: (_option, typed, state, seat) =>
    state.current !== seat || state.phase !== 'place'
      ? []
      : legalActions(state)
          .map((action) => (action.type === 'place' ? action.row : 0))
          .filter((row) => String(row).startsWith(typed))
          .map((row) => ({ name: `Row ${row}`, value: row })),
  available: (state, seat) => canNow(state, seat, ['place']),
};

export const sidestepCommand: PlayCommand<GameState, Action> = {
  name: 'sidestep',
  description: 'Sidestep one of your top hedgehogs a row up or down, or "none"',
  options: [
    {
      type: 'text',
      name: 'move',
      description: 'The sidestep (pick a suggestion), or "none"',
      maxLength: 60,
      required: true,
      autocomplete: true,
    },
  ],
  toAction: (values, state, seat) => {
    const error = turnError(state, seat, 'sidestep', 'sidestep');
    if (error) return { error };
    const text = String(values.move ?? '');
    if (/^(none|no|n|no sidestep)$/i.test(text.trim())) return { type: 'no-sidestep' };
    return (
      chosen(state, text, ['sidestep']) ?? {
        error: `"${text.slice(0, 60)}" is not one of your sidesteps: pick one of the suggestions, or "none".`,
      }
    );
  },
  autocomplete: (_option, typed, state, seat) =>
    state.phase === 'sidestep'
      ? [...suggestions(state, seat, typed, ['sidestep']), { name: 'No sidestep', value: 'none' }].slice(
          0,
          25,
        )
      : [],
  available: (state, seat) => canNow(state, seat, ['sidestep', 'no-sidestep']),
};

export const forwardCommand: PlayCommand<GameState, Action> = {
  name: 'forward',
  description: 'Move a hedgehog forward in the rolled row',
  options: [
    {
      type: 'text',
      name: 'move',
      description: 'The hedgehog to move (pick a suggestion)',
      maxLength: 60,
      required: true,
      autocomplete: true,
    },
  ],
  toAction: (values, state, seat) => {
    const error = turnError(state, seat, 'forward', 'move forward');
    if (error) return { error };
    const text = String(values.move ?? '');
    return (
      chosen(state, text, ['forward']) ?? {
        error: `"${text.slice(0, 60)}" is not a forward move you can make: pick one of the suggestions.`,
      }
    );
  },
  autocomplete: (_option, typed, state, seat) =>
    state.phase === 'forward' ? suggestions(state, seat, typed, ['forward']) : [],
  available: (state, seat) => canNow(state, seat, ['forward']),
};
