/** The Candy Land rules as pure functions over a plain-JSON state. */
import { GameOptionError, IllegalActionError } from '../../kit/errors';
import { placesByKey } from '../../kit/places';
import { checkedTurnLimit, turnLimitReached } from '../../kit/turn-limit';
import { copyRng, seedGameRng, shuffleInPlace } from '../../kit/random';
import type { CreateInput, Standing } from '../../contract';
import { DECK, cardOf } from './cards';
import { resolveMove } from './move';
import type { Action, CandyOptions, GameEvent, GameState, Observation } from './types';

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

export function createGame(input: CreateInput<CandyOptions>): GameState {
  const { seats, seed } = input;
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    throw new GameOptionError(`Candy Land is for ${MIN_SEATS} to ${MAX_SEATS} players, not ${seats}`);
  const turnLimit = checkedTurnLimit(input.options?.turnLimit);
  const rng = seedGameRng(seed, input.generator);
  const drawPile = [...DECK];
  shuffleInPlace(rng, drawPile);
  const positions = Array.from({ length: seats }, () => 0);
  return {
    seats,
    positions,
    loseTurn: positions.map(() => false),
    current: 0,
    round: 0,
    draws: 0,
    drawPile,
    discard: [],
    rng,
    turnLimit,
    over: false,
    winner: null,
    lastDraw: null,
    progress: [[...positions]],
    tallies: positions.map(() => ({ cardsDrawn: 0, shortcuts: 0, licorice: 0, sentBack: 0 })),
  };
}

export function legalActions(state: GameState): Action[] {
  return state.over ? [] : [{ type: 'draw' }];
}

export function currentSeat(state: GameState): number | null {
  return state.over ? null : state.current;
}

function takeCard(state: GameState, events: GameEvent[]): number {
  if (state.drawPile.length === 0) {
    state.drawPile = state.discard;
    state.discard = [];
    shuffleInPlace(state.rng, state.drawPile);
    events.push({ type: 'reshuffle', cards: state.drawPile.length });
  }
  const code = state.drawPile.pop() as number;
  state.discard.push(code);
  return code;
}

function playCard(state: GameState, seat: number, events: GameEvent[]): void {
  const code = takeCard(state, events);
  const from = state.positions[seat] as number;
  const move = resolveMove(from, code);
  const card = cardOf(code);
  const tally = state.tallies[seat]!;
  state.draws++;
  tally.cardsDrawn++;
  events.push({ type: 'draw', seat, card, from, landing: move.landing });
  if (move.landing < from) tally.sentBack++;
  if (move.shortcut) {
    tally.shortcuts++;
    events.push({ type: 'shortcut', seat, name: move.shortcut.name, from: move.landing, to: move.to });
  }
  state.positions[seat] = move.to;
  state.lastDraw = { seat, card, from, to: move.to };
  if (move.licorice) {
    tally.licorice++;
    state.loseTurn[seat] = true;
    events.push({ type: 'licorice', seat, space: move.to });
  }
  if (move.castle) {
    state.over = true;
    state.winner = seat;
    state.progress.push([...state.positions]);
    events.push({ type: 'win', seat });
  }
}

/** Moves the turn on by one seat, counting a round when it comes back to the first seat. */
function passTurn(state: GameState, events: GameEvent[]): void {
  state.current = (state.current + 1) % state.seats;
  if (state.current !== 0) return;
  state.round++;
  state.progress.push([...state.positions]);
  if (turnLimitReached(state.round, state.turnLimit)) {
    state.over = true;
    events.push({ type: 'turnLimit', rounds: state.round });
  }
}

/** Passes the turn to the next seat that may draw, each seat stuck on licorice losing its turn on the way. */
function advance(state: GameState, events: GameEvent[]): void {
  passTurn(state, events);
  while (!state.over && state.loseTurn[state.current]) {
    state.loseTurn[state.current] = false;
    events.push({ type: 'lostTurn', seat: state.current });
    passTurn(state, events);
  }
}

function cloneState(state: GameState): GameState {
  return {
    ...state,
    positions: [...state.positions],
    loseTurn: [...state.loseTurn],
    drawPile: [...state.drawPile],
    discard: [...state.discard],
    rng: copyRng(state.rng),
    lastDraw: state.lastDraw ? { ...state.lastDraw, card: { ...state.lastDraw.card } } : null,
    progress: state.progress.map((row) => [...row]),
    tallies: state.tallies.map((tally) => ({ ...tally })),
  };
}

export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  if (state.over) throw new IllegalActionError('game_over', 'the game is over');
  if (
    typeof action !== 'object' ||
    action === null ||
    action.type !== 'draw' ||
    Object.keys(action).length !== 1
  )
    throw new IllegalActionError('unknown_action', 'the only move in Candy Land is to draw a card');
  const next = cloneState(state);
  const events: GameEvent[] = [];
  playCard(next, next.current, events);
  if (!next.over) advance(next, events);
  return { state: next, events };
}

export function standings(state: GameState): Standing[] {
  return placesByKey(state.positions).map((place, seat) => ({ seat, place }));
}

export function observe(state: GameState): Observation {
  return {
    seat: currentSeat(state),
    positions: [...state.positions],
    loseTurn: [...state.loseTurn],
    lastDraw: state.lastDraw ? structuredClone(state.lastDraw) : null,
    round: state.round,
    draws: state.draws,
    over: state.over,
    places: state.over ? placesByKey(state.positions) : null,
  };
}
