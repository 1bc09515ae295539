/** Greed's dice in their roles: scoring (set aside), free, bust, or an empty die in the cup. */
import { drawDie as drawDieFace, type DieColors } from '../../draw/die';
import type { Point } from '../../draw/geometry';
import type { Context } from '../../draw/shapes';

export type DieStyle = 'scoring' | 'free' | 'bust' | 'cup';

const STYLES: Record<DieStyle, DieColors> = {
  scoring: { fill: '#fff4cc', edge: '#c48a00', pip: '#2b2100', edgeWidth: 4 },
  free: { fill: '#ffffff', edge: '#8a8472', pip: '#23301f' },
  bust: { fill: '#fde4e1', edge: '#b3261e', pip: '#6b1510', edgeWidth: 4 },
  cup: { fill: '#ffffff', edge: '#8a8472', pip: '#8a8472' },
};

export function drawDie(
  ctx: Context,
  face: number | null,
  topLeft: Point,
  size: number,
  style: DieStyle,
): void {
  drawDieFace(ctx, face, topLeft, size, STYLES[style]);
}
