import { STARTING_CARROTS, STARTING_LETTUCES } from './board';
import { createDeck } from './hare-cards';
import { historyPoint } from './turn-flow';
import { copyRng, seedGameRng } from '../../kit/random';
import type { CreateGameOptions, GameState, SeatState } from './types';

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;

function newSeat(): SeatState {
  return {
    position: 0,
    carrots: STARTING_CARROTS,
    lettuces: STARTING_LETTUCES,
    place: null,
    missTurns: 0,
    ateHere: false,
    stats: {
      turns: 0,
      carrotsSpent: 0,
      carrotsEarned: 0,
      lettucesEaten: 0,
      hareResults: 0,
      missedTurns: 0,
      restarts: 0,
    },
  };
}

function validateOptions(options: CreateGameOptions): void {
  if (options.rules !== 'standard' && options.rules !== 'classic') {
    throw new RangeError(`unknown rule set ${String(options.rules)}: use standard or classic`);
  }
  if (!Number.isInteger(options.seats) || options.seats < MIN_SEATS || options.seats > MAX_SEATS) {
    throw new RangeError(`a game has ${MIN_SEATS} to ${MAX_SEATS} seats, not ${options.seats}`);
  }
  if (typeof options.seed !== 'string') throw new TypeError('the seed must be a string');
  const limit = options.turnLimit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new RangeError(`the turn limit must be a whole number of turns >= 1, not ${limit}`);
  }
}

export function createGame(options: CreateGameOptions): GameState {
  validateOptions(options);
  const seats = Array.from({ length: options.seats }, newSeat);
  const rng = seedGameRng(options.seed, options.generator);
  const state: GameState = {
    format: 1,
    rules: options.rules,
    seats,
    current: 0,
    over: false,
    turn: 1,
    turnLimit: options.turnLimit ?? null,
    pending: null,
    deck: [],
    rng,
    finishOrder: [],
    history: [historyPoint(seats, 0)],
    lettuceHistory: [seats.map((seat) => seat.lettuces)],
    actionLog: { startRng: copyRng(rng), actions: [] },
  };
  if (state.rules === 'standard') state.deck = createDeck(state);
  return state;
}
