/** Hare & Tortoise's play subcommands: /hare move, back, eat and carrots. */
import type { Language } from '../../i18n/index';
import type { PlayCommand } from '../contract';
import { legalActions, tortoiseBehind, type Action, type GameState } from './rules/index';
import { actionLabel, moveTargets, squareName, type TargetChoice } from './texts-core';
import { refusalIn } from './refusals';
import { hareWords } from './hare-words';

type HareCommand = PlayCommand<GameState, Action>;

/** Whether the seat is to act and has a legal action that `fits`, given where it stands. */
function canNow(
  state: GameState,
  seat: number,
  fits: (action: Action, position: number) => boolean,
): boolean {
  const position = state.seats[seat]?.position;
  if (state.over || state.current !== seat || position === undefined) return false;
  return legalActions(state).some((action) => fits(action, position));
}

const move: HareCommand = {
  name: 'move',
  description: 'Move your runner to a square',
  options: [
    {
      type: 'integer',
      name: 'square',
      description: 'The square to move to (64 = finish); suggestions show the cost',
      min: 0,
      max: 64,
      default: null,
      required: true,
      autocomplete: true,
    },
  ],
  toAction: (values, state, seat, language) => {
    const square = values.square;
    if (typeof square !== 'number' || !Number.isInteger(square))
      return { error: chooseASquare(state, seat, language) };
    const action: Action = { type: 'move', to: square };
    return refusalIn(state, seat, action, language) ?? action;
  },
  available: (state, seat) => canNow(state, seat, (action, at) => action.type === 'move' && action.to > at),
  autocomplete: (_option, typed, state, _seat, language) =>
    matchingTargets(moveTargets(state, language), typed.trim(), language)
      .slice(0, 25)
      .map((t) => ({ name: t.label, value: t.square })),
};

/**
 * The targets that match what the player typed: a number against the square's number (those that start with it
 * first, then those that contain it), a word against the square's name. Never against the cost.
 */
function matchingTargets(
  targets: readonly TargetChoice[],
  typed: string,
  language?: Language,
): TargetChoice[] {
  if (typed === '') return [...targets];
  if (/^\d+$/.test(typed)) {
    const starting = targets.filter((t) => String(t.square).startsWith(typed));
    const containing = targets.filter((t) => !starting.includes(t) && String(t.square).includes(typed));
    return [...starting, ...containing];
  }
  const word = typed.toLowerCase();
  return targets.filter((t) => squareName(t.square, language).toLowerCase().includes(word));
}

/** The refusal of /hare move without a (whole-number) square: what to type, and the squares in reach. */
function chooseASquare(state: GameState, seat: number, language?: Language): string {
  const { t } = hareWords(language);
  if (state.over || seat !== state.current) return t('refusal.notYourTurn');
  const squares = moveTargets(state)
    .map((target) => target.square)
    .sort((a, b) => a - b);
  if (squares.length > 0) return t('refusal.chooseSquare', { squares: squares.join(', ') });
  // the buttons by their labels, in bold as a reply names a button
  const others = legalActions(state).map((action) => `**${actionLabel(state, action, language)}**`);
  return t('refusal.cannotMove', { actions: others.join(', ') });
}

const back: HareCommand = {
  name: 'back',
  description: 'Fall back to the nearest tortoise square for carrots',
  options: [],
  toAction: (_values, state, seat, language) => {
    const position = state.seats[seat]?.position;
    const tortoise = position === undefined ? null : tortoiseBehind(position);
    if (tortoise === null) return { error: hareWords(language).t('refusal.noTortoise') };
    const action: Action = { type: 'move', to: tortoise };
    return refusalIn(state, seat, action, language) ?? action;
  },
  available: (state, seat) => canNow(state, seat, (action, at) => action.type === 'move' && action.to < at),
};

const eat: HareCommand = {
  name: 'eat',
  description: 'Eat a lettuce on the lettuce square you stand on',
  options: [],
  toAction: (_values, state, seat, language) => {
    const action: Action = { type: 'eat' };
    return refusalIn(state, seat, action, language) ?? action;
  },
  available: (state, seat) => canNow(state, seat, (action) => action.type === 'eat'),
};

const carrots: HareCommand = {
  name: 'carrots',
  description: 'On a carrot square: take or pay 10 carrots',
  options: [
    {
      type: 'string',
      name: 'choice',
      description: 'Take 10 or pay 10',
      choices: [
        { value: 'take', label: 'take 10' },
        { value: 'pay', label: 'pay 10' },
      ],
      default: null,
      required: true,
    },
  ],
  toAction: (values, state, seat, language) => {
    const action: Action = { type: 'carrots', amount: values.choice === 'pay' ? -10 : 10 };
    return refusalIn(state, seat, action, language) ?? action;
  },
  available: (state, seat) => canNow(state, seat, (action) => action.type === 'carrots'),
};

export const HARE_COMMANDS: readonly HareCommand[] = [move, back, eat, carrots];
