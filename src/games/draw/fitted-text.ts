/** Text that shrinks to fit its width before it is ever cut, down to a size still readable on a phone. */
import { font } from './fonts';
import type { Point } from './geometry';
import { drawText, type Context, type TextStyle } from './shapes';

/** The smallest size shrunk to: 19 px on the 800 px image is about 8 px at a phone's 350 px. */
export const MIN_FITTED_SIZE = 19;

/** Draws `text` at the largest size from `style.size` down to MIN_FITTED_SIZE that fits `maxWidth`; returns its width. */
export function drawFittedText(
  ctx: Context,
  text: string,
  at: Point,
  style: Omit<TextStyle, 'maxWidth'>,
  maxWidth: number,
): number {
  let size = style.size;
  while (size > MIN_FITTED_SIZE) {
    ctx.font = font(size, style.weight);
    if (ctx.measureText(text).width <= maxWidth) break;
    size -= 1;
  }
  return drawText(ctx, text, at, { ...style, size, maxWidth });
}
