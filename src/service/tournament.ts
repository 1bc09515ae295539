/**
 * Tournaments (`/<game> tournament`): entrants (built-in levels, and connected programs) play round robin or
 * Swiss, each game a real game of the service in the tournament's channel (a thread), one after another: a
 * lobby of computer seats opened and started at once, played by the service's own turns at computer speed, so
 * it is stored, replayed and verified like any game. The bot posts no board for these games (GameOptions
 * .tournament); it shows the progress this runner reports. Standings and ratings come from the arena's table
 * (src/arena/standings.ts), over the games in the order they were played.
 */
import type { GameResult, SeatOutcome } from '../arena/match';
import { arenaReport, type ArenaReport } from '../arena/standings';
import { lineup, pairKey, swissRound, swissRounds, type ArenaConfig } from '../arena/schedule';
import type { GameService } from './game-service';
import { refusal, type ServiceError } from './errors';
import type { GameUpdate, UserRef } from './types';
import type { Language } from '../i18n/index';
import { programLevel } from './program-levels';

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
/** Tournaments played at once by one process (each keeps the computers' workers busy with its games). */
export const MAX_RUNNING = 4;
/** A game not over after this long is cancelled, and the tournament stops (a guard: computers play at once). */
export const GAME_TIMEOUT_MS = 10 * 60_000;

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

/** The service's parts a tournament uses (a GameService; smaller in tests). */
export type TournamentHost = Pick<
  GameService,
  'openLobby' | 'startGame' | 'cancel' | 'on' | 'games' | 'markSummaryPosted'
>;

let counter = 0;

function newTournamentId(): string {
  counter = (counter + 1) % 1_000_000;
  return `t${Date.now().toString(36)}${counter.toString(36)}`;
}

export class Tournament {
  readonly id = newTournamentId();
  private readonly games: TournamentGame[] = [];
  private readonly byes: number[];
  private round = 0;
  /** What stopped the tournament when it was not a game cancelled or over time (for the log). */
  failure: unknown = null;
  private stopped = false;
  /** Ends the wait for the game under way (set while one is played). */
  private abort: (() => void) | null = null;
  private stopReason: TournamentProgress['stoppedBecause'] = null;
  private status: TournamentStatus = 'running';
  private readonly rounds: number;
  private readonly total: number;

  constructor(
    private readonly host: TournamentHost,
    readonly plan: TournamentPlan,
    private readonly onProgress: (progress: TournamentProgress) => void = () => {},
    private readonly gameTimeoutMs = GAME_TIMEOUT_MS,
  ) {
    const size = tournamentSize(plan.entrants.length, plan.format, plan.gamesPerPairing);
    this.rounds = size.rounds;
    this.total = size.games;
    this.byes = plan.entrants.map(() => 0);
  }

  /**
   * Plays every game, or stops at the first that cannot be played (cancelled, over time, or refused: someone
   * opened a lobby in the thread between two games); resolves with the final progress either way, the error
   * that stopped it kept in `failure`.
   */
  async run(): Promise<TournamentProgress> {
    try {
      if (this.plan.format === 'swiss') await this.playSwiss();
      else await this.playRoundRobin();
      this.status = 'finished';
    } catch (error) {
      this.status = 'stopped';
      this.stopReason ??= 'failed';
      if (!(error instanceof TournamentStopped)) this.failure = error;
    }
    const final = this.progress();
    this.onProgress(final);
    return final;
  }

  progress(): TournamentProgress {
    const report = arenaReport(this.arenaConfig(), this.games.map(asResult));
    const standings = this.plan.entrants.map((entrant, number): TournamentStanding => {
      const row = report.entrants[number]!;
      return {
        entrant: number,
        name: entrant.name,
        kind: entrant.kind,
        points: this.pointsOf(number) + this.byes[number]! * this.plan.gamesPerPairing,
        games: row.games,
        wins: row.wins,
        byes: this.byes[number]!,
        rating: row.rating.ordinal,
      };
    });
    standings.sort((a, b) => b.points - a.points || b.rating - a.rating || a.entrant - b.entrant);
    return {
      id: this.id,
      game: this.plan.game,
      format: this.plan.format,
      status: this.status,
      stoppedBecause: this.stopReason,
      round: this.round,
      rounds: this.rounds,
      played: this.games.length,
      total: this.total,
      games: [...this.games],
      standings,
      report,
    };
  }

  private async playRoundRobin(): Promise<void> {
    this.round = 1;
    const config = this.arenaConfig();
    for (let index = 0; index < this.total; index++) await this.play(lineup(config, index));
  }

  private async playSwiss(): Promise<void> {
    const met = new Set<string>();
    const hadBye = new Set<number>();
    for (let round = 1; round <= this.rounds; round++) {
      this.round = round;
      const ranked = this.progress().standings.map((standing) => standing.entrant);
      const { pairs, bye } = swissRound(ranked, met, hadBye);
      if (bye !== null) {
        hadBye.add(bye);
        this.byes[bye]! += 1;
      }
      for (const [a, b] of pairs) {
        met.add(pairKey(a, b));
        for (let game = 0; game < this.plan.gamesPerPairing; game++)
          await this.play(game % 2 ? [b, a] : [a, b]);
      }
    }
  }

  /** One game of the tournament, from its lobby to its end; its result is kept and reported. */
  /**
   * Stops the tournament where it is: its place is gone (the thread or the server), and the game under way was
   * closed with it (src/service/gone-places.ts, which announces no update).
   */
  stop(): void {
    this.stopped = true;
    this.stopReason ??= 'cancelled';
    this.abort?.();
  }

  private async play(seats: number[]): Promise<void> {
    if (this.stopped) throw new TournamentStopped();
    const { plan } = this;
    const lobby = await this.host.openLobby({
      guildId: plan.guildId,
      channelId: plan.channelId,
      host: plan.host,
      game: plan.game,
      language: plan.language,
      hostSeated: false,
      tournament: { id: this.id, seats: seats.map((number) => this.seatOf(number)) },
    });
    if (this.stopped) {
      // Stopped while the lobby opened: it is not played.
      await this.host.cancel(lobby.id, plan.host.id, { moderator: true }).catch(() => undefined);
      throw new TournamentStopped();
    }
    const ended = this.endOf(lobby.id);
    try {
      await this.host.startGame(lobby.id, plan.host.id);
    } catch (error) {
      ended.cancel();
      throw error;
    }
    const update = await ended.promise;
    if (update.game.status !== 'finished' || !update.placings) {
      this.stopReason ??= 'cancelled';
      throw new TournamentStopped();
    }
    // Its result is the tournament's to show: no summary of it is owed to the channel (nor after a restart).
    await this.host.markSummaryPosted(lobby.id);
    const places = seats.map(
      (_, seat) => update.placings!.find((placing) => placing.seat === seat)?.place ?? 0,
    );
    this.games.push({
      id: lobby.id,
      round: this.round,
      seats,
      places,
      endedByTurnLimit: this.host.games.require(plan.game).rules.endedByTurnLimit?.(update.state) ?? false,
    });
    this.onProgress(this.progress());
  }

  /** A built-in level's seat, or a program's (src/service/program-seats.ts plays it, as in any lobby). */
  private seatOf(number: number): { level: string; name: string } {
    const entrant = this.plan.entrants[number]!;
    const level = entrant.kind === 'builtin' ? entrant.level : programLevel(entrant.tokenId);
    return { level, name: entrant.name };
  }

  /** The game's last update (over, ended or cancelled); a game over time is cancelled and stops the tournament. */
  private endOf(gameId: string): { promise: Promise<GameUpdate>; cancel: () => void } {
    let detach = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const promise = new Promise<GameUpdate>((resolve, reject) => {
      detach = this.host.on('update', (update) => {
        if (update.game.id === gameId && update.finished) resolve(update);
      });
      this.abort = () => {
        this.stopReason ??= 'cancelled';
        reject(new TournamentStopped());
      };
      timer = setTimeout(() => {
        this.stopReason = 'timeout';
        this.host
          .cancel(gameId, this.plan.host.id, { moderator: true })
          .catch(() => undefined)
          .finally(() => reject(new TournamentStopped()));
      }, this.gameTimeoutMs);
    }).finally(() => {
      detach();
      clearTimeout(timer);
      this.abort = null;
    });
    return {
      promise,
      cancel: () => {
        detach();
        clearTimeout(timer);
      },
    };
  }

  private pointsOf(entrant: number): number {
    let points = 0;
    for (const game of this.games) {
      const seat = game.seats.indexOf(entrant);
      if (seat === -1 || game.places[seat] !== 1) continue;
      points += 1 / game.places.filter((place) => place === 1).length;
    }
    return points;
  }

  private arenaConfig(): ArenaConfig {
    return {
      game: this.plan.game,
      entrants: this.plan.entrants.map((entrant) =>
        entrant.kind === 'builtin'
          ? { kind: 'builtin', name: entrant.name, level: entrant.level }
          : { kind: 'program', name: entrant.name, program: entrant.tokenId },
      ),
      games: this.games.length,
      seed: this.id,
      mode: 'pairs',
      options: {},
      timeLimitMs: 0,
      helloTimeoutMs: 0,
    };
  }
}

class TournamentStopped extends Error {
  constructor() {
    super('the tournament stopped');
  }
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

/** The tournaments running in this process, one per server at a time. */
export class Tournaments {
  private readonly running = new Map<string, Tournament>();

  constructor(private readonly host: TournamentHost) {}

  /** The place of games is gone (channels or threads deleted): the tournaments played there stop. */
  stopInChannels(channelIds: readonly string[]): void {
    for (const tournament of this.running.values())
      if (channelIds.includes(tournament.plan.channelId)) tournament.stop();
  }

  /** The bot left the server: its tournament stops. */
  stopInGuild(guildId: string): void {
    this.running.get(guildId)?.stop();
  }

  /** The tournament running in the server, if any. */
  runningIn(guildId: string): Tournament | null {
    return this.running.get(guildId) ?? null;
  }

  /** Checks the plan (refused in the players' words), then plays it; resolves with the final progress. */
  start(
    plan: TournamentPlan,
    onProgress?: (progress: TournamentProgress) => void,
    gameTimeoutMs?: number,
  ): { tournament: Tournament; done: Promise<TournamentProgress> } {
    this.check(plan);
    const tournament = new Tournament(this.host, plan, onProgress, gameTimeoutMs);
    this.running.set(plan.guildId, tournament);
    const done = tournament.run().finally(() => this.running.delete(plan.guildId));
    return { tournament, done };
  }

  /** Why the plan cannot be played, as a refusal; nothing when it can. */
  check(plan: TournamentPlan): void {
    const module = this.host.games.get(plan.game);
    if (!module) throw refuseTournament('refusal.noGameCalled', { game: plan.game });
    if (this.running.has(plan.guildId)) throw refuseTournament('tournament.refusal.running');
    if (this.running.size >= MAX_RUNNING)
      throw refuseTournament('tournament.refusal.busy', { max: MAX_RUNNING });
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
}

function refuseTournament(key: string, values: Record<string, string | number> = {}): ServiceError {
  return refusal('invalid_option', key, values);
}
