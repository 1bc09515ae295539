/** A die face: pips for 1–6, the number for bigger dice, in given colours (or an empty die when face is null). */
import type { Point } from './geometry';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from './shapes';

export interface DieColors {
  fill: string;
  edge: string;
  pip: string;
  /** The edge's width (default 2.5). */
  edgeWidth?: number;
}

export const PLAIN_DIE: DieColors = { fill: '#ffffff', edge: '#23301f', pip: '#23301f', edgeWidth: 3 };

/** Pip positions on a 3 × 3 grid (column, row), per face. */
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

export function drawDie(
  ctx: Context,
  face: number | null,
  topLeft: Point,
  size: number,
  colors: DieColors = PLAIN_DIE,
): void {
  const rect = { x: topLeft.x, y: topLeft.y, width: size, height: size };
  fillRoundRect(ctx, rect, size * 0.18, colors.fill);
  strokeRoundRect(ctx, rect, size * 0.18, colors.edge, colors.edgeWidth ?? 2.5);
  if (face === null) return;
  const pips = PIPS[face];
  if (!pips) {
    const at = { x: topLeft.x + size / 2, y: topLeft.y + size / 2 + 2 };
    drawText(ctx, String(face), at, {
      size: size * 0.5,
      weight: 'bold',
      color: colors.pip,
      align: 'center',
      baseline: 'middle',
    });
    return;
  }
  const cell = size / 4;
  ctx.fillStyle = colors.pip;
  for (const [column, row] of pips) {
    ctx.beginPath();
    ctx.arc(topLeft.x + cell * (column + 1), topLeft.y + cell * (row + 1), size * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
}
