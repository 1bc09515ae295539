/**
 * A small seeded generator (sfc32, seeded by cyrb128 of a string). Its whole state is four unsigned 32-bit
 * integers, stored in the game state, so the same seed and actions give the same results on any machine.
 */
export type RngState = [number, number, number, number];

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
export function nextUint32(state: RngState | Uint32Array): number {
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
export function nextInt(state: RngState, bound: number): number {
  return Math.floor((nextUint32(state) / 4294967296) * bound);
}

/** Shuffles `items` in place (Fisher-Yates). */
export function shuffleInPlace<T>(state: RngState, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
