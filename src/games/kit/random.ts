/**
 * The seeded generators. A game's dice, cards and shuffles come from its state's `rng`, one of two generators
 * recorded with the game (docs/fairness.md):
 * - generator 1, sfc32 seeded by cyrb128 of the seed: four unsigned 32-bit integers. Games stored before
 *   generator 2 keep it, and the computers' own streams, the simulations and the win stories use it (fast, not
 *   secret);
 * - generator 2, HMAC-SHA256 in counter mode keyed by the seed: block n is HMAC-SHA256(key = the seed's
 *   characters, message = n in decimal), read as eight big-endian unsigned 32-bit words in turn. Its state is
 *   the key, the next block's number and the current block's words not drawn yet.
 * Both states are plain JSON in the game state, so the same seed and actions give the same results on any
 * machine, on any thread.
 */
// HMAC-SHA256 is a pure function of the seed and the block number (no I/O, no randomness of its own).
// eslint-disable-next-line no-restricted-imports
import { createHmac } from 'node:crypto';

export type RngState = [number, number, number, number];

/** Generator 2's state (HMAC-SHA256 in counter mode). */
export interface HmacRngState {
  key: string;
  /** The number of the next block to compute. */
  counter: number;
  /** The current block's words not drawn yet, in order. */
  words: number[];
}

/** A game's random stream: either generator's state. */
export type GameRng = RngState | HmacRngState;

/** 1: sfc32 seeded by cyrb128 (games stored before generator 2); 2: HMAC-SHA256 in counter mode. */
export type GeneratorVersion = 1 | 2;
export const SFC32_GENERATOR = 1;
export const HMAC_GENERATOR = 2;
/** The generator new games draw from. */
export const CURRENT_GENERATOR: GeneratorVersion = HMAC_GENERATOR;

export function isGeneratorVersion(value: unknown): value is GeneratorVersion {
  return value === SFC32_GENERATOR || value === HMAC_GENERATOR;
}

/** A game's stream from its seed with the generator recorded with the game (1 when none is recorded). */
export function seedGameRng(seed: string, generator: GeneratorVersion = SFC32_GENERATOR): GameRng {
  if (generator === HMAC_GENERATOR) return { key: seed, counter: 0, words: [] };
  if (generator !== SFC32_GENERATOR) throw new RangeError(`there is no generator ${String(generator)}`);
  return seedRng(seed);
}

/** A copy of a stream that shares nothing mutable with it. */
export function copyRng<State extends GameRng>(state: State): State {
  if (Array.isArray(state)) return [state[0], state[1], state[2], state[3]] as State;
  const hmac = state as HmacRngState;
  return { key: hmac.key, counter: hmac.counter, words: hmac.words.slice() } as State;
}

function isHmac(state: GameRng | Uint32Array): state is HmacRngState {
  return (state as HmacRngState).key !== undefined;
}

/** Generator 2's next word: the current block's next, or the first of a new block. */
function nextHmacWord(state: HmacRngState): number {
  const word = state.words.shift();
  if (word !== undefined) return word;
  const block = createHmac('sha256', state.key).update(String(state.counter)).digest();
  state.counter += 1;
  const words: number[] = [];
  for (let offset = 4; offset < block.length; offset += 4) words.push(block.readUInt32BE(offset));
  state.words = words;
  return block.readUInt32BE(0);
}

/** Four 32-bit words: the cyrb128 hash of a seed's characters so far (start from `startSeedHash()`). */
export type SeedHash = Int32Array;

export function startSeedHash(): SeedHash {
  return Int32Array.of(1779033703, 3144134277 | 0, 1013904242, 2773480762 | 0);
}

/** Adds one character code (or any 16-bit unit) to `hash`, in place. */
export function mixSeedChar(hash: SeedHash, k: number): void {
  const h1 = hash[1]! ^ Math.imul(hash[0]! ^ k, 597399067);
  const h2 = hash[2]! ^ Math.imul(hash[1]! ^ k, 2869860233);
  const h3 = hash[3]! ^ Math.imul(hash[2]! ^ k, 951274213);
  const h4 = h1 ^ Math.imul(hash[3]! ^ k, 2716044179);
  hash[0] = h1;
  hash[1] = h2;
  hash[2] = h3;
  hash[3] = h4;
}

/** Writes the generator state that the hashed seed starts from into `into`, warmed up. */
export function seedFromHash(hash: SeedHash, into: RngState | Uint32Array): void {
  const h1 = Math.imul(hash[2]! ^ (hash[0]! >>> 18), 597399067);
  const h2 = Math.imul(hash[3]! ^ (hash[1]! >>> 22), 2869860233);
  const h3 = Math.imul(h1 ^ (hash[2]! >>> 17), 951274213);
  const h4 = Math.imul(h2 ^ (hash[3]! >>> 19), 2716044179);
  into[0] = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
  into[1] = (h2 ^ h1) >>> 0;
  into[2] = (h3 ^ h1) >>> 0;
  into[3] = (h4 ^ h1) >>> 0;
  for (let i = 0; i < WARM_UP_DRAWS; i++) nextUint32(into);
}

const WARM_UP_DRAWS = 12;

export function seedRng(seed: string): RngState {
  const hash = startSeedHash();
  for (let i = 0; i < seed.length; i++) mixSeedChar(hash, seed.charCodeAt(i));
  const state: RngState = [0, 0, 0, 0];
  seedFromHash(hash, state);
  return state;
}

/** Advances `state` in place and returns the next unsigned 32-bit value. */
export function nextUint32(state: GameRng | Uint32Array): number {
  if (isHmac(state)) return nextHmacWord(state);
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  state[0] = a >>> 0;
  state[1] = b >>> 0;
  state[2] = c >>> 0;
  state[3] = d >>> 0;
  return t >>> 0;
}

/** A whole number in [0, bound), advancing `state` in place. */
export function nextInt(state: GameRng, bound: number): number {
  return Math.floor((nextUint32(state) / 4294967296) * bound);
}

/** Shuffles `items` in place (Fisher-Yates). */
export function shuffleInPlace<T>(state: GameRng, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
