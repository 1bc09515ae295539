/** The legal choices of each phase. */
import { COLUMNS, GOAL, HEDGEHOGS_PER_SEAT, ROWS, isMovable, stackAt, topAt } from './board';
import type { Action, GameState } from './types';

/** Placement: rows whose top is not the seat's own, the lowest among them. */
export function placementRows(state: GameState, seat: number): number[] {
  const allowed: number[] = [];
  for (let row = 1; row <= ROWS; row++) if (topAt(state, row, 0) !== seat) allowed.push(row);
  const lowest = Math.min(...allowed.map((row) => stackAt(state, row, 0).length));
  return allowed.filter((row) => stackAt(state, row, 0).length === lowest);
}

export function sidesteps(state: GameState, seat: number): Extract<Action, { type: 'sidestep' }>[] {
  const moves: Extract<Action, { type: 'sidestep' }>[] = [];
  for (let row = 1; row <= ROWS; row++) {
    for (let col = 0; col < GOAL; col++) {
      if (topAt(state, row, col) !== seat || !isMovable(state, row, col)) continue;
      for (const to of [row - 1, row + 1])
        if (to >= 1 && to <= ROWS) moves.push({ type: 'sidestep', row, col, to });
    }
  }
  return moves;
}

/** Forward moves in `row`: the seat's own movable tops if any, otherwise everyone else's. */
export function forwardMoves(
  state: GameState,
  seat: number,
  row: number,
): Extract<Action, { type: 'forward' }>[] {
  const own: Extract<Action, { type: 'forward' }>[] = [];
  const others: Extract<Action, { type: 'forward' }>[] = [];
  for (let col = 0; col < COLUMNS - 1; col++) {
    if (!isMovable(state, row, col)) continue;
    (topAt(state, row, col) === seat ? own : others).push({ type: 'forward', row, col });
  }
  return own.length ? own : others;
}

export function legalActions(state: GameState): Action[] {
  switch (state.phase) {
    case 'place':
      return placementRows(state, state.current).map((row) => ({ type: 'place', row }));
    case 'sidestep':
      // A forward move chosen here declines the sidestep: one click for the turn when no sidestep is wanted.
      return [
        ...sidesteps(state, state.current),
        { type: 'no-sidestep' },
        ...forwardMoves(state, state.current, state.die!),
      ];
    case 'forward':
      return forwardMoves(state, state.current, state.die!);
    case 'over':
      return [];
  }
}

export const TOTAL_PLACEMENTS = (seats: number): number => seats * HEDGEHOGS_PER_SEAT;
