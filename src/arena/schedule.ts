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
