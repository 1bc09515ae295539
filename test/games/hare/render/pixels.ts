/** Pixel access for the render tests. */
import type { Canvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';

export interface Image {
  width: number;
  height: number;
  /** RGBA bytes, row by row. */
  data: Uint8Array;
}

/** The canvas pixels (the renderers paint opaque images, so Skia's premultiplied bytes are the plain ones). */
export function canvasImage(canvas: Canvas): Image {
  return { width: canvas.width, height: canvas.height, data: canvas.data() };
}

export function decodePng(png: Buffer): Image {
  const decoded = PNG.sync.read(png);
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}

export function pixelAt(image: Image, x: number, y: number): [number, number, number, number] {
  const offset = (Math.round(y) * image.width + Math.round(x)) * 4;
  const { data } = image;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1, data[offset + 3] ?? -1];
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Whether the pixel at (x, y) is `hex`, within `tolerance` on each channel. */
export function isColorAt(image: Image, x: number, y: number, hex: string, tolerance = 3): boolean {
  const pixel = pixelAt(image, x, y);
  return hexToRgb(hex).every((channel, index) => Math.abs(channel - (pixel[index] as number)) <= tolerance);
}

/** How many pixels of the rectangle are `hex` (within the tolerance). */
export function countColor(
  image: Image,
  rect: { x: number; y: number; width: number; height: number },
  hex: string,
  tolerance = 3,
): number {
  let count = 0;
  for (let y = Math.floor(rect.y); y < rect.y + rect.height; y++) {
    for (let x = Math.floor(rect.x); x < rect.x + rect.width; x++) {
      if (isColorAt(image, x, y, hex, tolerance)) count += 1;
    }
  }
  return count;
}

/** Whether two images differ anywhere inside the rectangle. */
export function regionsDiffer(
  a: Image,
  b: Image,
  rect: { x: number; y: number; width: number; height: number },
): boolean {
  for (let y = Math.floor(rect.y); y < rect.y + rect.height; y++) {
    for (let x = Math.floor(rect.x); x < rect.x + rect.width; x++) {
      const offset = (y * a.width + x) * 4;
      for (let channel = 0; channel < 4; channel++) {
        if (a.data[offset + channel] !== b.data[offset + channel]) return true;
      }
    }
  }
  return false;
}
