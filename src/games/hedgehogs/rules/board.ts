/** The board: size, obstacles, and the questions the rules ask of it (top, movable, held). */
import { shuffleInPlace, type GameRng } from '../../kit/random';
import type { GameState, ObstacleLayout } from './types';

export const ROWS = 6;
export const COLUMNS = 9;
export const GOAL = COLUMNS - 1;
export const HEDGEHOGS_PER_SEAT = 4;
export const TO_WIN = 3;
/** The published board: the obstacle column of rows 1 to 6. */
export const PUBLISHED_OBSTACLES: readonly number[] = [3, 6, 4, 5, 2, 7];

export function obstacleColumns(layout: ObstacleLayout, rng: GameRng): number[] {
  if (layout === 'published') return [...PUBLISHED_OBSTACLES];
  const columns = [1, 2, 3, 4, 5, 6, 7];
  shuffleInPlace(rng, columns);
  return columns.slice(0, ROWS);
}

export function stackAt(state: GameState, row: number, col: number): number[] {
  return state.stacks[row - 1]![col]!;
}

export function topAt(state: GameState, row: number, col: number): number | null {
  const stack = stackAt(state, row, col);
  return stack.length ? stack[stack.length - 1]! : null;
}

/** The leftmost column holding a hedgehog (COLUMNS when the board is empty). */
export function leftmostColumn(state: GameState): number {
  for (let col = 0; col < COLUMNS; col++)
    for (let row = 1; row <= ROWS; row++) if (stackAt(state, row, col).length) return col;
  return COLUMNS;
}

/** Whether the obstacle of `row` still holds: some hedgehog stands left of its column. */
export function obstacleHolds(state: GameState, row: number): boolean {
  return leftmostColumn(state) < state.obstacles[row - 1]!;
}

export function isHeldSquare(state: GameState, row: number, col: number): boolean {
  return state.obstacles[row - 1] === col && obstacleHolds(state, row);
}

/** The top hedgehog at (row, col) can move: a stack there, not in the goal, not held. */
export function isMovable(state: GameState, row: number, col: number): boolean {
  return col < GOAL && stackAt(state, row, col).length > 0 && !isHeldSquare(state, row, col);
}

export function inGoal(state: GameState): number[] {
  const counts = new Array<number>(state.seats).fill(0);
  for (let row = 1; row <= ROWS; row++)
    for (const seat of stackAt(state, row, GOAL)) counts[seat] = counts[seat]! + 1;
  return counts;
}

/** The sum of the columns of every hedgehog of each seat. */
export function columnSums(state: GameState): number[] {
  const sums = new Array<number>(state.seats).fill(0);
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < COLUMNS; col++)
      for (const seat of stackAt(state, row, col)) sums[seat] = sums[seat]! + col;
  return sums;
}
