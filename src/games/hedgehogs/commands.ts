/** `/hedgehogs place|sidestep|forward`, with the legal choices as suggestions. */
import type { PlayCommand } from '../contract';
import { isListed } from '../kit/same-action';
import { decodeAction, encodeAction } from './controls';
import { forwardMoves, legalActions } from './rules/moves';
import type { Action, GameState } from './rules/types';
import { actionLabel } from './texts';

/** Why the seat cannot act in `phases` now, or null when it can. */
function turnError(
  state: GameState,
  seat: number,
  phases: readonly GameState['phase'][],
  what: string,
): string | null {
  if (state.phase === 'over') return 'The game is over.';
  if (state.current !== seat) return 'It is not your turn.';
  if (!phases.includes(state.phase))
    return `You cannot ${what} now: ${whatNow(state)} (see /hedgehogs hand).`;
  return null;
}

/** What the seat to act can do in the current phase, in a few words. */
function whatNow(state: GameState): string {
  if (state.phase === 'place') return 'place a hedgehog';
  if (state.phase === 'forward') return `move forward in row ${state.die}`;
  return forwardMoves(state, state.current, state.die!).length
    ? `sidestep, or move forward in row ${state.die}`
    : `sidestep, or decline and end the turn (nothing can move in row ${state.die})`;
}

/** "row 3", "row 1, 3, 4, 5 or 6". */
function rowList(rows: readonly number[]): string {
  return rows.length === 1 ? `row ${rows[0]}` : `row ${rows.slice(0, -1).join(', ')} or ${rows.at(-1)}`;
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
    const error = turnError(state, seat, ['place'], 'place a hedgehog');
    if (error) return { error };
    const rows = legalActions(state).map((action) => (action.type === 'place' ? action.row : 0));
    const which = rows.length === 1 ? 'the lowest row' : 'the lowest rows';
    const allowed = `${rowList(rows)} (${which} whose top hedgehog is not yours)`;
    const row = Number(values.row);
    if (values.row === undefined || typeof values.row === 'boolean' || !Number.isInteger(row))
      return { error: `Give the row to place in: ${allowed}.` };
    if (!rows.includes(row)) return { error: `Row ${row} is not allowed: choose ${allowed}.` };
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
    const error = turnError(state, seat, ['sidestep'], 'sidestep');
    if (error) return { error };
    const text = String(values.move ?? '').trim();
    if (/^(none|no|n|no sidestep)$/i.test(text)) return { type: 'no-sidestep' };
    const named = text ? `"${text.slice(0, 60)}" is not one of your sidesteps` : 'Give the sidestep';
    return (
      chosen(state, text, ['sidestep']) ?? {
        error: `${named}: pick one of the suggestions, or "none".`,
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
    // Before any sidestep, a forward move declines it.
    const error = turnError(state, seat, ['sidestep', 'forward'], 'move forward');
    if (error) return { error };
    const text = String(values.move ?? '').trim();
    const named = text ? `"${text.slice(0, 60)}" is not a forward move you can make` : 'Give the move';
    return chosen(state, text, ['forward']) ?? { error: `${named}: pick one of the suggestions.` };
  },
  autocomplete: (_option, typed, state, seat) => suggestions(state, seat, typed, ['forward']),
  available: (state, seat) => canNow(state, seat, ['forward']),
};
