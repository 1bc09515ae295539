/**
 * Many games of Candy Land without the bot, for the length of games and each seat's share of wins. The hot
 * loop works on typed arrays and a precomputed move table rather than JSON states, but follows the engine
 * step for step with the same generator draws (the tests play the same seeds through both and compare).
 */
import { mixSeedChar, seedFromHash, seedRng, startSeedHash, type SeedHash } from '../kit/random';
import { CARD_KINDS, DECK } from './rules/cards';
import { resolveMove } from './rules/move';
import { CASTLE } from './rules/track';
import { MAX_SEATS, MIN_SEATS } from './rules/game';

export const MAX_SIMULATED_GAMES = 10_000_000;

export interface SimulationInput {
  seats: number;
  games: number;
  /** Game i is played from the seed `${seed}:${i}` (the engine's seed for the same game). */
  seed: string;
}

export interface SimulationResult {
  seats: number;
  games: number;
  /** Rounds a game lasted, counting the round in which the castle was reached. */
  rounds: { mean: number; median: number; max: number; histogram: number[] };
  /** Cards drawn per game. */
  draws: { mean: number };
  /** Each seat's share of the games it won (sums to 1). */
  winsBySeat: number[];
}

/** One game's outcome. */
export interface GameOutcome {
  winner: number;
  rounds: number;
  draws: number;
}

/** DESTINATION[from * CARD_KINDS + card]: where the pawn ends, shortcut included. */
const DESTINATION = new Uint8Array(CASTLE * CARD_KINDS);
const STICKY = new Uint8Array(CASTLE + 1);
for (let from = 0; from < CASTLE; from++) {
  for (let card = 0; card < CARD_KINDS; card++) {
    const move = resolveMove(from, card);
    DESTINATION[from * CARD_KINDS + card] = move.to;
    STICKY[move.to] = move.licorice ? 1 : 0;
  }
}

const DECK_SIZE = DECK.length;
const TWO_TO_32 = 4294967296;

/** The scratch state of one game, reused from game to game. */
const rngWords = new Uint32Array(4);
const pile = new Uint8Array(DECK_SIZE);
const discard = new Uint8Array(DECK_SIZE);
const positions = new Uint8Array(MAX_SEATS);
const stuck = new Uint8Array(MAX_SEATS);

/** sfc32 exactly as kit/random's nextUint32, on the scratch words. */
function nextUint32(): number {
  const a = rngWords[0]!;
  const b = rngWords[1]!;
  const c = rngWords[2]!;
  const d = rngWords[3]!;
  const t = (((a + b) | 0) + d) | 0;
  rngWords[3] = (d + 1) | 0;
  rngWords[0] = b ^ (b >>> 9);
  rngWords[1] = (c + (c << 3)) | 0;
  rngWords[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

function shufflePile(size: number): void {
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor((nextUint32() / TWO_TO_32) * (i + 1));
    const held = pile[i]!;
    pile[i] = pile[j]!;
    pile[j] = held;
  }
}

let lastRounds = 0;
let lastDraws = 0;

/** kit/random's seed hash after the characters of a prefix, so game seeds need no string per game. */
let prefixHash: SeedHash = startSeedHash();
const indexHash: SeedHash = startSeedHash();
const digits = new Uint8Array(16);
const CHAR_ZERO = 48;

function hashPrefix(prefix: string): void {
  prefixHash = startSeedHash();
  for (let i = 0; i < prefix.length; i++) mixSeedChar(prefixHash, prefix.charCodeAt(i));
}

/** Seeds the scratch generator exactly as seedRng(prefix + index) would, the prefix hashed beforehand. */
function seedWithIndex(index: number): void {
  indexHash.set(prefixHash);
  let count = 0;
  let rest = index;
  do {
    digits[count++] = CHAR_ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  for (let i = count - 1; i >= 0; i--) mixSeedChar(indexHash, digits[i]!);
  seedFromHash(indexHash, rngWords);
}

function seedFromString(seed: string): void {
  const start = seedRng(seed);
  rngWords[0] = start[0];
  rngWords[1] = start[1];
  rngWords[2] = start[2];
  rngWords[3] = start[3];
}

/**
 * Plays one game from the seeded scratch generator; returns the winner and leaves its rounds and draws in
 * lastRounds / lastDraws.
 */
function playGame(seats: number): number {
  for (let i = 0; i < DECK_SIZE; i++) pile[i] = DECK[i]!;
  shufflePile(DECK_SIZE);
  let pileSize = DECK_SIZE;
  let discardSize = 0;
  positions.fill(0);
  stuck.fill(0);
  let seat = 0;
  let rounds = 0;
  let draws = 0;
  for (;;) {
    if (pileSize === 0) {
      pile.set(discard.subarray(0, discardSize));
      pileSize = discardSize;
      discardSize = 0;
      shufflePile(pileSize);
    }
    const card = pile[--pileSize]!;
    discard[discardSize++] = card;
    draws++;
    const to = DESTINATION[positions[seat]! * CARD_KINDS + card]!;
    positions[seat] = to;
    if (to === CASTLE) break;
    stuck[seat] = STICKY[to]!;
    // The turn passes on; a seat stuck on licorice loses this turn (it still counts for the round).
    let skipping = true;
    while (skipping) {
      if (++seat === seats) {
        seat = 0;
        rounds++;
      }
      skipping = stuck[seat] === 1;
      stuck[seat] = 0;
    }
  }
  lastRounds = rounds + 1;
  lastDraws = draws;
  return seat;
}

export function gameSeed(seed: string, index: number): string {
  return `${seed}:${index}`;
}

/** One game, as the engine would play it from the seed `seed`. */
export function simulateGame(seats: number, seed: string): GameOutcome {
  seedFromString(seed);
  const winner = playGame(seats);
  return { winner, rounds: lastRounds, draws: lastDraws };
}

function checkInput({ seats, games }: SimulationInput): void {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    throw new RangeError(`seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}`);
  if (!Number.isInteger(games) || games < 1 || games > MAX_SIMULATED_GAMES)
    throw new RangeError(
      `games must be a whole number from 1 to ${MAX_SIMULATED_GAMES.toLocaleString('en')}`,
    );
}

function medianOf(histogram: readonly number[], games: number): number {
  const lowRank = Math.floor((games - 1) / 2);
  const highRank = Math.floor(games / 2);
  let seen = 0;
  let low = -1;
  for (let rounds = 0; rounds < histogram.length; rounds++) {
    seen += histogram[rounds]!;
    if (low < 0 && seen > lowRank) low = rounds;
    if (seen > highRank) return (low + rounds) / 2;
  }
  return low;
}

export function simulate(input: SimulationInput): SimulationResult {
  checkInput(input);
  const { seats, games, seed } = input;
  const wins = new Array<number>(seats).fill(0);
  const histogram: number[] = [];
  let roundSum = 0;
  let drawSum = 0;
  let longest = 0;
  hashPrefix(gameSeed(seed, 0).slice(0, -1));
  for (let game = 0; game < games; game++) {
    seedWithIndex(game);
    const winner = playGame(seats);
    wins[winner]!++;
    roundSum += lastRounds;
    drawSum += lastDraws;
    if (lastRounds > longest) {
      for (let r = histogram.length; r <= lastRounds; r++) histogram.push(0);
      longest = lastRounds;
    }
    histogram[lastRounds]!++;
  }
  return {
    seats,
    games,
    rounds: { mean: roundSum / games, median: medianOf(histogram, games), max: longest, histogram },
    draws: { mean: drawSum / games },
    winsBySeat: wins.map((count) => count / games),
  };
}
