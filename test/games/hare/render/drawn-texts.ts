/**
 * The texts a render draws, caught where the canvas draws them (fillText), with where each lies: so a test can
 * read what an image says and check that texts on one line do not overlap.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface DrawnText {
  text: string;
  /** The left and right ends of the text, and its baseline, in image pixels (no transform is used). */
  left: number;
  right: number;
  y: number;
  /** The font's size in pixels. */
  size: number;
}

const prototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;

function extent(ctx: SKRSContext2D, text: string, x: number): { left: number; right: number } {
  const width = ctx.measureText(text).width;
  switch (ctx.textAlign) {
    case 'right':
    case 'end':
      return { left: x - width, right: x };
    case 'center':
      return { left: x - width / 2, right: x + width / 2 };
    default:
      return { left: x, right: x + width };
  }
}

/** Runs `draw` and returns what it returned and every text it drew, in order. */
export function catchTexts<T>(draw: () => T): { result: T; texts: DrawnText[] } {
  const texts: DrawnText[] = [];
  const original = prototype.fillText;
  prototype.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    texts.push({ text, y, size: Number(/([\d.]+)px/.exec(this.font)?.[1] ?? 0), ...extent(this, text, x) });
    return original.call(this, text, x, y, maxWidth);
  };
  try {
    return { result: draw(), texts };
  } finally {
    prototype.fillText = original;
  }
}
