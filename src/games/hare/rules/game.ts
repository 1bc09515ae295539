import { FINISH, numberSquareRanks, squareKind, STARTING_CARROTS, STARTING_LETTUCES } from './board';
import { IllegalActionError } from './errors';
import { actionCode, FORFEIT, logAction } from './action-log';
import { changeCarrots, createDeck, drawHareCard, rollHareDie } from './hare';
import { actionVerdict, isStuck } from './legality';
import { raceRank, unfinishedCount } from './position';
import { copyRng, seedGameRng } from '../../kit/random';
import { turnLimitReached } from '../../kit/turn-limit';
import type { Action, CreateGameOptions, GameEvent, GameState, SeatState } from './types';

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

function historyPoint(seats: SeatState[], turn: number) {
  return { turn, positions: seats.map((s) => s.position), carrots: seats.map((s) => s.carrots) };
}

/** Closes a history point: every seat's square and carrots, and (kept beside them) its lettuces. */
function recordHistory(state: GameState): void {
  state.history = [...state.history, historyPoint(state.seats, state.turn)];
  if (state.lettuceHistory)
    state.lettuceHistory = [...state.lettuceHistory, state.seats.map((seat) => seat.lettuces)];
}

/** Field by field, which is much faster than object spread on this hot path; keep in step with SeatState. */
function cloneSeat(seat: SeatState): SeatState {
  const stats = seat.stats;
  return {
    position: seat.position,
    carrots: seat.carrots,
    lettuces: seat.lettuces,
    place: seat.place,
    missTurns: seat.missTurns,
    ateHere: seat.ateHere,
    stats: {
      turns: stats.turns,
      carrotsSpent: stats.carrotsSpent,
      carrotsEarned: stats.carrotsEarned,
      lettucesEaten: stats.lettucesEaten,
      hareResults: stats.hareResults,
      missedTurns: stats.missedTurns,
      restarts: stats.restarts,
    },
  };
}

/** A copy that shares nothing mutable with `state` but its history entries, which are never changed. */
function cloneState(state: GameState): GameState {
  return {
    format: state.format,
    rules: state.rules,
    seats: state.seats.map(cloneSeat),
    current: state.current,
    over: state.over,
    turn: state.turn,
    turnLimit: state.turnLimit,
    pending: state.pending,
    deck: state.deck.slice(),
    rng: copyRng(state.rng),
    finishOrder: state.finishOrder.slice(),
    history: state.history,
    ...(state.lettuceHistory ? { lettuceHistory: state.lettuceHistory } : {}),
    ...(state.actionLog ? { actionLog: state.actionLog } : {}),
  };
}

export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  const verdict = actionVerdict(state, action);
  if (!verdict.legal) throw new IllegalActionError(verdict.code, verdict.reason);
  const next = cloneState(state);
  logAction(next, actionCode(action));
  const events: GameEvent[] = [];
  const playAgain = performAction(next, action, events);
  if (next.pending === null) finishTurn(next, playAgain, events);
  return { state: next, events };
}

/**
 * The seat to act loses this turn without acting (e.g. a human who was idle too long): a pending decision is
 * dropped and the turn passes as after a normal action, including the next seat's automatic steps.
 */
export function forfeitTurn(state: GameState): { state: GameState; events: GameEvent[] } {
  if (state.over) throw new IllegalActionError('game_over', 'the game is over');
  const next = cloneState(state);
  logAction(next, FORFEIT);
  next.pending = null;
  const events: GameEvent[] = [{ type: 'forfeit', seat: next.current }];
  finishTurn(next, false, events);
  return { state: next, events };
}

/** Applies the chosen action to the seat to act; returns whether that seat plays again at once. */
function performAction(state: GameState, action: Action, events: GameEvent[]): boolean {
  const seatIndex = state.current;
  const seat = state.seats[seatIndex] as SeatState;
  switch (action.type) {
    case 'move':
      return action.to > seat.position
        ? moveForward(state, seatIndex, action.to, events)
        : moveBack(state, seatIndex, action.to, events);
    case 'eat':
      eatLettuce(state, seatIndex, events);
      return false;
    case 'carrots': {
      const before = seat.carrots;
      const reason = state.pending === 'chew-carrot' ? 'chew' : 'square';
      state.pending = null;
      changeCarrots(seat, action.amount);
      events.push({
        type: 'carrots',
        seat: seatIndex,
        amount: action.amount,
        reason,
        carrotsBefore: before,
        carrotsAfter: seat.carrots,
      });
      return false;
    }
    case 'skip':
      events.push({ type: 'skip', seat: seatIndex, square: seat.position });
      return false;
  }
}

function moveForward(state: GameState, seatIndex: number, to: number, events: GameEvent[]): boolean {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  const cost = ((to - from) * (to - from + 1)) / 2;
  changeCarrots(seat, -cost);
  seat.position = to;
  seat.ateHere = false;
  events.push({
    type: 'move',
    seat: seatIndex,
    from,
    to,
    cost,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
  if (to === FINISH) {
    finishSeat(state, seatIndex, events);
    return false;
  }
  if (squareKind(to) !== 'hare') return false;
  const outcome =
    state.rules === 'standard'
      ? drawHareCard(state, seatIndex, cost, events)
      : rollHareDie(state, seatIndex, cost, events);
  return outcome.playAgain;
}

function moveBack(state: GameState, seatIndex: number, to: number, events: GameEvent[]): boolean {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  const gain = 10 * (from - to);
  changeCarrots(seat, gain);
  seat.position = to;
  seat.ateHere = false;
  events.push({
    type: 'move-back',
    seat: seatIndex,
    from,
    to,
    gain,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
  return false;
}

function eatLettuce(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const rank = raceRank(state, seatIndex);
  const before = seat.carrots;
  seat.lettuces -= 1;
  seat.ateHere = true;
  seat.stats.lettucesEaten += 1;
  changeCarrots(seat, 10 * rank);
  events.push({
    type: 'eat',
    seat: seatIndex,
    square: seat.position,
    rank,
    gain: 10 * rank,
    lettucesAfter: seat.lettuces,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
}

function finishSeat(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  state.finishOrder.push(seatIndex);
  seat.place = state.finishOrder.length;
  events.push({ type: 'finish', seat: seatIndex, place: seat.place, carrots: seat.carrots });
  if (state.rules === 'classic' || unfinishedCount(state) <= 1) endGame(state, events);
}

/** Places every unfinished seat by race position and ends the game. */
function endGame(state: GameState, events: GameEvent[]): void {
  const ranks = state.seats.map((_, index) => raceRank(state, index));
  state.seats.forEach((seat, index) => {
    if (seat.place === null) seat.place = ranks[index] as number;
  });
  state.over = true;
  state.pending = null;
  recordHistory(state);
  events.push({ type: 'game-over', places: state.seats.map((seat) => seat.place) });
}

function finishTurn(state: GameState, playAgain: boolean, events: GameEvent[]): void {
  const seat = state.seats[state.current] as SeatState;
  seat.stats.turns += 1;
  if (state.over) return;
  if (playAgain && seat.place === null) {
    events.push({ type: 'play-again', seat: state.current });
    beginTurn(state, events);
    return;
  }
  passTurn(state, events);
}

/** Hands the turn to the next unfinished seat, closing the round (and checking the turn limit) on a wrap. */
function passTurn(state: GameState, events: GameEvent[]): void {
  const count = state.seats.length;
  let next = state.current;
  do next = (next + 1) % count;
  while ((state.seats[next] as SeatState).place !== null);
  if (next <= state.current) {
    if (turnLimitReached(state.turn, state.turnLimit)) {
      events.push({ type: 'turn-limit', turn: state.turn });
      endGame(state, events);
      return;
    }
    recordHistory(state);
    state.turn += 1;
  }
  state.current = next;
  beginTurn(state, events);
}

/** The automatic start of the current seat's turn: a missed turn, a number-square payout, the stuck rule. */
function beginTurn(state: GameState, events: GameEvent[]): void {
  const seatIndex = state.current;
  const seat = state.seats[seatIndex] as SeatState;
  if (seat.missTurns > 0) {
    seat.missTurns -= 1;
    seat.stats.missedTurns += 1;
    events.push({ type: 'miss-turn', seat: seatIndex, square: seat.position });
    passTurn(state, events);
    return;
  }
  payNumberSquare(state, seatIndex, events);
  if (state.rules === 'standard' && isStuck(state)) restartSeat(state, seatIndex, events);
}

function payNumberSquare(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const ranks = numberSquareRanks(squareKind(seat.position));
  if (ranks.length === 0) return;
  const rank = raceRank(state, seatIndex);
  if (!ranks.includes(rank)) return;
  const before = seat.carrots;
  changeCarrots(seat, 10 * rank);
  events.push({
    type: 'number-payout',
    seat: seatIndex,
    square: seat.position,
    rank,
    gain: 10 * rank,
    carrotsBefore: before,
    carrotsAfter: seat.carrots,
  });
}

/** Standard rules: a seat with no legal action goes back to the start with 65 carrots and moves off at once. */
function restartSeat(state: GameState, seatIndex: number, events: GameEvent[]): void {
  const seat = state.seats[seatIndex] as SeatState;
  const from = seat.position;
  const before = seat.carrots;
  seat.position = 0;
  seat.ateHere = false;
  changeCarrots(seat, STARTING_CARROTS - seat.carrots);
  seat.stats.restarts += 1;
  events.push({ type: 'restart', seat: seatIndex, from, carrotsBefore: before, carrotsAfter: seat.carrots });
}
