/** Small drawing helpers shared by every game's images. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './fonts';
import { seatColor, textColorOn } from './palette';
import type { Point, Rect } from './geometry';

export { ordinal } from '../kit/places';

export type Context = SKRSContext2D;

export function inset(rect: Rect, by: number): Rect {
  return { x: rect.x + by, y: rect.y + by, width: rect.width - 2 * by, height: rect.height - 2 * by };
}

export function fillRoundRect(ctx: Context, rect: Rect, radius: number, fill: string): void {
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function strokeRoundRect(
  ctx: Context,
  rect: Rect,
  radius: number,
  stroke: string,
  width: number,
): void {
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** `text` cut with an ellipsis so that it fits `maxWidth` in the current font. */
export function fitText(ctx: Context, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = `${characters.slice(0, middle).join('').trimEnd()}…`;
    if (ctx.measureText(candidate).width <= maxWidth) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('').trimEnd()}…`;
}

export interface TextStyle {
  size: number;
  weight?: 'regular' | 'bold';
  color: string;
  align?: CanvasTextAlign;
  baseline?: CanvasTextBaseline;
  maxWidth?: number;
}

/** Draws one line of text (cut to fit `maxWidth`) and returns its drawn width. */
export function drawText(ctx: Context, text: string, at: Point, style: TextStyle): number {
  ctx.font = font(style.size, style.weight);
  ctx.fillStyle = style.color;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = style.baseline ?? 'alphabetic';
  const shown = style.maxWidth === undefined ? text : fitText(ctx, text, style.maxWidth);
  ctx.fillText(shown, at.x, at.y);
  return ctx.measureText(shown).width;
}

export interface PillStyle {
  fill: string;
  size: number;
  /** A thin white rim, to stand out on busy backgrounds. */
  rim?: boolean;
}

/** A rounded label whose right end is at `right`, centred vertically on `middle`. */
export function drawPill(ctx: Context, text: string, right: number, middle: number, style: PillStyle): void {
  ctx.font = font(style.size, 'bold');
  const width = ctx.measureText(text).width + 12;
  const height = style.size + 8;
  const pill = { x: right - width, y: middle - height / 2, width, height };
  fillRoundRect(ctx, pill, height / 2, style.fill);
  if (style.rim) strokeRoundRect(ctx, pill, height / 2, '#ffffff', 1.5);
  const at = { x: right - width / 2, y: middle + 1 };
  const color = textColorOn(style.fill);
  drawText(ctx, text, at, { size: style.size, weight: 'bold', color, align: 'center', baseline: 'middle' });
}

const MIN_NUMBERED_TOKEN_RADIUS = 12;

/** A runner's token: a disc in the seat colour with a dark rim and the seat number (1-based). */
export function drawToken(ctx: Context, seatIndex: number, center: Point, radius: number): void {
  const color = seatColor(seatIndex);
  ctx.beginPath();
  ctx.arc(center.x + 1.5, center.y + 2.5, radius, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(center.x, center.y, radius, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = Math.max(2, radius * 0.13);
  ctx.strokeStyle = '#1b1b1b';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(center.x, center.y, radius - ctx.lineWidth - 1.5, 0, Math.PI * 2);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.stroke();
  // A marker this small (a chart line's end) could not carry a legible number: the key beside it names it.
  if (radius < MIN_NUMBERED_TOKEN_RADIUS) return;
  drawText(
    ctx,
    String(seatIndex + 1),
    { x: center.x, y: center.y + 1 },
    {
      size: Math.round(radius * 1.25),
      weight: 'bold',
      color: textColorOn(color),
      align: 'center',
      baseline: 'middle',
    },
  );
}
