/**
 * The movement turns of a game, rebuilt from its move log (rules/move-log.ts): each turn's seat, the board
 * before and after it, the row it rolled when its forward move shows it, and the seat it may have won for.
 * Seats take movement turns strictly in order (a turn with nothing to do is logged too), so turn k is seat
 * k mod seats's, in round ⌊k / seats⌋ + 1.
 */
import { COLUMNS, GOAL, ROWS, TO_WIN } from '../rules/board';
import type { GameState } from '../rules/types';

export type Stacks = number[][][];

export interface MovementTurn {
  seat: number;
  /** Rounds complete before the turn. */
  round: number;
  before: Stacks;
  after: Stacks;
  /** The rolled row, known when the turn moved a hedgehog forward (else null). */
  die: number | null;
  /** The seat whose third hedgehog this turn brought into the goal, or null. */
  winner: number | null;
}

const copy = (stacks: Stacks): Stacks => stacks.map((row) => row.map((stack) => [...stack]));

function winnerOn(stacks: Stacks, seats: number): number | null {
  const goal = new Array<number>(seats).fill(0);
  for (let row = 0; row < ROWS; row++) for (const seat of stacks[row]![GOAL]!) goal[seat]! += 1;
  const winner = goal.findIndex((count) => count >= TO_WIN);
  return winner >= 0 ? winner : null;
}

/** The board after the placements, and every movement turn; [] for a game stored without a move log. */
export function movementTurns(state: GameState): MovementTurn[] {
  if (!state.moveLog) return [];
  const stacks: Stacks = Array.from({ length: ROWS }, () => Array.from({ length: COLUMNS }, () => []));
  const at = (row: number, col: number): number[] => stacks[row - 1]![col]!;
  const turns: MovementTurn[] = [];
  let before: Stacks | null = null;
  let die: number | null = null;
  const close = (): void => {
    const index = turns.length;
    turns.push({
      seat: index % state.seats,
      round: Math.floor(index / state.seats),
      before: before!,
      after: copy(stacks),
      die,
      winner: winnerOn(stacks, state.seats),
    });
    before = copy(stacks);
    die = null;
  };
  let moved = false;
  for (const code of state.moveLog) {
    if (code < 1000) {
      at(code % 10, 0).push(Math.floor((code - 100) / 10));
      continue;
    }
    before ??= copy(stacks);
    if (code < 2000) {
      const [row, col, to] = [Math.floor((code - 1000) / 100), Math.floor(code / 10) % 10, code % 10];
      at(to, col).push(at(row, col).pop()!);
      moved = true;
    } else if (code < 3000) {
      const [row, col] = [Math.floor((code - 2000) / 10), code % 10];
      at(row, col + 1).push(at(row, col).pop()!);
      die = row;
      moved = true;
    } else {
      close();
      moved = false;
    }
  }
  // the winning move ends the game without ending its turn in the log
  if (moved) close();
  return turns;
}
