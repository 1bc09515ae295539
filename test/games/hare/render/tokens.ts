/** Checks that every runner's token shows its seat colour where the layout says it is. */
import type { Canvas } from '@napi-rs/canvas';
import type { GameState } from '../../../../src/games/hare/rules/index';
import { seatColor, tokenPlacements } from '../../../../src/games/hare/render/index';
import { hexToRgb, pixelAt, type Image } from './pixels';

export type PixelReader = (x: number, y: number) => ArrayLike<number>;

export function imageReader(image: Image): PixelReader {
  return (x, y) => pixelAt(image, x, y);
}

/** Reads single pixels from a canvas, without copying the whole image. */
export function canvasReader(canvas: Canvas): PixelReader {
  const ctx = canvas.getContext('2d');
  return (x, y) => ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
}

/** Points inside a token, away from its seat number and its rim. */
function samplePoints(center: { x: number; y: number }, radius: number) {
  const r = radius * 0.6;
  return [
    { x: center.x - r, y: center.y },
    { x: center.x + r, y: center.y },
    { x: center.x, y: center.y - r },
    { x: center.x, y: center.y + r },
  ];
}

/** Descriptions of the token sample points that are not in their seat's colour (empty when all are). */
export function misplacedTokens(state: GameState, read: PixelReader, tolerance = 3): string[] {
  const problems: string[] = [];
  for (const placement of tokenPlacements(state)) {
    const expected = hexToRgb(seatColor(placement.seat));
    for (const point of samplePoints(placement.center, placement.radius)) {
      const pixel = read(point.x, point.y);
      const matches = expected.every(
        (channel, index) => Math.abs(channel - (pixel[index] ?? -1)) <= tolerance,
      );
      if (!matches) {
        problems.push(
          `seat ${placement.seat} at ${point.x.toFixed(0)},${point.y.toFixed(0)}: ${Array.from(pixel)}`,
        );
      }
    }
  }
  return problems;
}
