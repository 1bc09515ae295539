/** The winding track: coloured spaces, pictures, licorice, the castle and the two shortcuts. */
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { INK, textColorOn } from '../../draw/palette';
import type { Point } from '../../draw/geometry';
import { CASTLE, SHORTCUTS, TRACK, isLicorice } from '../rules/track';
import { CANDY, CASTLE_PINK, PICTURE_CELL } from './colors';
import { CELL, cellCenter, cellRect } from './layout';
import { drawCastle, drawLicorice, drawPicture } from './symbols';

const RAINBOW = ['#d7263d', '#f08a24', '#f2c230', '#3a9e4a', '#2e6fd8', '#7b4fb3'];

function drawSpace(ctx: Context, space: number): void {
  const found = TRACK[space];
  const rect = cellRect(space);
  const center = cellCenter(space);
  if (!found) return;
  if (found.kind === 'color') {
    const fill = CANDY[found.color];
    fillRoundRect(ctx, rect, 8, fill);
    if (isLicorice(space)) drawLicorice(ctx, center, CELL * 0.36);
    // Every fifth space is numbered, large enough to read on a phone: a ruler along the track.
    if (space % 5 !== 0) return;
    const label = textColorOn(fill);
    drawText(
      ctx,
      String(space),
      { x: rect.x + 3, y: rect.y + 19 },
      { size: 19, weight: 'bold', color: label },
    );
    return;
  }
  if (found.kind === 'picture') {
    fillRoundRect(ctx, rect, 8, PICTURE_CELL);
    strokeRoundRect(ctx, rect, 8, CASTLE_PINK, 2.5);
    drawPicture(ctx, found.picture, { x: center.x, y: center.y + 2 }, CELL * 0.3);
    return;
  }
  if (found.kind === 'castle') {
    fillRoundRect(ctx, rect, 8, '#ffe3ef');
    strokeRoundRect(ctx, rect, 8, CASTLE_PINK, 3);
    drawCastle(ctx, center, CELL * 0.34, CASTLE_PINK);
    return;
  }
  fillRoundRect(ctx, rect, 8, '#ffffff');
  strokeRoundRect(ctx, rect, 8, INK, 2);
  drawText(ctx, 'GO', center, { size: 22, weight: 'bold', color: INK, align: 'center', baseline: 'middle' });
}

/** A curve from one space to another, bulging sideways so it does not run along the track. */
export function bend(from: Point, to: Point, bulge: number): Point {
  const mx = (from.x + to.x) / 2;
  const my = (from.y + to.y) / 2;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.max(1, Math.hypot(dx, dy));
  return { x: mx - (dy / length) * bulge, y: my + (dx / length) * bulge };
}

function curve(ctx: Context, from: Point, via: Point, to: Point): void {
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.quadraticCurveTo(via.x, via.y, to.x, to.y);
}

function drawShortcuts(ctx: Context): void {
  const [rainbow, gumdrop] = SHORTCUTS;
  ctx.lineCap = 'round';
  if (rainbow) {
    const from = cellCenter(rainbow.from);
    const to = cellCenter(rainbow.to);
    const via = bend(from, to, -CELL * 1.1);
    curve(ctx, from, via, to);
    ctx.lineWidth = 20;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    RAINBOW.forEach((color, i) => {
      curve(ctx, from, via, to);
      ctx.lineWidth = 16 - i * 2.6;
      ctx.strokeStyle = color;
      ctx.stroke();
    });
  }
  if (gumdrop) {
    const from = cellCenter(gumdrop.from);
    const to = cellCenter(gumdrop.to);
    const via = bend(from, to, CELL * 1.2);
    curve(ctx, from, via, to);
    ctx.lineWidth = 12;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    curve(ctx, from, via, to);
    ctx.lineWidth = 7;
    ctx.setLineDash([12, 8]);
    ctx.strokeStyle = '#e0457b';
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.lineCap = 'butt';
}

function drawLegend(ctx: Context): void {
  const first = cellRect(CASTLE + 1);
  const y = first.y + first.height / 2;
  const right = first.x + first.width - 12;
  const style = {
    size: 22,
    weight: 'bold' as const,
    color: INK,
    align: 'right' as const,
    baseline: 'middle' as const,
  };
  drawLicorice(ctx, { x: right - 250, y }, 15);
  drawText(ctx, 'licorice: lose a turn', { x: right, y }, style);
}

export function drawTrack(ctx: Context): void {
  for (let space = 0; space <= CASTLE; space++) drawSpace(ctx, space);
  drawShortcuts(ctx);
  drawLegend(ctx);
}
