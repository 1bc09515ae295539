/** A die drawn with pips (faces 1–6) or its number (higher faces), in a style: scoring, free or bust. */
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import type { Point } from '../../draw/geometry';

export type DieStyle = 'scoring' | 'free' | 'bust' | 'cup';

const STYLES: Record<DieStyle, { fill: string; edge: string; pip: string }> = {
  scoring: { fill: '#fff4cc', edge: '#c48a00', pip: '#2b2100' },
  free: { fill: '#ffffff', edge: '#8a8472', pip: '#23301f' },
  bust: { fill: '#fde4e1', edge: '#b3261e', pip: '#6b1510' },
  cup: { fill: '#ffffff', edge: '#8a8472', pip: '#8a8472' },
};

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
  style: DieStyle,
): void {
  const colors = STYLES[style];
  const rect = { x: topLeft.x, y: topLeft.y, width: size, height: size };
  fillRoundRect(ctx, rect, size * 0.18, colors.fill);
  strokeRoundRect(ctx, rect, size * 0.18, colors.edge, style === 'scoring' || style === 'bust' ? 4 : 2.5);
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
