/** Hedgehogs in a Hurry: create, apply (with automatic rolls and passes), standings, observation. */
import { logForward, logPlace, logSidestep, logTurnEnd } from './move-log';
import type { CreateInput, Standing } from '../../contract';
import { GameOptionError, IllegalActionError } from '../../kit/errors';
import { placesByKeys } from '../../kit/places';
import { copyRng, nextInt, seedGameRng } from '../../kit/random';
import { sameAction } from '../../kit/same-action';
import { checkedTurnLimit, turnLimitReached } from '../../kit/turn-limit';
import {
  COLUMNS,
  GOAL,
  ROWS,
  TO_WIN,
  columnSums,
  inGoal,
  isHeldSquare,
  leftmostColumn,
  obstacleColumns,
  stackAt,
} from './board';
import { TOTAL_PLACEMENTS, forwardMoves, legalActions, sidesteps } from './moves';
import type { Action, GameEvent, GameState, HedgehogOptions, Observation } from './types';

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;

function resolveOptions(options: Partial<HedgehogOptions> = {}): HedgehogOptions {
  const obstacles = options.obstacles ?? 'published';
  if (obstacles !== 'published' && obstacles !== 'random')
    throw new GameOptionError('obstacles must be "published" or "random"');
  return { obstacles, turnLimit: checkedTurnLimit(options.turnLimit) };
}

export function createGame(input: CreateInput<HedgehogOptions>): GameState {
  const seats = input.seats;
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    throw new GameOptionError(`Hedgehogs in a Hurry is played by ${MIN_SEATS} to ${MAX_SEATS} players`);
  const options = resolveOptions(input.options);
  const rng = seedGameRng(input.seed, input.generator);
  return {
    seats,
    options,
    rng,
    obstacles: obstacleColumns(options.obstacles, rng),
    stacks: Array.from({ length: ROWS }, () => Array.from({ length: COLUMNS }, () => [])),
    phase: 'place',
    current: 0,
    placed: 0,
    die: null,
    rolls: [],
    round: 0,
    winner: null,
    progress: [],
    tallies: Array.from({ length: seats }, () => ({ movedOthers: 0, heldTurns: 0, sidesteps: 0 })),
    moveLog: [],
  };
}

export function currentSeat(state: GameState): number | null {
  return state.phase === 'over' ? null : state.current;
}

function cloneState(state: GameState): GameState {
  return {
    ...state,
    options: { ...state.options },
    rng: copyRng(state.rng),
    obstacles: [...state.obstacles],
    stacks: state.stacks.map((row) => row.map((stack) => [...stack])),
    rolls: [],
    progress: state.progress.map((round) => [...round]),
    tallies: state.tallies.map((tally) => ({ ...tally })),
    ...(state.moveLog ? { moveLog: [...state.moveLog] } : {}),
  };
}

function holdsAny(state: GameState, seat: number): boolean {
  for (let row = 1; row <= ROWS; row++) {
    const col = state.obstacles[row - 1]!;
    if (isHeldSquare(state, row, col) && stackAt(state, row, col).includes(seat)) return true;
  }
  return false;
}

/** Rolls for the seat to act and moves to the first phase with a choice, passing turns that have none. */
function beginTurn(state: GameState, events: GameEvent[]): void {
  for (;;) {
    const seat = state.current;
    const die = 1 + nextInt(state.rng, 6);
    state.die = die;
    state.rolls.push({ seat, die });
    events.push({ type: 'roll', seat, die });
    if (holdsAny(state, seat)) state.tallies[seat]!.heldTurns += 1;
    if (sidesteps(state, seat).length) {
      state.phase = 'sidestep';
      return;
    }
    events.push({ type: 'noSidestep', seat, possible: false });
    if (forwardMoves(state, seat, die).length) {
      state.phase = 'forward';
      return;
    }
    events.push({ type: 'noForward', seat, row: die });
    if (endTurn(state, events)) return;
  }
}

/** Ends the movement turn; returns true when the game is over. */
function endTurn(state: GameState, events: GameEvent[]): boolean {
  state.moveLog?.push(logTurnEnd(state.current));
  if (state.current === state.seats - 1) {
    state.round += 1;
    state.progress.push(columnSums(state));
    if (turnLimitReached(state.round, state.options.turnLimit)) {
      state.phase = 'over';
      events.push({ type: 'turnLimit', rounds: state.round });
      return true;
    }
  }
  state.current = (state.current + 1) % state.seats;
  return false;
}

function afterSidestep(state: GameState, events: GameEvent[]): void {
  if (forwardMoves(state, state.current, state.die!).length) {
    state.phase = 'forward';
    return;
  }
  events.push({ type: 'noForward', seat: state.current, row: state.die! });
  if (!endTurn(state, events)) beginTurn(state, events);
}

function moveTop(
  state: GameState,
  from: { row: number; col: number },
  to: { row: number; col: number },
): number {
  const seat = stackAt(state, from.row, from.col).pop()!;
  stackAt(state, to.row, to.col).push(seat);
  return seat;
}

function noteReleases(state: GameState, leftmostBefore: number, events: GameEvent[]): void {
  const leftmost = leftmostColumn(state);
  for (let row = 1; row <= ROWS; row++) {
    const col = state.obstacles[row - 1]!;
    if (leftmostBefore < col && leftmost >= col) events.push({ type: 'released', row, col });
  }
}

function place(state: GameState, row: number, events: GameEvent[]): void {
  const seat = state.current;
  stackAt(state, row, 0).push(seat);
  state.moveLog?.push(logPlace(seat, row));
  events.push({ type: 'place', seat, row });
  state.placed += 1;
  if (state.placed < TOTAL_PLACEMENTS(state.seats)) {
    state.current = (seat + 1) % state.seats;
    return;
  }
  state.current = 0;
  state.progress.push(columnSums(state));
  beginTurn(state, events);
}

function forward(state: GameState, row: number, col: number, events: GameEvent[]): void {
  const seat = state.current;
  const leftmostBefore = leftmostColumn(state);
  const owner = moveTop(state, { row, col }, { row, col: col + 1 });
  state.moveLog?.push(logForward(row, col));
  if (owner !== seat) state.tallies[seat]!.movedOthers += 1;
  events.push({ type: 'forward', seat, owner, row, col });
  noteReleases(state, leftmostBefore, events);
  if (col + 1 === GOAL) {
    const count = inGoal(state)[owner]!;
    events.push({ type: 'goal', owner, count });
    if (count >= TO_WIN) {
      state.winner = owner;
      state.phase = 'over';
      state.progress.push(columnSums(state));
      events.push({ type: 'win', seat: owner });
      return;
    }
  }
  if (!endTurn(state, events)) beginTurn(state, events);
}

/** What the seat to act may do in the current phase (not over), for a refusal. */
function wantedNow(state: GameState): string {
  if (state.phase === 'place')
    return 'place a hedgehog in one of the lowest allowed rows of the start column';
  if (state.phase === 'forward') return `move a hedgehog forward in row ${state.die}`;
  return forwardMoves(state, state.current, state.die!).length
    ? `sidestep one of your top hedgehogs, or move a hedgehog forward in row ${state.die}`
    : `sidestep one of your top hedgehogs, or decline and end the turn (nothing can move in row ${state.die})`;
}

function checkAction(state: GameState, action: Action): void {
  if (state.phase === 'over') throw new IllegalActionError('game_over', 'the game is over');
  const legal = legalActions(state);
  if (legal.some((candidate) => sameAction(candidate, action))) return;
  const type = (action as { type?: unknown } | null)?.type;
  const code =
    type === 'place' || type === 'sidestep' || type === 'no-sidestep' || type === 'forward'
      ? 'illegal_move'
      : 'unknown_action';
  // Lower case, no full stop: the bot puts it after "Not allowed: ".
  throw new IllegalActionError(code, `now you may ${wantedNow(state)}`);
}

export function applyAction(state: GameState, action: Action): { state: GameState; events: GameEvent[] } {
  checkAction(state, action);
  const next = cloneState(state);
  const events: GameEvent[] = [];
  switch (action.type) {
    case 'place':
      place(next, action.row, events);
      break;
    case 'sidestep':
      moveTop(next, action, { row: action.to, col: action.col });
      next.moveLog?.push(logSidestep(action.row, action.col, action.to));
      next.tallies[next.current]!.sidesteps += 1;
      events.push({ type: 'sidestep', seat: next.current, row: action.row, col: action.col, to: action.to });
      afterSidestep(next, events);
      break;
    case 'no-sidestep':
      events.push({ type: 'noSidestep', seat: next.current, possible: true });
      afterSidestep(next, events);
      break;
    case 'forward':
      if (next.phase === 'sidestep') events.push({ type: 'noSidestep', seat: next.current, possible: true });
      forward(next, action.row, action.col, events);
      break;
  }
  return { state: next, events };
}

export function places(state: GameState): number[] {
  const goal = inGoal(state);
  const sums = columnSums(state);
  return placesByKeys(goal.map((count, seat) => [count, sums[seat]!]));
}

export function standings(state: GameState): Standing[] {
  return places(state).map((place, seat) => ({ seat, place }));
}

export function observe(state: GameState): Observation {
  const over = state.phase === 'over';
  return {
    phase: state.phase,
    seat: currentSeat(state),
    die: state.die,
    rolls: state.rolls.map((roll) => ({ ...roll })),
    stacks: state.stacks.map((row) => row.map((stack) => [...stack])),
    obstacles: [...state.obstacles],
    inGoal: inGoal(state),
    over,
    places: over ? places(state) : null,
  };
}

export { legalActions } from './moves';
