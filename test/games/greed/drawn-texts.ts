/**
 * The texts an image draws, caught where the canvas draws them, with the box each one covers (its measured
 * width, and the font's em height around the baseline, a few pixels more on every side for a pill's padding).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface DrawnText {
  text: string;
  size: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const PADDING = 4;
const prototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;

function fontSize(font: string): number {
  const match = /([\d.]+)px/.exec(font);
  if (!match) throw new Error(`no pixel size in the font "${font}"`);
  return Number(match[1]);
}

function boxOf(ctx: SKRSContext2D, text: string, x: number, y: number): DrawnText {
  const size = fontSize(ctx.font);
  const width = ctx.measureText(text).width;
  const left =
    ctx.textAlign === 'right' || ctx.textAlign === 'end'
      ? x - width
      : ctx.textAlign === 'center'
        ? x - width / 2
        : x;
  const top = ctx.textBaseline === 'middle' ? y - size / 2 : ctx.textBaseline === 'top' ? y : y - size * 0.8;
  return {
    text,
    size,
    left: left - PADDING,
    right: left + width + PADDING,
    top: top - PADDING,
    bottom: top + size + PADDING,
  };
}

/** Runs `draw` and returns every text it drew, in order. */
export function textsDrawnBy(draw: () => unknown): DrawnText[] {
  const drawn: DrawnText[] = [];
  const original = prototype.fillText;
  prototype.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(boxOf(this, text, x, y));
    return original.call(this, text, x, y, maxWidth);
  };
  try {
    draw();
  } finally {
    prototype.fillText = original;
  }
  return drawn;
}

/** Pairs of texts whose boxes overlap, as "'a' / 'b'". */
export function overlaps(texts: readonly DrawnText[]): string[] {
  const found: string[] = [];
  texts.forEach((a, i) =>
    texts.slice(i + 1).forEach((b) => {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      if (!apart) found.push(`'${a.text}' / '${b.text}'`);
    }),
  );
  return found;
}
