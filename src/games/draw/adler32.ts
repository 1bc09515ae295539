/** zlib's Adler-32 checksum, and the combination of two checksums of adjacent byte ranges (zlib's adler32_combine). */

const BASE = 65521;
/** The most bytes that can be summed before the 32-bit sums must be reduced modulo BASE. */
const NMAX = 5552;

export const ADLER32_OF_NOTHING = 1;

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let start = 0; start < bytes.length; start += NMAX) {
    const end = Math.min(bytes.length, start + NMAX);
    for (let i = start; i < end; i++) {
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
