/**
 * Running games: players' actions, computer and idle turns on timers, leaving, ending and cancelling. Every
 * step runs the module's rules, is written in one version-checked transaction, re-arms the game's timer and
 * is announced as a GameUpdate.
 */
import type { AnyGameModule } from '../games/contract';
import { IllegalActionError } from '../games/kit/errors';
import type { GameOptions, GameRecord, GameResults, LoggedAction, SeatRecord } from '../store/index';
import { GameMovedOnError } from '../store/storage';
import { isStorageUnavailable } from '../store/storage-errors';
import { ComputerTurns } from './computer-turns';
import { programTokenOf } from './program-levels';
import type { ProgramSeats } from './program-seats';
import {
  moduleOf,
  refuse,
  requireActive,
  requireGame,
  requireHostOrModerator,
  type ActiveGame,
  type ModeratorFlag,
  type ServiceContext,
} from './context';
import { ServiceError } from './errors';
import { messageWords } from '../i18n/index';
import { endedLine } from './phrases';
import { seatOf } from './forfeit';
import { applyLoggedAction } from './replay';
import { GameTimers, reportRetry } from './timers';
import type { Actor, GameUpdate, UpdateCause } from './types';
import {
  actorTag,
  describeEvents,
  nextSeat,
  placings,
  playerOutcomes,
  ratedSeats,
  seatName,
  timeoutLine,
  seatLeftLine,
  gameLanguage,
} from './views';

export class Turns {
  readonly timers: GameTimers;
  /**
   * Games whose last step's write failed for want of storage, with the version it was tried at: the write may
   * have landed all the same (its answer lost with the connection), so the game is announced again once it is
   * read at a later version.
   */
  private readonly unsure = new Map<string, number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly computers: ComputerTurns,
    private readonly programs: ProgramSeats,
  ) {
    this.timers = new GameTimers(
      ctx.clock,
      (gameId) => this.onDue(gameId),
      (error, gameId, attempts, retryInMs) =>
        reportRetry(ctx.reportError, error, `the timer of game ${gameId}`, attempts, retryInMs),
    );
  }

  /** Arms the timer of every active game from its stored due time (overdue games act at once). */
  async start(): Promise<void> {
    this.timers.start();
    await this.rearm();
  }

  /** Arms the timers of the active games this process drives; clears the others'. */
  async rearm(): Promise<void> {
    for (const game of await this.ctx.store.games.listActiveGames())
      this.timers.arm(game.id, this.ctx.ownership.ownsGuild(game.guildId) ? game.nextDueAt : null);
  }

  /**
   * A player's action. Refused unless the user holds the seat to act and `expectedVersion` is the game's
   * current version; the state, the log row and the new version are written in one transaction.
   */
  async act(gameId: string, userId: string, action: unknown, expectedVersion: number): Promise<GameUpdate> {
    const game = await requireActive(this.ctx, gameId);
    const seat = game.seats.find((candidate) => candidate.userId === userId && candidate.kind === 'human');
    if (!seat) throw refuse.notInGame();
    if (game.version !== expectedVersion) throw refuse.staleVersion();
    const current = moduleOf(this.ctx, game).rules.currentSeat(game.state);
    if (current !== null && seat.index !== current) {
      throw refuse.notYourTurn(seatName(game, current));
    }
    if (!isAction(action) || action.type === 'forfeit') {
      throw new ServiceError('illegal_action', 'that is not a move of this game', {
        illegal: 'invalid_action',
        key: 'refusal.notAMove',
      });
    }
    return this.applyStep(game, action, { kind: 'user', userId });
  }

  /** A player leaves a running game: a computer of the game's level plays the seat from now on. */
  async leaveGame(gameId: string, userId: string): Promise<GameUpdate> {
    const game = await requireActive(this.ctx, gameId);
    const seat = game.seats.find((candidate) => candidate.userId === userId && candidate.kind === 'human');
    if (!seat) throw refuse.notInGame();
    const level = game.options.computerLevel;
    const seats = game.seats.map((s) =>
      s === seat ? { ...s, kind: 'computer' as const, level, left: true } : s,
    );
    const now = this.ctx.clock.now();
    const current = moduleOf(this.ctx, game).rules.currentSeat(game.state);
    const nextDueAt =
      current === seat.index ? this.dueTime(game, game.options, seats, game.state, now) : game.nextDueAt;
    if (!(await this.ctx.store.games.handSeatToComputer(gameId, seat.index, level, nextDueAt, now)))
      throw refuse.staleVersion();
    const updated = (await requireGame(this.ctx, gameId)) as ActiveGame;
    this.timers.arm(gameId, nextDueAt);
    const line = seatLeftLine(moduleOf(this.ctx, game), game, seat.name, level);
    return this.emit(
      this.makeUpdate('seat-left', updated, [], [line], seat.index, { kind: 'user', userId }, null),
    );
  }

  /**
   * Host or moderator ends a running game now: status finished (end reason 'ended'), the seats placed by the
   * standings of that moment. Ended by a person seated in it, it is their forfeit: placed last, the others as
   * they stood, counted in the statistics and ratings with the end (src/service/forfeit.ts); ended by anyone
   * else, it counts for nobody.
   */
  async endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameUpdate> {
    const game = await requireActive(this.ctx, gameId);
    requireHostOrModerator(game, byUserId, flags);
    const by = { id: byUserId, name: flags.name ?? byUserId };
    const forfeit = seatOf(game, byUserId) !== null;
    const closed = await this.close(game, 'ended', by, forfeit ? this.forfeitResults(game, by) : null);
    const language = gameLanguage(game);
    const who = flags.name ?? messageWords(language)(byUserId === game.hostId ? 'theHost' : 'aModerator');
    return this.emit(
      this.makeUpdate('ended', closed, [], [endedLine(forfeit, who, language)], null, null, null),
    );
  }

  /** The results of `by`'s forfeit of the game, as the game will be recorded once ended. */
  private forfeitResults(game: ActiveGame, by: { id: string; name: string }) {
    const module = moduleOf(this.ctx, game);
    const ended = {
      ...game,
      status: 'finished' as const,
      endReason: 'ended' as const,
      endedBy: by,
      forfeit: true,
    };
    return {
      guildId: game.guildId,
      gameKey: game.gameKey,
      outcomes: playerOutcomes(module, ended, game.state),
      rated: ratedSeats(module, ended, game.state),
    };
  }

  /** Host or moderator cancels a running game (status cancelled, no placings, no statistics). */
  async cancelRunning(game: ActiveGame, by: { id: string; name: string }): Promise<GameRecord> {
    const closed = await this.close(game, 'cancelled', by);
    this.emit(this.makeUpdate('cancelled', closed, [], [], null, null, null));
    return closed;
  }

  /** The update announcing a game that has just started. */
  started(game: ActiveGame): GameUpdate {
    this.programs.noteStarted(game.id);
    this.timers.arm(game.id, game.nextDueAt);
    return this.emit(this.makeUpdate('started', game, [], [], null, null, null));
  }

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
    const forced = this.forcedAction(module, state);
    if (forced !== null && module.autoPlayForcedMs !== undefined) {
      return now + Math.min(module.autoPlayForcedMs, timeout);
    }
    return now + timeout;
  }

  makeUpdate(
    cause: UpdateCause,
    game: ActiveGame,
    events: unknown[],
    lines: string[],
    seat: number | null,
    actor: Actor | null,
    action: LoggedAction | null,
  ): GameUpdate {
    const module = moduleOf(this.ctx, game);
    return {
      cause,
      game,
      state: game.state,
      events,
      lines,
      seat,
      actor,
      action,
      next: nextSeat(module, game, game.state),
      finished: game.status === 'finished' || game.status === 'cancelled',
      placings: game.status === 'finished' ? placings(module, game, game.state) : null,
    };
  }

  /** Runs the rules, writes the step atomically (version-checked), re-arms the timer and notifies. */
  private async applyStep(
    game: ActiveGame,
    action: LoggedAction,
    actor: Actor,
    notes: readonly string[] = [],
  ): Promise<GameUpdate> {
    const module = moduleOf(this.ctx, game);
    const seat = module.rules.currentSeat(game.state) ?? 0;
    const { state, events } = this.runRules(module, game.state, action);
    const now = this.ctx.clock.now();
    const finished = module.rules.isOver(state);
    const nextDueAt = finished ? null : this.dueTime(game, game.options, game.seats, state, now);
    const committed = await this.noteUnsure(
      game,
      actor,
      this.ctx.store.games.commitAction({
        gameId: game.id,
        expectedVersion: game.version,
        seat,
        actor: actorTag(actor),
        action,
        state,
        nextDueAt,
        now,
        finish: finished
          ? {
              guildId: game.guildId,
              gameKey: game.gameKey,
              outcomes: playerOutcomes(module, game, state),
              rated: ratedSeats(module, game, state),
            }
          : undefined,
      }),
    );
    const updated: ActiveGame = {
      ...game,
      state: state as NonNullable<unknown>,
      version: committed.version,
      status: finished ? 'finished' : 'active',
      endReason: finished ? 'completed' : null,
      finishedAt: finished ? now : null,
      updatedAt: now,
      nextDueAt,
    };
    this.timers.arm(game.id, nextDueAt);
    const lines = describeEvents(module, updated, state, events);
    if (actor.kind === 'timeout') lines.unshift(timeoutLine(updated, seat, action));
    lines.unshift(...notes);
    return this.emit(this.makeUpdate('action', updated, events, lines, seat, actor, action));
  }

  private async noteUnsure<T>(game: ActiveGame, actor: Actor, write: Promise<T>): Promise<T> {
    try {
      const written = await movedOnAsStale(write);
      this.unsure.delete(game.id);
      return written;
    } catch (error) {
      if (isStorageUnavailable(error)) {
        this.unsure.set(game.id, game.version);
        // A timer's step is retried by the timer; a player's is looked at by the timer now (and again later).
        if (actor.kind === 'user') this.timers.arm(game.id, this.ctx.clock.now());
      }
      throw error;
    }
  }

  /** A step whose write seemed to fail did land: the game as it stands is announced, once. */
  private catchUp(game: GameRecord): void {
    const tried = this.unsure.get(game.id);
    if (tried === undefined || game.version <= tried) return;
    this.unsure.delete(game.id);
    if (game.state !== null)
      this.emit(this.makeUpdate('action', game as ActiveGame, [], [], null, null, null));
  }

  private runRules(module: AnyGameModule, state: unknown, action: LoggedAction) {
    try {
      return applyLoggedAction(module, state, action);
    } catch (error) {
      if (error instanceof IllegalActionError)
        throw new ServiceError('illegal_action', error.message, {
          illegal: error.code,
          say: (language) => module.texts.refusal?.(error.code, language) ?? null,
        });
      throw error;
    }
  }

  /** A failure (the database down, a full disk) is retried with backoff by the timers (timers.ts). */
  private async onDue(gameId: string): Promise<void> {
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
    if (game) this.catchUp(game);
    const owned = game !== null && this.ctx.ownership.ownsGuild(game.guildId);
    this.timers.arm(gameId, owned && game.status === 'active' ? game.nextDueAt : null);
  }

  /** A computer seat's move, a human's forced move, or an idle human's turn played by the idle policy. */
  private async playDueTurn(gameId: string): Promise<void> {
    const game = await this.ctx.store.games.getGame(gameId);
    if (game) this.catchUp(game);
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
    const forced = this.forcedAction(module, active.state);
    if (seat?.kind === 'human' && forced !== null && module.autoPlayForcedMs !== undefined) {
      await this.applyStep(active, forced, { kind: 'auto', userId: seat.userId });
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
      await this.applyStep(active, { type: 'forfeit' }, actor);
    } else if (this.computers.thinksElsewhere) {
      this.timers.track(gameId, game.nextDueAt, this.playWhenChosen(active, level, actor));
    } else {
      await this.applyStep(active, this.computers.choose(active, level) as LoggedAction, actor);
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
      if (this.timers.isRunning) await this.applyStep(game, action as LoggedAction, actor);
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
      if (this.timers.isRunning) await this.applyStep(game, moved.action as LoggedAction, actor, moved.lines);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'stale_version')
        return this.rearmFromStore(game.id);
      throw error;
    }
  }

  /** The only legal action of the seat to act, when it has exactly one. */
  private forcedAction(module: AnyGameModule, state: unknown): LoggedAction | null {
    const legal = module.rules.legalActions(state);
    return legal.length === 1 ? (legal[0] as LoggedAction) : null;
  }

  private async close(
    game: ActiveGame,
    reason: 'ended' | 'cancelled',
    by: { id: string; name: string },
    results: GameResults | null = null,
  ): Promise<ActiveGame> {
    const status = reason === 'ended' ? 'finished' : 'cancelled';
    const now = this.ctx.clock.now();
    if (!(await this.ctx.store.games.closeGame(game.id, status, reason, now, by, results)))
      throw refuse.gameOver();
    this.timers.arm(game.id, null);
    return (await requireGame(this.ctx, game.id)) as ActiveGame;
  }

  private emit(update: GameUpdate): GameUpdate {
    this.ctx.emitter.emit('update', update);
    return update;
  }
}

/** A write the game's version or lobby refused (it moved on since it was read): the player's stale board. */
export async function movedOnAsStale<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof GameMovedOnError) throw refuse.staleVersion();
    throw error;
  }
}

function isAction(value: unknown): value is LoggedAction {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}
