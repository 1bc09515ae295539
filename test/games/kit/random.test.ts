/**
 * The dice and cards' generators (docs/fairness.md): generator 2 is HMAC-SHA256 in counter mode keyed by the
 * seed, checked here against node:crypto computed independently; generator 1 (sfc32) stays as stored games drew.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  copyRng,
  HMAC_GENERATOR,
  nextInt,
  nextUint32,
  SFC32_GENERATOR,
  seedGameRng,
  seedRng,
  shuffleInPlace,
} from '../../../src/games/kit/random';

/** Block n as eight big-endian unsigned 32-bit words, straight from node:crypto. */
function block(seed: string, n: number): number[] {
  const digest = createHmac('sha256', seed).update(`${n}`).digest();
  return Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));
}

describe('generator 2: HMAC-SHA256 in counter mode', () => {
  const seed = 'a3f1c2e4d5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

  it('draws block 0, then block 1, …, each read as big-endian 32-bit words', () => {
    const rng = seedGameRng(seed, HMAC_GENERATOR);
    const drawn = Array.from({ length: 20 }, () => nextUint32(rng));
    expect(drawn).toEqual([...block(seed, 0), ...block(seed, 1), ...block(seed, 2).slice(0, 4)]);
    // A value worked out by hand once: the first word of HMAC-SHA256(key "seed", message "0").
    const first = createHmac('sha256', 'seed').update('0').digest('hex').slice(0, 8);
    expect(nextUint32(seedGameRng('seed', HMAC_GENERATOR))).toBe(parseInt(first, 16));
  });

  it('keeps its whole state as JSON: a stream stored mid-block goes on where it stopped', () => {
    const rng = seedGameRng(seed, HMAC_GENERATOR);
    for (let i = 0; i < 11; i++) nextUint32(rng);
    const stored = JSON.parse(JSON.stringify(rng)) as typeof rng;
    const copy = copyRng(rng);
    const next = [nextUint32(rng), nextUint32(rng)];
    expect([nextUint32(stored), nextUint32(stored)]).toEqual(next);
    expect([nextUint32(copy), nextUint32(copy)]).toEqual(next);
    expect(next).toEqual(block(seed, 1).slice(3, 5));
  });

  it('turns words into dice and shuffles as floor(word / 2^32 × bound)', () => {
    const rng = seedGameRng(seed, HMAC_GENERATOR);
    const words = block(seed, 0);
    expect(nextInt(rng, 6)).toBe(Math.floor((words[0]! / 2 ** 32) * 6));
    const items = [1, 2, 3, 4, 5];
    shuffleInPlace(rng, items);
    expect(items.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('generator 1: sfc32 seeded by cyrb128', () => {
  it('is the default for a game that records no generator, and repeats from its seed', () => {
    expect(seedGameRng('old game')).toEqual(seedRng('old game'));
    expect(seedGameRng('old game', SFC32_GENERATOR)).toEqual(seedRng('old game'));
    const a = seedRng('old game');
    const b = seedRng('old game');
    expect(Array.from({ length: 5 }, () => nextUint32(a))).toEqual(
      Array.from({ length: 5 }, () => nextUint32(b)),
    );
  });
});
