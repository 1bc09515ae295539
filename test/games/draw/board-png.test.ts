import * as zlib from 'node:zlib';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BAND_ROWS, encodeBoardPng, VARIANTS_PER_BAND } from '../../../src/games/draw/board-png';
import { encodeOpaquePng } from '../../../src/games/draw/png';
import { canvasImage, decodePng } from '../hare/render/pixels';
import { readPngHeader } from '../hare/render/png-header';

vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, deflateRawSync: vi.fn(actual.deflateRawSync) };
});

/** How many bands the last encodings compressed (the others were reused). */
const compressedBands = () => vi.mocked(zlib.deflateRawSync).mock.calls.length;

function paint(canvas: Canvas, seed: number): Canvas {
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f7f3e8';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = `hsl(${seed * 47} 60% 45%)`;
  ctx.beginPath();
  ctx.arc(canvas.width / 2, canvas.height / 2, Math.min(canvas.width, canvas.height) / 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#009e73';
  ctx.lineWidth = 3.5;
  ctx.strokeRect(5.5, 7.25, canvas.width - 20, canvas.height - 13);
  return canvas;
}

function painted(width: number, height: number, seed = 0): Canvas {
  return paint(createCanvas(width, height), seed);
}

function expectSamePixels(png: Buffer, canvas: Canvas): void {
  const decoded = decodePng(png);
  expect([decoded.width, decoded.height]).toEqual([canvas.width, canvas.height]);
  expect(Buffer.from(decoded.data).equals(Buffer.from(canvasImage(canvas).data))).toBe(true);
}

/** The zlib stream of a PNG's only IDAT chunk. */
function idat(png: Buffer): Buffer {
  const length = png.readUInt32BE(33);
  expect(png.toString('latin1', 37, 41)).toBe('IDAT');
  return png.subarray(41, 41 + length);
}

beforeEach(() => {
  vi.mocked(zlib.deflateRawSync).mockClear();
});

describe('encodeBoardPng', () => {
  it('writes an 8-bit RGBA PNG whose pixels are exactly the canvas pixels, whatever the height', () => {
    for (const height of [1, BAND_ROWS - 1, BAND_ROWS, BAND_ROWS + 1, 97]) {
      const canvas = painted(211, height);
      const png = encodeBoardPng(canvas);
      expect(readPngHeader(png)).toEqual({ width: 211, height, bitDepth: 8, colorType: 6 });
      expectSamePixels(png, canvas);
    }
  });

  it('ends its zlib stream with the Adler-32 of the scanlines, which zlib checks', () => {
    const canvas = painted(64, 3 * BAND_ROWS + 5);
    const scanlines = zlib.inflateSync(idat(encodeBoardPng(canvas)));
    expect(scanlines.length).toBe(canvas.height * (64 * 4 + 1));
    expect(zlib.inflateSync(idat(encodeBoardPng(canvas))).equals(scanlines)).toBe(true); // reused bands
  });

  it('compresses again only the bands whose pixels changed', () => {
    const canvas = painted(120, 4 * BAND_ROWS, 1);
    encodeBoardPng(canvas);
    expect(compressedBands()).toBe(4);
    expect(encodeBoardPng(canvas).length).toBeGreaterThan(0);
    expect(compressedBands()).toBe(4); // the same pixels: every band reused

    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#123456';
    ctx.fillRect(10, BAND_ROWS + 2, 5, 3); // inside the second band only
    const changed = encodeBoardPng(canvas);
    expect(compressedBands()).toBe(5);
    expectSamePixels(changed, canvas);
  });

  it(`remembers ${VARIANTS_PER_BAND} contents of each band, the most recently used`, () => {
    const width = 90;
    const height = BAND_ROWS;
    const variants = Array.from({ length: VARIANTS_PER_BAND + 1 }, (_, seed) =>
      painted(width, height, seed + 10),
    );
    for (const canvas of variants.slice(0, VARIANTS_PER_BAND)) encodeBoardPng(canvas);
    for (const canvas of variants.slice(0, VARIANTS_PER_BAND)) encodeBoardPng(canvas);
    expect(compressedBands()).toBe(VARIANTS_PER_BAND);
    encodeBoardPng(variants[VARIANTS_PER_BAND]!); // forgets the least recently used: variants[0]
    encodeBoardPng(variants[1]!);
    expect(compressedBands()).toBe(VARIANTS_PER_BAND + 1);
    expectSamePixels(encodeBoardPng(variants[0]!), variants[0]!);
    expect(compressedBands()).toBe(VARIANTS_PER_BAND + 2);
  });

  it('remembers the bands of the last four image sizes', () => {
    const sized = (width: number) => painted(width, BAND_ROWS, 2);
    for (const width of [50, 51, 52, 53]) encodeBoardPng(sized(width));
    encodeBoardPng(sized(50)); // four sizes: all remembered
    expect(compressedBands()).toBe(4);
    encodeBoardPng(sized(54)); // forgets the least recently used size: 51
    encodeBoardPng(sized(50));
    expect(compressedBands()).toBe(5);
    encodeBoardPng(sized(51));
    expect(compressedBands()).toBe(6);
  });

  it('gives the same file for the same pixels, whatever was encoded before', () => {
    const sizes = [
      [40, 2 * BAND_ROWS + 3],
      [41, 2 * BAND_ROWS + 3],
      [40, 20],
      [33, 9],
      [57, 70],
    ] as const;
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 0, max: sizes.length - 1 }), seed: fc.nat(4) }), {
          minLength: 1,
          maxLength: 25,
        }),
        (steps) => {
          const first = new Map<string, Buffer>();
          for (const { size, seed } of steps) {
            const [width, height] = sizes[size]!;
            const canvas = painted(width, height, seed);
            const png = encodeBoardPng(canvas);
            const key = `${size}:${seed}`;
            if (!first.has(key)) {
              expectSamePixels(png, canvas);
              first.set(key, png);
            }
            expect(png.equals(first.get(key)!)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('compresses a board about as well as encoding the whole image at once', () => {
    const canvas = painted(800, 746, 3);
    const whole = encodeOpaquePng(canvas).length;
    expect(encodeBoardPng(canvas).length).toBeLessThan(whole * 1.15);
  });
});
