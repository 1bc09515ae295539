/**
 * What a tournament (`/<game> tournament`) is asked to play: its entrants, format and games per pairing, the
 * limits on its size, and the refusals of a plan that cannot be played (in the players' words). The order of
 * its games is the arena's (src/arena/schedule.ts).
 */
import { swissRounds } from '../arena/schedule';
import type { AnyGameModule } from '../games/contract';
import type { Language } from '../i18n/index';
import { refusal, type ServiceError } from './errors';
import type { UserRef } from './types';

export const TOURNAMENT_FORMATS = ['round-robin', 'swiss'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export type TournamentEntrant =
  { kind: 'builtin'; level: string; name: string } | { kind: 'program'; tokenId: string; name: string };

export interface TournamentPlan {
  guildId: string;
  /** Where the games are played (the tournament's thread). */
  channelId: string;
  /** Who started it (the games' host). */
  host: UserRef;
  game: string;
  entrants: TournamentEntrant[];
  format: TournamentFormat;
  /** Games each pairing plays (seat order alternating). */
  gamesPerPairing: number;
  /** The language of the games' public texts. */
  language: Language;
}

/** At most this many entrants, and games in all (a tournament is a show in a thread, not a benchmark). */
export const MAX_ENTRANTS = 16;
export const MAX_GAMES = 60;
export const MAX_GAMES_PER_PAIRING = 10;

/** How many rounds and games a tournament of `entrants` plays. */
export function tournamentSize(
  entrants: number,
  format: TournamentFormat,
  gamesPerPairing: number,
): { rounds: number; games: number } {
  if (format === 'swiss') {
    const rounds = swissRounds(entrants);
    return { rounds, games: rounds * Math.floor(entrants / 2) * gamesPerPairing };
  }
  const pairings = (entrants * (entrants - 1)) / 2;
  return { rounds: 1, games: pairings * gamesPerPairing };
}

/** Refuses a plan of `module` whose entrants, games or levels cannot be played; nothing when they can. */
export function checkPlan(module: AnyGameModule, plan: TournamentPlan): void {
  const count = plan.entrants.length;
  if (count < 2) throw refuseTournament('tournament.refusal.fewEntrants');
  if (count > MAX_ENTRANTS)
    throw refuseTournament('tournament.refusal.manyEntrants', { max: MAX_ENTRANTS, count });
  if (plan.gamesPerPairing < 1 || plan.gamesPerPairing > MAX_GAMES_PER_PAIRING)
    throw refuseTournament('tournament.refusal.gamesPerPairing', { max: MAX_GAMES_PER_PAIRING });
  const { games } = tournamentSize(count, plan.format, plan.gamesPerPairing);
  if (games > MAX_GAMES) throw refuseTournament('tournament.refusal.manyGames', { games, max: MAX_GAMES });
  for (const entrant of plan.entrants)
    if (entrant.kind === 'builtin' && !module.computer.levels.includes(entrant.level))
      throw refuseTournament('refusal.unknownLevel', { level: entrant.level });
}

export function refuseTournament(key: string, values: Record<string, string | number> = {}): ServiceError {
  return refusal('invalid_option', key, values);
}
