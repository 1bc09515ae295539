/**
 * A module's board as a grid of short labels (GameModule.boardGrid), for the default board and summary: square
 * cells, a cell a seat owns filled in its colour.
 */
import type { GridCell } from '../contract';
import type { Rect } from './geometry';
import { CARD, CARD_EDGE, INK, seatColor, textColorOn } from './palette';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from './shapes';

export type TextGrid = readonly (readonly GridCell[])[];

const LARGEST_CELL = 110;
const GAP = 8;

function columnsOf(grid: TextGrid): number {
  return Math.max(1, ...grid.map((row) => row.length));
}

/** The side of a cell when the grid takes at most `width`. */
function cellSize(grid: TextGrid, width: number): number {
  const columns = columnsOf(grid);
  return Math.min(LARGEST_CELL, Math.floor((width - GAP * (columns - 1)) / columns));
}

/** The height the grid takes within `width`. */
export function gridHeight(grid: TextGrid, width: number): number {
  return grid.length === 0 ? 0 : grid.length * cellSize(grid, width) + (grid.length - 1) * GAP;
}

/** Draws the grid centred across `area` from its top. */
export function drawTextGrid(ctx: Context, grid: TextGrid, area: Rect): void {
  const size = cellSize(grid, area.width);
  const columns = columnsOf(grid);
  const left = area.x + (area.width - (columns * size + (columns - 1) * GAP)) / 2;
  // Labels of a few characters: large in a large cell, never under 22 px (readable at 350 px wide).
  const textSize = Math.max(22, Math.round(size * 0.45));
  grid.forEach((row, r) =>
    row.forEach((cell, c) => {
      const rect = { x: left + c * (size + GAP), y: area.y + r * (size + GAP), width: size, height: size };
      const fill = cell.seat === undefined ? CARD : seatColor(cell.seat);
      fillRoundRect(ctx, rect, 10, fill);
      strokeRoundRect(ctx, rect, 10, cell.seat === undefined ? CARD_EDGE : INK, 2);
      if (cell.label === '') return;
      drawText(
        ctx,
        cell.label,
        { x: rect.x + size / 2, y: rect.y + size / 2 + 2 },
        {
          size: textSize,
          weight: 'bold',
          color: cell.seat === undefined ? INK : textColorOn(fill),
          align: 'center',
          baseline: 'middle',
          maxWidth: size - 8,
        },
      );
    }),
  );
}
