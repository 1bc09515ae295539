/** `/hedgehogs place|sidestep|forward`, with the legal choices as suggestions. */
import type { Language } from '../../i18n/index';
import type { PlayCommand } from '../contract';
import { isListed } from '../kit/same-action';
import { decodeAction, encodeAction } from './controls';
import { forwardMoves, legalActions } from './rules/moves';
import type { Action, GameState } from './rules/types';
import { actionLabel } from './texts';
import { words, type Translate } from './hedgehogs-words';

/** Why the seat cannot act in `phases` now, or null when it can. */
function turnError(
  state: GameState,
  seat: number,
  phases: readonly GameState['phase'][],
  what: 'place' | 'sidestep' | 'forward',
  t: Translate,
): string | null {
  if (state.phase === 'over') return t('refusal.over');
  if (state.current !== seat) return t('refusal.notYourTurn');
  if (!phases.includes(state.phase))
    return t('refusal.notNow', { what: t(`refusal.what.${what}`), now: whatNow(state, t) });
  return null;
}

/** What the seat to act can do in the current phase, in a few words. */
function whatNow(state: GameState, t: Translate): string {
  if (state.phase === 'place') return t('refusal.now.place');
  if (state.phase === 'forward') return t('refusal.now.forward', { row: state.die! });
  return forwardMoves(state, state.current, state.die!).length
    ? t('refusal.now.sidestepOrForward', { row: state.die! })
    : t('refusal.now.sidestepOrEnd', { row: state.die! });
}

/** "row 3", "row 1, 3, 4, 5 or 6". */
function rowList(rows: readonly number[], t: Translate): string {
  return rows.length === 1
    ? t('refusal.rowOne', { row: rows[0]! })
    : t('refusal.rowMany', { rows: rows.slice(0, -1).join(', '), last: rows.at(-1)! });
}

function suggestions(
  state: GameState,
  seat: number,
  typed: string,
  types: Action['type'][],
  language?: Language,
) {
  if (state.current !== seat) return [];
  const wanted = typed.toLowerCase();
  return legalActions(state)
    .filter((action) => types.includes(action.type))
    .map((action) => ({ name: actionLabel(action, language), value: encodeAction(action) }))
    .filter((choice) => choice.name.toLowerCase().includes(wanted) || choice.value === typed)
    .slice(0, 25);
}

/** Whether the seat is to act and may now take an action of one of these types. */
function canNow(state: GameState, seat: number, types: Action['type'][]): boolean {
  return state.current === seat && legalActions(state).some((action) => types.includes(action.type));
}

/** A typed choice: a suggestion's token, or its label (in English or the player's language). */
function chosen(state: GameState, text: string, types: Action['type'][], language?: Language): Action | null {
  const byToken = decodeAction(text.trim());
  const legal = legalActions(state).filter((action) => types.includes(action.type));
  if (byToken && isListed(legal, byToken)) return byToken;
  const typed = text.trim().toLowerCase();
  return (
    legal.find((action) =>
      [actionLabel(action), actionLabel(action, language)].some((label) => label.toLowerCase() === typed),
    ) ?? null
  );
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
  toAction: (values, state, seat, language) => {
    const t = words(language);
    const error = turnError(state, seat, ['place'], 'place', t);
    if (error) return { error };
    const rows = legalActions(state).map((action) => (action.type === 'place' ? action.row : 0));
    const allowed = t(rows.length === 1 ? 'refusal.allowedOne' : 'refusal.allowedMany', {
      rows: rowList(rows, t),
    });
    const row = Number(values.row);
    if (values.row === undefined || typeof values.row === 'boolean' || !Number.isInteger(row))
      return { error: t('refusal.giveRow', { allowed }) };
    if (!rows.includes(row)) return { error: t('refusal.rowNotAllowed', { row, allowed }) };
    return { type: 'place', row };
  },
  autocomplete: (_option, typed, state, seat, language) =>
    state.current !== seat || state.phase !== 'place'
      ? []
      : legalActions(state)
          .map((action) => (action.type === 'place' ? action.row : 0))
          .filter((row) => String(row).startsWith(typed))
          .map((row) => ({ name: actionLabel({ type: 'place', row }, language), value: row })),
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
  toAction: (values, state, seat, language) => {
    const t = words(language);
    const error = turnError(state, seat, ['sidestep'], 'sidestep', t);
    if (error) return { error };
    const text = String(values.move ?? '').trim();
    if (
      /^(none|no|n|no sidestep)$/i.test(text) ||
      text.toLowerCase() === t('action.noSidestep').toLowerCase()
    )
      return { type: 'no-sidestep' };
    const named = text ? t('refusal.notASidestep', { text: text.slice(0, 60) }) : t('refusal.giveSidestep');
    return chosen(state, text, ['sidestep'], language) ?? { error: t('refusal.pickSidestep', { named }) };
  },
  autocomplete: (_option, typed, state, seat, language) =>
    state.phase === 'sidestep'
      ? [
          ...suggestions(state, seat, typed, ['sidestep'], language),
          { name: words(language)('action.noSidestep'), value: 'none' },
        ].slice(0, 25)
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
  toAction: (values, state, seat, language) => {
    const t = words(language);
    // Before any sidestep, a forward move declines it.
    const error = turnError(state, seat, ['sidestep', 'forward'], 'forward', t);
    if (error) return { error };
    const text = String(values.move ?? '').trim();
    const named = text ? t('refusal.notAForward', { text: text.slice(0, 60) }) : t('refusal.giveForward');
    return chosen(state, text, ['forward'], language) ?? { error: t('refusal.pickForward', { named }) };
  },
  autocomplete: (_option, typed, state, seat, language) =>
    suggestions(state, seat, typed, ['forward'], language),
  available: (state, seat) => canNow(state, seat, ['forward']),
};
