/**
 * One tournament (`/<game> tournament`): entrants (built-in levels, and connected programs) play round robin or
 * Swiss, each game a real game of the service in the tournament's channel (a thread), one after another: a
 * lobby of computer seats opened and started at once, played by the service's own turns at computer speed, so
 * it is stored, replayed and verified like any game. The bot posts no board for these games (GameOptions
 * .tournament); it shows the progress this runner reports (tournament-progress.ts). The plan and its limits are
 * tournament-plan.ts's, the tournaments running in this process tournaments.ts's.
 */
import { lineup, pairKey, swissRound } from '../arena/schedule';
import type { GameRegistry } from '../games/registry';
import type { GameRecord } from '../store/index';
import type { ModeratorFlag } from './context';
import { programLevel } from './program-levels';
import { tournamentSize, type TournamentPlan } from './tournament-plan';
import {
  arenaConfig,
  tournamentStandings,
  type TournamentGame,
  type TournamentProgress,
  type TournamentStatus,
} from './tournament-progress';
import type { GameUpdate, OpenLobbyInput } from './types';

/** A game not over after this long is cancelled, and the tournament stops (a guard: computers play at once). */
export const GAME_TIMEOUT_MS = 10 * 60_000;

/** The service's parts a tournament uses (the GameService; smaller in tests). */
export interface TournamentHost {
  readonly games: GameRegistry;
  openLobby(input: OpenLobbyInput): Promise<GameRecord>;
  startGame(gameId: string, byUserId: string): Promise<GameUpdate>;
  cancel(gameId: string, byUserId: string, flags?: ModeratorFlag): Promise<GameRecord>;
  on(event: 'update', listener: (update: GameUpdate) => void): () => void;
  markSummaryPosted(gameId: string): Promise<void>;
}

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
      ...tournamentStandings(this.id, this.plan, this.games, this.byes),
    };
  }

  /**
   * Stops the tournament where it is: its place is gone (the thread or the server), and the game under way was
   * closed with it (src/service/gone-places.ts, which announces no update).
   */
  stop(): void {
    this.stopped = true;
    this.stopReason ??= 'cancelled';
    this.abort?.();
  }

  private async playRoundRobin(): Promise<void> {
    this.round = 1;
    const config = arenaConfig(this.id, this.plan, this.games.length);
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
}

class TournamentStopped extends Error {
  constructor() {
    super('the tournament stopped');
  }
}
