/** zlib's Adler-32 checksum, and the combination of two checksums of adjacent byte ranges (zlib's adler32_combine). */

const BASE = 65521;
/** The most bytes that can be summed before the 32-bit sums must be reduced modulo BASE. */
const NMAX = 5552;

export const ADLER32_OF_NOTHING = 1;

/**
 * Sixteen bytes a step: `a` gains their sum, and `b` gains 16 times `a` before them plus each byte times the sums
 * it enters (16 for the first, 1 for the last), the same as sixteen steps of a byte. With no sum waiting on the
 * one before it, this takes 2.2–2.5 ms for a 1200 × 800 board; a byte a step took 3.8–4.1 ms, as long as
 * deflating a board's changed bands (the render worker's profile in docs/benchmarks.md).
 */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  let i = 0;
  while (i < bytes.length) {
    const end = Math.min(bytes.length, i + NMAX);
    for (const blocksEnd = end - ((end - i) % 16); i < blocksEnd; i += 16) {
      const x0 = bytes[i]!;
      const x1 = bytes[i + 1]!;
      const x2 = bytes[i + 2]!;
      const x3 = bytes[i + 3]!;
      const x4 = bytes[i + 4]!;
      const x5 = bytes[i + 5]!;
      const x6 = bytes[i + 6]!;
      const x7 = bytes[i + 7]!;
      const x8 = bytes[i + 8]!;
      const x9 = bytes[i + 9]!;
      const x10 = bytes[i + 10]!;
      const x11 = bytes[i + 11]!;
      const x12 = bytes[i + 12]!;
      const x13 = bytes[i + 13]!;
      const x14 = bytes[i + 14]!;
      const x15 = bytes[i + 15]!;
      b +=
        16 * a +
        16 * x0 +
        15 * x1 +
        14 * x2 +
        13 * x3 +
        12 * x4 +
        11 * x5 +
        10 * x6 +
        9 * x7 +
        8 * x8 +
        7 * x9 +
        6 * x10 +
        5 * x11 +
        4 * x12 +
        3 * x13 +
        2 * x14 +
        x15;
      a += x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11 + x12 + x13 + x14 + x15;
    }
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** The checksum of A followed by B, from the checksums of A and of B and the length of B. */
export function combineAdler32(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % BASE;
  const firstA = first & 0xffff;
  const a = (firstA + (second & 0xffff) + BASE - 1) % BASE;
  const b = (((remainder * firstA) % BASE) + (first >>> 16) + (second >>> 16) + BASE - remainder) % BASE;
  return ((b << 16) | a) >>> 0;
}
