/** A line that starts with a player's name: only the name is cut to fit, the words after it stay whole. */
import type { Point } from '../../draw/geometry';
import { font } from '../../draw/fonts';
import { drawText, fitText, type Context, type TextStyle } from '../../draw/shapes';

export function drawNamedLine(
  ctx: Context,
  name: string,
  rest: string,
  at: Point,
  style: TextStyle & { maxWidth: number },
): void {
  ctx.font = font(style.size, style.weight);
  const room = style.maxWidth - ctx.measureText(rest).width;
  const { maxWidth: _whole, ...unbounded } = style;
  drawText(ctx, `${fitText(ctx, name, room)}${rest}`, at, unbounded);
}
