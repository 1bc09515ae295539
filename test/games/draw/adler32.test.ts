import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADLER32_OF_NOTHING, adler32, combineAdler32 } from '../../../src/games/draw/adler32';

/** The Adler-32 that zlib writes at the end of its stream. */
function zlibAdler32(bytes: Uint8Array): number {
  const stream = deflateSync(bytes, { level: 0 });
  return stream.readUInt32BE(stream.length - 4);
}

const someBytes = fc.uint8Array({ maxLength: 12_000 });

describe('adler32', () => {
  it('is 1 for no bytes and agrees with zlib, also past the 5552 bytes summed between reductions', () => {
    expect(adler32(new Uint8Array(0))).toBe(ADLER32_OF_NOTHING);
    expect(adler32(new Uint8Array(20_000).fill(255))).toBe(zlibAdler32(new Uint8Array(20_000).fill(255)));
    fc.assert(fc.property(someBytes, (bytes) => adler32(bytes) === zlibAdler32(bytes)));
  });

  it('combines the checksums of two parts into the checksum of the whole', () => {
    fc.assert(
      fc.property(someBytes, someBytes, (first, second) => {
        const whole = new Uint8Array([...first, ...second]);
        expect(combineAdler32(adler32(first), adler32(second), second.length)).toBe(adler32(whole));
      }),
    );
    const ones = new Uint8Array(70_000).fill(255); // a length beyond the modulus 65521
    expect(combineAdler32(adler32(ones), adler32(ones), ones.length)).toBe(
      adler32(new Uint8Array(140_000).fill(255)),
    );
  });
});
