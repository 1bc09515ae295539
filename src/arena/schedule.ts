/**
 * Which entrants play each game of an arena run: every pairing in turn (each pair's seat order alternating),
 * or everyone at one table (the seat order rotating). Each game's seed comes from the run's seed and the game's
 * number, so the same run plays the same games.
 */
import type { GameSpec, SeatSpec } from './match';

export type Entrant =
  { kind: 'builtin'; name: string; level: string } | { kind: 'program'; name: string; program: string };

export interface ArenaConfig {
  game: string;
  entrants: Entrant[];
  games: number;
  seed: string;
  /** 'pairs': every pairing in turn; 'table': all entrants at one table. */
  mode: 'pairs' | 'table';
  options: Record<string, unknown>;
  timeLimitMs: number;
  helloTimeoutMs: number;
}

export function gameSeed(seed: string, index: number): string {
  return `${seed}/${index}`;
}

function pairings(count: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) pairs.push([a, b]);
  return pairs;
}

/** The entrants (by number) in seat order for game `index`. */
export function lineup(config: Pick<ArenaConfig, 'entrants' | 'mode'>, index: number): number[] {
  const count = config.entrants.length;
  if (config.mode === 'table') return Array.from({ length: count }, (_, seat) => (seat + index) % count);
  const pairs = pairings(count);
  const [a, b] = pairs[index % pairs.length]!;
  return Math.floor(index / pairs.length) % 2 === 0 ? [a, b] : [b, a];
}

function seatOf(entrant: Entrant, number: number): SeatSpec {
  return entrant.kind === 'builtin'
    ? { kind: 'builtin', entrant: number, name: entrant.name, level: entrant.level }
    : { kind: 'program', entrant: number, name: entrant.name, program: entrant.program };
}

export function schedule(config: ArenaConfig): GameSpec[] {
  return Array.from({ length: config.games }, (_, index) => ({
    index,
    game: config.game,
    options: config.options,
    seed: gameSeed(config.seed, index),
    seats: lineup(config, index).map((number) => seatOf(config.entrants[number]!, number)),
    timeLimitMs: config.timeLimitMs,
    helloTimeoutMs: config.helloTimeoutMs,
  }));
}

/** The number of Swiss rounds for `count` entrants: enough to single out a winner (⌈log₂ n⌉), at most n − 1. */
export function swissRounds(count: number): number {
  if (count < 2) return 0;
  return Math.min(count - 1, Math.max(1, Math.ceil(Math.log2(count))));
}

/** The key of a pairing, whatever the seat order. */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

export interface SwissRound {
  /** Who plays whom, the higher-placed entrant first. */
  pairs: [number, number][];
  /** The entrant who sits this round out (an odd number of entrants), else null. */
  bye: number | null;
}

/** Pairs `ranked` top-down, each with the highest-placed one below not met yet (backtracking); null if none can. */
function pairDown(ranked: readonly number[], met: ReadonlySet<string>): [number, number][] | null {
  if (ranked.length === 0) return [];
  const [first, ...others] = ranked as [number, ...number[]];
  for (const partner of others) {
    if (met.has(pairKey(first, partner))) continue;
    const rest = pairDown(
      others.filter((entrant) => entrant !== partner),
      met,
    );
    if (rest) return [[first, partner], ...rest];
  }
  return null;
}

/**
 * One round of a Swiss tournament (the Dutch idea, kept simple): `ranked` lists the entrants best first (points,
 * then the caller's tie-break); each is paired with the highest-placed one below it that it has not met, going
 * back on earlier choices when that would leave someone without a partner. With an odd number, the lowest-placed
 * entrant without a bye yet sits out. When no pairing avoids every rematch (a long tournament of few entrants),
 * rematches are allowed rather than leaving anyone out.
 */
export function swissRound(
  ranked: readonly number[],
  met: ReadonlySet<string>,
  hadBye: ReadonlySet<number>,
): SwissRound {
  const byeOrder =
    ranked.length % 2 === 0
      ? [null]
      : [...[...ranked].reverse().filter((entrant) => !hadBye.has(entrant)), ranked.at(-1)!];
  for (const allowRematches of [false, true]) {
    for (const bye of byeOrder) {
      const pairs = pairDown(
        ranked.filter((entrant) => entrant !== bye),
        allowRematches ? new Set() : met,
      );
      if (pairs) return { pairs, bye };
    }
  }
  throw new Error('unreachable: any even list pairs when rematches are allowed');
}
