/**
 * Turns the service plays when a game's timer is due: a computer seat's move (here or in a worker pool), an
 * outside program's answer, a human's only legal move, or an idle human's turn played by the idle policy.
 */
import type { AnyGameModule } from '../games/contract';
import type { GameOptions, GameRecord, LoggedAction, SeatRecord } from '../store/index';
import type { ComputerTurns } from './computer-turns';
import { moduleOf, type ActiveGame, type ServiceContext } from './context';
import { ServiceError } from './errors';
import { programTokenOf } from './program-levels';
import type { ProgramSeats } from './program-seats';
import type { GameTimers } from './timers';
import type { Actor } from './types';

/** What the due turns need of the running games: the one way a step is written, and the catch-up read. */
export interface StepWriter {
  applyStep(
    game: ActiveGame,
    action: LoggedAction,
    actor: Actor,
    notes?: readonly string[],
  ): Promise<unknown>;
  /** Announces a game whose write seemed lost, if it did land (step-writes.ts). */
  catchUp(game: GameRecord): void;
}

export class DueTurns {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly timers: GameTimers,
    private readonly computers: ComputerTurns,
    private readonly programs: ProgramSeats,
    private readonly steps: StepWriter,
  ) {}

  /** When the seat to act should be played by the service: a computer's delay, a forced move, a timeout. */
  dueTime(
    game: GameRecord,
    options: GameOptions,
    seats: readonly SeatRecord[],
    state: unknown,
    now: number,
  ): number | null {
    const module = moduleOf(this.ctx, game);
    const current = module.rules.currentSeat(state);
    if (current === null) return null;
    const seat = seats[current];
    if (seat?.kind !== 'human') return now + options.aiDelayMs;
    // The configured timeout of now, not the one stored when the game opened: a change of
    // HUMAN_TURN_TIMEOUT_MS applies to running games from their next turn on.
    const timeout = this.ctx.config.humanTurnTimeoutMs;
    const forced = forcedAction(module, state);
    if (forced !== null && module.autoPlayForcedMs !== undefined) {
      return now + Math.min(module.autoPlayForcedMs, timeout);
    }
    return now + timeout;
  }

  /** A failure (the database down, a full disk) is retried with backoff by the timers (timers.ts). */
  async onDue(gameId: string): Promise<void> {
    try {
      await this.playDueTurn(gameId);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'stale_version') return this.rearmFromStore(gameId);
      throw error;
    }
  }

  /** The game moved on under a timer's move (a click, another process): its timer follows the stored due time. */
  private async rearmFromStore(gameId: string): Promise<void> {
    const game = await this.ctx.store.games.getGame(gameId);
    if (game) this.steps.catchUp(game);
    const owned = game !== null && this.ctx.ownership.ownsGuild(game.guildId);
    this.timers.arm(gameId, owned && game.status === 'active' ? game.nextDueAt : null);
  }

  /** A computer seat's move, a human's forced move, or an idle human's turn played by the idle policy. */
  private async playDueTurn(gameId: string): Promise<void> {
    const game = await this.ctx.store.games.getGame(gameId);
    if (game) this.steps.catchUp(game);
    if (!game || game.status !== 'active' || game.state === null || game.nextDueAt === null) return;
    // Another process drives it now (this one lost the game's shard since the timer was armed).
    if (!this.ctx.ownership.ownsGuild(game.guildId)) return;
    if (game.nextDueAt > this.ctx.clock.now()) {
      this.timers.arm(gameId, game.nextDueAt);
      return;
    }
    const active = game as ActiveGame;
    const module = moduleOf(this.ctx, game);
    const seat = game.seats[module.rules.currentSeat(active.state) ?? -1];
    const forced = forcedAction(module, active.state);
    if (seat?.kind === 'human' && forced !== null && module.autoPlayForcedMs !== undefined) {
      await this.steps.applyStep(active, forced, { kind: 'auto', userId: seat.userId });
      return;
    }
    const level =
      seat?.kind === 'computer' ? (seat.level ?? game.options.computerLevel) : game.options.computerLevel;
    const actor: Actor =
      seat?.kind === 'computer'
        ? { kind: 'computer', level }
        : { kind: 'timeout', userId: seat?.userId ?? null, policy: game.options.idlePolicy };
    const program = seat?.kind === 'computer' ? programTokenOf(seat.level) : null;
    if (seat && program !== null) {
      this.timers.track(gameId, game.nextDueAt, this.playProgram(active, seat.index, program, actor));
    } else if (actor.kind === 'timeout' && game.options.idlePolicy === 'skip' && module.rules.forfeit) {
      await this.steps.applyStep(active, { type: 'forfeit' }, actor);
    } else if (this.computers.thinksElsewhere) {
      this.timers.track(gameId, game.nextDueAt, this.playWhenChosen(active, level, actor));
    } else {
      await this.steps.applyStep(active, this.computers.choose(active, level) as LoggedAction, actor);
    }
  }

  /**
   * The asynchronous path: the chooser (a worker pool) thinks off this thread while the timer's work ends; the
   * move then goes through the same version-checked write, so a game that moved on meanwhile (ended, a player
   * left) just re-arms its timer.
   */
  private async playWhenChosen(game: ActiveGame, level: string, actor: Actor): Promise<void> {
    try {
      const action = await this.computers.chooseElsewhere(game, level);
      if (this.timers.isRunning) await this.steps.applyStep(game, action as LoggedAction, actor);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'stale_version')
        return this.rearmFromStore(game.id);
      throw error;
    }
  }

  /**
   * An outside program's seat (program-seats.ts): its answer, bounded by the game's time per move, else the
   * built-in weakest level's move; written like any computer's move, with what the table is told.
   */
  private async playProgram(game: ActiveGame, seat: number, tokenId: string, actor: Actor): Promise<void> {
    const module = moduleOf(this.ctx, game);
    const weakest = module.computer.levels[0] ?? module.computer.defaultLevel;
    try {
      const moved = await this.programs.move(game, seat, tokenId, () => this.computers.choose(game, weakest));
      if (this.timers.isRunning)
        await this.steps.applyStep(game, moved.action as LoggedAction, actor, moved.lines);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'stale_version')
        return this.rearmFromStore(game.id);
      throw error;
    }
  }
}

/** The only legal action of the seat to act, when it has exactly one. */
export function forcedAction(module: AnyGameModule, state: unknown): LoggedAction | null {
  const legal = module.rules.legalActions(state);
  return legal.length === 1 ? (legal[0] as LoggedAction) : null;
}
