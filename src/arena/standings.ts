/**
 * The arena's table from the games' results, in game order (so the figures do not depend on which worker
 * finished first): wins, places, ratings by the bot's own method (Weng-Lin, openskill: src/store/rating-math)
 * with 95% intervals, move times and strikes.
 */
import { INITIAL_RATING, conservativeRating, rateGame, type SkillRating } from '../store/rating-math';
import type { GameResult } from './match';
import type { StrikeReason } from './protocol';
import type { ArenaConfig } from './schedule';

export interface EntrantRow {
  name: string;
  kind: 'builtin' | 'program';
  games: number;
  wins: number;
  winRate: number;
  /** Wilson's 95% interval of the win rate. */
  winRateInterval: [number, number];
  /** places[k]: games finished in place k + 1. */
  places: number[];
  meanPlace: number;
  rating: { mu: number; sigma: number; ordinal: number; interval: [number, number] };
  strikes: Record<StrikeReason, number>;
  /** Games in which the seat passed to the built-in player (strikes, exit or a failed handshake). */
  replaced: number;
  /** Measured, so not reproducible: a program's answer time or a built-in's thinking time, per move. */
  avgMoveMs: number;
}

export interface ArenaReport {
  game: string;
  seed: string;
  games: number;
  mode: 'pairs' | 'table';
  options: Record<string, unknown>;
  timeLimitMs: number;
  entrants: EntrantRow[];
  /** Each entrant's conservative rating (μ − 3σ) after each game, for the chart. */
  ratingHistory: number[][];
  results: {
    index: number;
    seed: string;
    places: { entrant: number; place: number }[];
    endedByTurnLimit: boolean;
    actions: number;
  }[];
  notes: { game: number; text: string }[];
}

const Z95 = 1.959964;

export function wilson(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const denominator = 1 + (Z95 * Z95) / trials;
  const centre = (p + (Z95 * Z95) / (2 * trials)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / trials + (Z95 * Z95) / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export function arenaReport(config: ArenaConfig, results: readonly GameResult[]): ArenaReport {
  const ordered = [...results].sort((a, b) => a.index - b.index);
  const ratings = config.entrants.map(() => INITIAL_RATING);
  const history = config.entrants.map(() => [conservativeRating(INITIAL_RATING)]);
  const tallies = config.entrants.map(() => ({
    games: 0,
    wins: 0,
    places: [] as number[],
    placeSum: 0,
    strikes: { late: 0, malformed: 0, illegal: 0 } as Record<StrikeReason, number>,
    replaced: 0,
    moves: 0,
    moveMs: 0,
  }));
  for (const result of ordered) {
    const rated = rateGame(
      result.seats.map((seat) => ({ playerId: String(seat.entrant), name: seat.name, place: seat.place })),
      (id) => ratings[Number(id)] ?? INITIAL_RATING,
    );
    for (const [id, rating] of rated) ratings[Number(id)] = rating as SkillRating;
    ratings.forEach((rating, entrant) => history[entrant]!.push(round(conservativeRating(rating))));
    const winners = new Set<number>();
    for (const seat of result.seats) {
      const tally = tallies[seat.entrant]!;
      tally.games += 1;
      tally.places[seat.place - 1] = (tally.places[seat.place - 1] ?? 0) + 1;
      tally.placeSum += seat.place;
      if (seat.place === 1) winners.add(seat.entrant);
      for (const reason of Object.keys(tally.strikes) as StrikeReason[])
        tally.strikes[reason] += seat.strikes[reason];
      if (seat.replaced) tally.replaced += 1;
      tally.moves += seat.moves;
      tally.moveMs += seat.moveMsTotal;
    }
    for (const entrant of winners) tallies[entrant]!.wins += 1;
  }
  const seatsAtMost = Math.max(2, ...ordered.map((result) => result.seats.length));
  const entrants = config.entrants.map((entrant, number): EntrantRow => {
    const tally = tallies[number]!;
    const rating = ratings[number]!;
    return {
      name: entrant.name,
      kind: entrant.kind,
      games: tally.games,
      wins: tally.wins,
      winRate: round(tally.games ? tally.wins / tally.games : 0),
      winRateInterval: wilson(tally.wins, tally.games).map((x) => round(x)) as [number, number],
      places: Array.from({ length: seatsAtMost }, (_, place) => tally.places[place] ?? 0),
      meanPlace: round(tally.games ? tally.placeSum / tally.games : 0, 2),
      rating: {
        mu: round(rating.mu, 2),
        sigma: round(rating.sigma, 2),
        ordinal: round(conservativeRating(rating), 2),
        interval: [round(rating.mu - Z95 * rating.sigma, 2), round(rating.mu + Z95 * rating.sigma, 2)],
      },
      strikes: tally.strikes,
      replaced: tally.replaced,
      avgMoveMs: round(tally.moves ? tally.moveMs / tally.moves : 0, 2),
    };
  });
  return {
    game: config.game,
    seed: config.seed,
    games: ordered.length,
    mode: config.mode,
    options: config.options,
    timeLimitMs: config.timeLimitMs,
    entrants,
    ratingHistory: history,
    results: ordered.map((result) => ({
      index: result.index,
      seed: result.seed,
      places: result.seats.map((seat) => ({ entrant: seat.entrant, place: seat.place })),
      endedByTurnLimit: result.endedByTurnLimit,
      actions: result.actions,
    })),
    notes: ordered.flatMap((result) => result.notes.map((text) => ({ game: result.index, text }))),
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The table as Markdown, for a terminal and for docs/benchmarks.md. */
export function reportTable(report: ArenaReport): string {
  const header =
    '| player | games | wins | win rate (95% CI) | places (1st/2nd/…) | mean place | rating μ (95% CI) | μ − 3σ | avg move | strikes (late/bad/illegal) | handed over |';
  const lines = [header, `|${' --- |'.repeat(11)}`];
  for (const row of report.entrants) {
    const [low, high] = row.winRateInterval;
    const cells = [
      `${row.name}${row.kind === 'program' ? ' (program)' : ''}`,
      String(row.games),
      String(row.wins),
      `${percent(row.winRate)} (${percent(low)}–${percent(high)})`,
      row.places.join('/'),
      row.meanPlace.toFixed(2),
      `${row.rating.mu.toFixed(1)} (${row.rating.interval[0].toFixed(1)}–${row.rating.interval[1].toFixed(1)})`,
      row.rating.ordinal.toFixed(1),
      `${row.avgMoveMs.toFixed(2)} ms`,
      `${row.strikes.late}/${row.strikes.malformed}/${row.strikes.illegal}`,
      String(row.replaced),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
