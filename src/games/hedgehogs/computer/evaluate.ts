/**
 * How good a position is for one seat: its own race (the three furthest hedgehogs count most, since three in
 * the goal win), minus hedgehogs buried under others or held by obstacles, plus the rows where it has a top
 * hedgehog to move on the dice to come; the same for the opponents, subtracted.
 */
import { COLUMNS, GOAL, ROWS, TO_WIN, isHeldSquare, isMovable, stackAt, topAt } from '../rules/board';
import type { GameState } from '../rules/types';

const WIN = 10_000;
const GOAL_BONUS = 4;
const FOURTH_WEIGHT = 0.3;
const BURIED_PER_LEVEL = 1.2;
const HELD = 2;
const ROW_TO_MOVE = 0.8;
const LEADING_OPPONENT = 0.7;
const OTHER_OPPONENTS = 0.3;

interface SeatShape {
  columns: number[];
  buried: number;
  held: number;
  rowsToMove: Set<number>;
}

function shapes(state: GameState): SeatShape[] {
  const seats: SeatShape[] = Array.from({ length: state.seats }, () => ({
    columns: [],
    buried: 0,
    held: 0,
    rowsToMove: new Set(),
  }));
  for (let row = 1; row <= ROWS; row++) {
    for (let col = 0; col < COLUMNS; col++) {
      const stack = stackAt(state, row, col);
      const held = isHeldSquare(state, row, col);
      stack.forEach((seat, level) => {
        const shape = seats[seat]!;
        shape.columns.push(col);
        if (col < GOAL) shape.buried += stack.length - 1 - level;
        if (held) shape.held += 1;
      });
      const top = topAt(state, row, col);
      if (top !== null && isMovable(state, row, col)) seats[top]!.rowsToMove.add(row);
    }
  }
  return seats;
}

function raceValue(shape: SeatShape): number {
  const columns = [...shape.columns].sort((a, b) => b - a);
  let value = 0;
  columns.forEach((col, i) => {
    const worth = col + (col === GOAL ? GOAL_BONUS : 0);
    value += i < TO_WIN ? worth : FOURTH_WEIGHT * worth;
  });
  return value - BURIED_PER_LEVEL * shape.buried - HELD * shape.held + ROW_TO_MOVE * shape.rowsToMove.size;
}

export function evaluate(state: GameState, seat: number): number {
  if (state.winner !== null) return state.winner === seat ? WIN : -WIN;
  const values = shapes(state).map(raceValue);
  const mine = values[seat]!;
  const others = values.filter((_, other) => other !== seat);
  const leading = Math.max(...others);
  const mean = others.reduce((sum, value) => sum + value, 0) / others.length;
  return mine - LEADING_OPPONENT * leading - OTHER_OPPONENTS * mean;
}
