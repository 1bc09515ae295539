/** Where each of the 134 spaces (start, 1–132, castle) sits: a serpentine of rows, left to right then back. */
import type { Point, Rect } from '../../draw/geometry';

export const BOARD_WIDTH = 800;
export const COLUMNS = 14;
export const CELL = 54;
export const GAP = 2;
export const TRACK_TOP = 176;
const TRACK_LEFT = (BOARD_WIDTH - COLUMNS * CELL) / 2;
export const TRACK_ROWS = Math.ceil(134 / COLUMNS);
export const TRACK_BOTTOM = TRACK_TOP + TRACK_ROWS * CELL;

export function cellRect(space: number): Rect {
  const row = Math.floor(space / COLUMNS);
  const offset = space % COLUMNS;
  const column = row % 2 === 0 ? offset : COLUMNS - 1 - offset;
  return {
    x: TRACK_LEFT + column * CELL + GAP / 2,
    y: TRACK_TOP + row * CELL + GAP / 2,
    width: CELL - GAP,
    height: CELL - GAP,
  };
}

export function cellCenter(space: number): Point {
  const rect = cellRect(space);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** Pawn centres inside a cell: one pawn in the middle, several in its corners. */
export function pawnSpots(space: number, count: number): { at: Point; radius: number }[] {
  const center = cellCenter(space);
  if (count === 1) return [{ at: center, radius: 19 }];
  const d = CELL / 4 - 1;
  const corners = [
    { x: -d, y: -d },
    { x: d, y: -d },
    { x: -d, y: d },
    { x: d, y: d },
  ];
  return corners.slice(0, count).map((c) => ({ at: { x: center.x + c.x, y: center.y + c.y }, radius: 15 }));
}
