/** A six-sided die face with pips. */
import type { Point } from '../../draw/geometry';
import { fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';

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

export function drawDieFace(ctx: Context, face: number, topLeft: Point, size: number): void {
  const rect = { x: topLeft.x, y: topLeft.y, width: size, height: size };
  fillRoundRect(ctx, rect, size * 0.18, '#ffffff');
  strokeRoundRect(ctx, rect, size * 0.18, '#23301f', 3);
  ctx.fillStyle = '#23301f';
  const cell = size / 4;
  for (const [column, row] of PIPS[face] ?? []) {
    ctx.beginPath();
    ctx.arc(topLeft.x + cell * (column + 1), topLeft.y + cell * (row + 1), size * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
}
