/**
 * A tournament's progress as the bot shows it: the games played, the standings (points, then the rating) and
 * the arena's table over the games in the order they were played (src/arena/standings.ts).
 */
import type { GameResult, SeatOutcome } from '../arena/match';
import type { ArenaConfig } from '../arena/schedule';
import { arenaReport, type ArenaReport } from '../arena/standings';
import type { TournamentFormat, TournamentPlan } from './tournament-plan';

export interface TournamentGame {
  id: string;
  /** 1-based; round robin has one round. */
  round: number;
  /** The entrants (by number) in seat order. */
  seats: number[];
  /** Each seat's place once the game is over. */
  places: number[];
  endedByTurnLimit: boolean;
}

export interface TournamentStanding {
  entrant: number;
  name: string;
  kind: 'builtin' | 'program';
  /** A point per game won (shared when several seats finish first), and each bye's games. */
  points: number;
  games: number;
  wins: number;
  byes: number;
  /** The conservative rating (μ − 3σ) over the tournament's games. */
  rating: number;
}

export type TournamentStatus = 'running' | 'finished' | 'stopped';

export interface TournamentProgress {
  id: string;
  game: string;
  format: TournamentFormat;
  status: TournamentStatus;
  /** Why a stopped tournament stopped (English, for the log; the bot says it in its words). */
  stoppedBecause: 'cancelled' | 'timeout' | 'failed' | null;
  round: number;
  rounds: number;
  played: number;
  total: number;
  games: TournamentGame[];
  /** Best first. */
  standings: TournamentStanding[];
  /** The arena's table over the games played (ratings with intervals, each entrant's rating after each game). */
  report: ArenaReport;
}

/** The standings, best first, and the arena's table after `games` (each entrant's `byes` counted as won). */
export function tournamentStandings(
  id: string,
  plan: TournamentPlan,
  games: readonly TournamentGame[],
  byes: readonly number[],
): Pick<TournamentProgress, 'standings' | 'report'> {
  const report = arenaReport(arenaConfig(id, plan, games.length), games.map(asResult));
  const standings = plan.entrants.map((entrant, number): TournamentStanding => {
    const row = report.entrants[number]!;
    return {
      entrant: number,
      name: entrant.name,
      kind: entrant.kind,
      points: pointsOf(games, number) + byes[number]! * plan.gamesPerPairing,
      games: row.games,
      wins: row.wins,
      byes: byes[number]!,
      rating: row.rating.ordinal,
    };
  });
  standings.sort((a, b) => b.points - a.points || b.rating - a.rating || a.entrant - b.entrant);
  return { standings, report };
}

function pointsOf(games: readonly TournamentGame[], entrant: number): number {
  let points = 0;
  for (const game of games) {
    const seat = game.seats.indexOf(entrant);
    if (seat === -1 || game.places[seat] !== 1) continue;
    points += 1 / game.places.filter((place) => place === 1).length;
  }
  return points;
}

/** The tournament as an arena run of pairs (its order of games, and its table). */
export function arenaConfig(id: string, plan: TournamentPlan, games: number): ArenaConfig {
  return {
    game: plan.game,
    entrants: plan.entrants.map((entrant) =>
      entrant.kind === 'builtin'
        ? { kind: 'builtin', name: entrant.name, level: entrant.level }
        : { kind: 'program', name: entrant.name, program: entrant.tokenId },
    ),
    games,
    seed: id,
    mode: 'pairs',
    options: {},
    timeLimitMs: 0,
    helloTimeoutMs: 0,
  };
}

function asResult(game: TournamentGame, index: number): GameResult {
  return {
    index,
    seed: game.id,
    seats: game.seats.map((entrant, seat): SeatOutcome => ({
      entrant,
      name: '',
      place: game.places[seat]!,
      strikes: { late: 0, malformed: 0, illegal: 0 },
      replaced: null,
      problem: '',
      moves: 0,
      moveMsTotal: 0,
    })),
    endedByTurnLimit: game.endedByTurnLimit,
    actions: 0,
    notes: [],
  };
}
