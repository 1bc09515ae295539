/**
 * "Tiny": a test game that shares nothing with Hare & Tortoise, so platform tests show the core depends only on
 * the module contract. Seats take turns to add 1 or 2 to a shared counter, plus a seeded die bonus of 0 or 1;
 * the seat that brings the counter to the target or past it scores a point; three points win. A seat whose only
 * move is "pass" (after scoring) has it played for it by the platform (autoPlayForcedMs).
 */
import type { GameModule, GameRenderer } from '../../src/games/contract';
import { encodeOpaquePng } from '../../src/games/draw/png';
import { GameOptionError, IllegalActionError } from '../../src/games/kit/errors';
import { placesByKey } from '../../src/games/kit/places';
import { nextInt, seedRng, type RngState } from '../../src/games/kit/random';
import { withoutStream } from '../../src/games/kit/view';
import { createCanvas } from '@napi-rs/canvas';

export interface TinyState {
  seats: number;
  target: number;
  counter: number;
  points: number[];
  current: number;
  /** The seat that just scored must pass once (a forced move). */
  mustPass: boolean;
  over: boolean;
  rounds: number;
  turnLimit: number | null;
  rng: RngState;
}

export type TinyAction = { type: 'add'; amount: 1 | 2 } | { type: 'pass' };
export type TinyEvent =
  | { type: 'add'; seat: number; amount: number; bonus: number; counter: number }
  | { type: 'score'; seat: number }
  | { type: 'pass'; seat: number };

const WINNING_POINTS = 3;

function clone(state: TinyState): TinyState {
  return { ...state, points: [...state.points], rng: [...state.rng] as RngState };
}

function legalActions(state: TinyState): TinyAction[] {
  if (state.over) return [];
  if (state.mustPass) return [{ type: 'pass' }];
  return [
    { type: 'add', amount: 1 },
    { type: 'add', amount: 2 },
  ];
}

function advance(state: TinyState): void {
  state.current = (state.current + 1) % state.seats;
  if (state.current === 0) state.rounds += 1;
  if (state.turnLimit !== null && state.rounds >= state.turnLimit) state.over = true;
}

function apply(state: TinyState, action: TinyAction): { state: TinyState; events: TinyEvent[] } {
  if (state.over) throw new IllegalActionError('game_over', 'the game is over');
  const legal = legalActions(state);
  const chosen = legal.find((candidate) => JSON.stringify(candidate) === JSON.stringify(action));
  if (!chosen) throw new IllegalActionError('invalid_action', 'that is not a move of Tiny now');
  const next = clone(state);
  const seat = next.current;
  if (chosen.type === 'pass') {
    next.mustPass = false;
    advance(next);
    return { state: next, events: [{ type: 'pass', seat }] };
  }
  const bonus = nextInt(next.rng, 2);
  next.counter += chosen.amount + bonus;
  const events: TinyEvent[] = [{ type: 'add', seat, amount: chosen.amount, bonus, counter: next.counter }];
  if (next.counter >= next.target) {
    next.counter = 0;
    next.points[seat] = (next.points[seat] ?? 0) + 1;
    events.push({ type: 'score', seat });
    if ((next.points[seat] ?? 0) >= WINNING_POINTS) next.over = true;
    else next.mustPass = true;
    return { state: next, events };
  }
  advance(next);
  return { state: next, events };
}

const renderer: GameRenderer<TinyState, TinyEvent> = {
  board: (input) => {
    const canvas = createCanvas(80, 40);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 80, 40);
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, Math.min(80, input.state.counter * 8), 20);
    return encodeOpaquePng(canvas);
  },
  summary: (input) => {
    const canvas = createCanvas(60, 30);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = input.stoppedBy ? '#888888' : '#00aa00';
    ctx.fillRect(0, 0, 60, 30);
    return encodeOpaquePng(canvas);
  },
};

type TinyOptions = { target: number; turnLimit: number };

export const tinyModule: GameModule<TinyState, TinyAction, TinyEvent, TinyOptions> = {
  key: 'tiny',
  title: 'Tiny',
  seats: { min: 2, max: 3, default: 2 },
  options: [
    {
      type: 'integer',
      name: 'target',
      key: 'target',
      description: 'Counter target',
      min: 3,
      max: 9,
      default: 5,
    },
  ],
  turnLimit: { countedBy: 'rules', min: 1, max: 50 },
  rules: {
    create: ({ seats, seed, options }) => {
      const target = options?.target ?? 5;
      if (seats < 2 || seats > 8) throw new GameOptionError(`Tiny has 2 to 8 seats, not ${seats}`);
      return {
        seats,
        target,
        counter: 0,
        points: Array.from({ length: seats }, () => 0),
        current: 0,
        mustPass: false,
        over: false,
        rounds: 0,
        turnLimit: options?.turnLimit || null,
        rng: seedRng(seed),
      };
    },
    legalActions,
    apply,
    currentSeat: (state) => (state.over ? null : state.current),
    isOver: (state) => state.over,
    standings: (state) => placesByKey(state.points).map((place, seat) => ({ seat, place })),
    observe: withoutStream,
  },
  computer: {
    levels: ['plain', 'eager'],
    defaultLevel: 'plain',
    choose: (state, level, rng) => {
      const legal = legalActions(state);
      return level === 'eager'
        ? (legal.at(-1) as TinyAction)
        : (legal[nextInt(rng, legal.length)] as TinyAction);
    },
  },
  texts: {
    describeEvent: (event, _state, ctx) => {
      const name = ctx.names[event.seat] ?? `Seat ${event.seat + 1}`;
      if (event.type === 'add') return `${name} adds ${event.amount} (+${event.bonus}) to ${event.counter}`;
      return event.type === 'score' ? `${name} scores` : `${name} passes`;
    },
    actionLabel: (action) => (action.type === 'pass' ? 'Pass' : `Add ${action.amount}`),
    rules: 'Add 1 or 2 to the counter; reach the target to score; three points win.',
    status: (state) => [`Counter ${state.counter} of ${state.target}.`],
    hand: (state, seat) => `You have ${state.points[seat] ?? 0} points.`,
    figures: (state, seat) => [{ label: 'points', value: state.points[seat] ?? 0 }],
    levelDescription: (level) => level,
  },
  controls: {
    rows: (state, seat) =>
      state.over || state.current !== seat
        ? []
        : [
            legalActions(state).map((action) => ({
              kind: 'button' as const,
              label: action.type === 'pass' ? 'Pass' : `Add ${action.amount}`,
              style: 'primary' as const,
              action,
            })),
          ],
    encode: (action) => (action.type === 'pass' ? 'p' : `a${action.amount}`),
    decode: (token) =>
      token === 'p'
        ? { type: 'pass' }
        : token === 'a1' || token === 'a2'
          ? { type: 'add', amount: Number(token[1]) as 1 | 2 }
          : null,
  },
  commands: [
    {
      name: 'add',
      description: 'Add to the counter',
      options: [
        {
          type: 'integer',
          name: 'amount',
          description: '1 or 2',
          min: 1,
          max: 2,
          default: null,
          required: true,
        },
      ],
      toAction: (values) => ({ type: 'add', amount: values.amount === 2 ? 2 : 1 }),
    },
  ],
  autoPlayForcedMs: 300,
  loadRenderer: async () => renderer,
};
