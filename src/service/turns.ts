/**
 * Running games: players' actions and leaving (turns on timers: due-turns.ts; ending and cancelling:
 * game-ends.ts). Every step runs the module's rules, is written in one version-checked transaction, re-arms
 * the game's timer and is announced as a GameUpdate.
 */
import type { AnyGameModule } from '../games/contract';
import { IllegalActionError } from '../games/kit/errors';
import type { GameOptions, GameRecord, LoggedAction, SeatRecord } from '../store/index';
import type { ComputerTurns } from './computer-turns';
import type { ProgramSeats } from './program-seats';
import {
  moduleOf,
  refuse,
  requireActive,
  requireGame,
  type ActiveGame,
  type ServiceContext,
} from './context';
import { DueTurns } from './due-turns';
import { ServiceError } from './errors';
import { applyLoggedAction } from './replay';
import { UnsureWrites } from './step-writes';
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
} from './views';

/** Lobbies write with the same check (lobby.ts). */
export { movedOnAsStale } from './step-writes';

export class Turns {
  readonly timers: GameTimers;
  private readonly unsure: UnsureWrites;
  private readonly due: DueTurns;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly computers: ComputerTurns,
    private readonly programs: ProgramSeats,
  ) {
    this.timers = new GameTimers(
      ctx.clock,
      (gameId) => this.due.onDue(gameId),
      (error, gameId, attempts, retryInMs) =>
        reportRetry(ctx.reportError, error, `the timer of game ${gameId}`, attempts, retryInMs),
    );
    this.unsure = new UnsureWrites(this.timers, ctx.clock);
    this.due = new DueTurns(ctx, this.timers, computers, programs, this);
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

  /** The update announcing a game that has just started. */
  started(game: ActiveGame): GameUpdate {
    this.programs.noteStarted(game.id);
    this.timers.arm(game.id, game.nextDueAt);
    return this.emit(this.makeUpdate('started', game, [], [], null, null, null));
  }

  /** When the seat to act should be played by the service (see DueTurns.dueTime). */
  dueTime(
    game: GameRecord,
    options: GameOptions,
    seats: readonly SeatRecord[],
    state: unknown,
    now: number,
  ): number | null {
    return this.due.dueTime(game, options, seats, state, now);
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
  async applyStep(
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
    const committed = await this.unsure.note(
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
  /** A step whose write seemed to fail did land: the game as it stands is announced, once. */
  catchUp(game: GameRecord): void {
    if (this.unsure.landed(game) && game.state !== null)
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

  private emit(update: GameUpdate): GameUpdate {
    this.ctx.emitter.emit('update', update);
    return update;
  }
}

function isAction(value: unknown): value is LoggedAction {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}
