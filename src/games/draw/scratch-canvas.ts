/**
 * Canvases kept for reuse by the thread that draws. Allocating a fresh 800 × 900 Skia canvas and touching its
 * memory costs about as much as drawing a whole board (7-8 ms, mostly page faults), so the render paths draw
 * each image on a kept canvas of its size, reset to blank, and encode it before the next image is drawn.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { KeptBySize } from './kept-by-size';

/** Sizes kept at once (boards vary in height with their seats); the least recently used goes first. */
const canvases = new KeptBySize<Canvas>(8);

/**
 * A blank canvas of `width` × `height` in its default state, the same as a new one. It is this thread's: the
 * next call for the same size clears it, so encode it (synchronously) before drawing another image.
 */
export function scratchCanvas(width: number, height: number): Canvas {
  const canvas = canvases.get(width, height, () => createCanvas(width, height));
  canvas.getContext('2d').reset(); // a new canvas is already blank: resetting it changes nothing
  return canvas;
}
