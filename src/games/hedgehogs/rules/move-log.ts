/**
 * The move log: every hedgehog moved, as small whole numbers, so that the board after every movement turn can
 * be rebuilt from the final state (the summary's chances to win replay it; the dice are not needed):
 *   100 + seat·10 + row        a placement in the start column;
 *   1000 + row·100 + col·10 + to   a sidestep of the top hedgehog of (row, col) to row `to`;
 *   2000 + row·10 + col        a forward move of the top hedgehog of (row, col);
 *   3000 + seat                the end of the seat's movement turn.
 */
import { COLUMNS, ROWS } from './board';

export const logPlace = (seat: number, row: number): number => 100 + seat * 10 + row;
export const logSidestep = (row: number, col: number, to: number): number => 1000 + row * 100 + col * 10 + to;
export const logForward = (row: number, col: number): number => 2000 + row * 10 + col;
export const logTurnEnd = (seat: number): number => 3000 + seat;

/** The board after a movement turn, and the seat that ended it. */
export interface LoggedTurn {
  seat: number;
  stacks: number[][][];
}

/** The boards after the placements (seat -1) and after every movement turn, in order. */
export function replayMoveLog(log: readonly number[]): LoggedTurn[] {
  const stacks = Array.from({ length: ROWS }, () => Array.from({ length: COLUMNS }, () => [] as number[]));
  const at = (row: number, col: number): number[] => stacks[row - 1]![col]!;
  const copy = () => stacks.map((row) => row.map((stack) => [...stack]));
  const turns: LoggedTurn[] = [];
  let placing = true;
  for (const code of log) {
    if (code < 1000) at(code % 10, 0).push(Math.floor((code - 100) / 10));
    else {
      if (placing) turns.push({ seat: -1, stacks: copy() });
      placing = false;
      if (code < 2000) {
        const [row, col, to] = [Math.floor((code - 1000) / 100), Math.floor(code / 10) % 10, code % 10];
        at(to, col).push(at(row, col).pop()!);
      } else if (code < 3000) {
        const [row, col] = [Math.floor((code - 2000) / 10), code % 10];
        at(row, col + 1).push(at(row, col).pop()!);
      } else turns.push({ seat: code - 3000, stacks: copy() });
    }
  }
  return turns;
}
