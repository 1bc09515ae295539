/**
 * PNG for images drawn again and again with most of their rows unchanged: boards, where a move changes a few
 * squares and the title while the rest of the art stays. The scanlines are compressed in bands of rows, each
 * band on its own (a deflate segment ending on a byte boundary, as pigz does), so a band whose pixels were
 * seen recently reuses its compressed bytes and only the bands that changed are compressed again. With 100
 * games on one render worker, compression was the largest part of a board's cost; most bands are reused.
 * The file decodes to exactly the canvas pixels, like encodeOpaquePng's.
 */
import { constants, deflateRawSync } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { ADLER32_OF_NOTHING, adler32, combineAdler32 } from './adler32';
import { KeptBySize } from './kept-by-size';
import { BYTES_PER_PIXEL, COMPRESSION_LEVEL, pngFile, scanlines } from './png';

/** Rows per band: smaller bands are reused more often, larger ones compress better. */
export const BAND_ROWS = 16;
/** Contents remembered for each band (the most recently used are kept). */
export const VARIANTS_PER_BAND = 4;

/** zlib's header for a 32 KiB window and fast compression (the check bits make it a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x5e]);
/** An empty final block, which ends the deflate stream after the last band. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

interface BandContent {
  /** The band's pixels (a copy), to tell the same content again exactly. */
  pixels: Buffer;
  /** Its scanlines as a deflate segment: non-final blocks ending byte-aligned. */
  deflated: Buffer;
  /** The Adler-32 of its scanlines, combined into the stream's checksum. */
  adler: number;
}

/**
 * For each of the last four image sizes (boards vary in height with their seats), for each band, its remembered
 * contents, the most recently used first.
 */
const bandsBySize = new KeptBySize<BandContent[][]>(4);

/**
 * `pixels` compressed, copied into `reused` (the copy of a content no longer remembered) when there is one. The
 * copies outlive young collections: a new one for each new band, dropped when forgotten, was external memory
 * that only a full collection frees, growing with every image (V8 14 answers that growth with full collections).
 */
function compressBand(pixels: Buffer, width: number, reused: Buffer | undefined): BandContent {
  const lines = scanlines(pixels, width);
  const copy = reused?.length === pixels.length ? reused : Buffer.allocUnsafe(pixels.length);
  pixels.copy(copy);
  return {
    pixels: copy,
    deflated: deflateRawSync(lines, { level: COMPRESSION_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    adler: adler32(lines),
  };
}

/** The band's remembered content equal to `pixels`, moved to the front, or a new one compressed now. */
function contentOf(remembered: BandContent[], pixels: Buffer, width: number): BandContent {
  const index = remembered.findIndex((content) => content.pixels.equals(pixels));
  if (index >= 0) {
    const content = remembered.splice(index, 1)[0]!;
    remembered.unshift(content);
    return content;
  }
  const forgotten = remembered.length >= VARIANTS_PER_BAND ? remembered.pop() : undefined;
  const content = compressBand(pixels, width, forgotten?.pixels);
  remembered.unshift(content);
  return content;
}

/**
 * Encodes an opaque canvas (see encodeOpaquePng), reusing the compressed bands of the images of its size drawn
 * before on this thread.
 */
export function encodeBoardPng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  const pixels = canvas.data();
  const rowBytes = width * BYTES_PER_PIXEL;
  const bandBytes = BAND_ROWS * rowBytes;
  const bands = bandsBySize.get(width, height, () =>
    Array.from({ length: Math.ceil(height / BAND_ROWS) }, () => []),
  );
  const segments: Buffer[] = [ZLIB_HEADER];
  let adler = ADLER32_OF_NOTHING;
  bands.forEach((remembered, band) => {
    const bandPixels = pixels.subarray(band * bandBytes, (band + 1) * bandBytes);
    const content = contentOf(remembered, bandPixels, width);
    segments.push(content.deflated);
    // Each row of scanlines is its pixels behind one filter byte.
    adler = combineAdler32(adler, content.adler, bandPixels.length + bandPixels.length / rowBytes);
  });
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler);
  segments.push(FINAL_BLOCK, checksum);
  return pngFile(width, height, Buffer.concat(segments));
}
