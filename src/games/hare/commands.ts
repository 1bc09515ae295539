/** Hare & Tortoise's play subcommands: /hare move, back, eat and carrots. */
import type { PlayCommand } from '../contract';
import { legalActions, tortoiseBehind, type Action, type GameState } from './rules/index';
import { moveTargets } from './texts-core';

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
  toAction: (values) => ({ type: 'move', to: Number(values.square) }),
  autocomplete: (_option, typed, state) => {
    const targets = moveTargets(state).filter(
      (t) => typed === '' || String(t.square).startsWith(typed) || t.label.includes(typed),
    );
    return targets.slice(0, 25).map((t) => ({ name: t.label, value: t.square }));
  },
  available: (state, seat) => canNow(state, seat, (action, at) => action.type === 'move' && action.to > at),
};

const back: HareCommand = {
  name: 'back',
  description: 'Fall back to the nearest tortoise square for carrots',
  options: [],
  toAction: (_values, state, seat) => {
    const position = state.seats[seat]?.position;
    const tortoise = position === undefined ? null : tortoiseBehind(position);
    return tortoise === null
      ? { error: 'There is no tortoise square behind you.' }
      : { type: 'move', to: tortoise };
  },
  available: (state, seat) => canNow(state, seat, (action, at) => action.type === 'move' && action.to < at),
};

const eat: HareCommand = {
  name: 'eat',
  description: 'Eat a lettuce on the lettuce square you stand on',
  options: [],
  toAction: () => ({ type: 'eat' }),
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
  toAction: (values) => ({ type: 'carrots', amount: values.choice === 'pay' ? -10 : 10 }),
  available: (state, seat) => canNow(state, seat, (action) => action.type === 'carrots'),
};

export const HARE_COMMANDS: readonly HareCommand[] = [move, back, eat, carrots];
