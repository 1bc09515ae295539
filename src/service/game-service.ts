import { randomBytes, randomInt } from 'node:crypto';
import { AI_LEVELS, chooseAction, type AiLevel } from '../games/hare/computer/index';
import {
  actionVerdict,
  createGame,
  IllegalActionError,
  MAX_SEATS,
  MIN_SEATS,
  seedRng,
  type Action,
  type GameEvent,
  type GameState,
} from '../games/hare/rules/index';
import {
  ChannelBusyError,
  type GameOptions,
  type GameRecord,
  type GameSpeed,
  type HareStore,
  type IdlePolicy,
  type LoggedAction,
  type PlayerStats,
  type SeatRecord,
} from '../store/index';
import { realClock, type Clock, type TimerHandle } from './clock';
import { SafeEmitter } from './emitter';
import { ServiceError } from './errors';
import { applyLoggedAction, checkReplay, replayLog } from './replay';
import type {
  Actor,
  GameStatusView,
  GameUpdate,
  HistoryEntry,
  LobbyChange,
  OpenLobbyInput,
  ReplayResult,
  ServiceEvents,
  UpdateCause,
  UserRef,
} from './types';
import {
  actorFromTag,
  actorTag,
  describeEvents,
  nextSeat,
  placings,
  playerOutcomes,
  seatName,
  timeoutLine,
} from './views';

export interface ServiceConfig {
  /** Delay before a computer seat acts, at normal speed. */
  aiTurnDelayMs: number;
  /** Time a human seat has before the idle policy plays its turn. */
  humanTurnTimeoutMs: number;
  /** Default idle policy of new games. */
  idlePolicy: IdlePolicy;
}

export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  aiTurnDelayMs: 1500,
  humanTurnTimeoutMs: 600_000,
  idlePolicy: 'computer',
};

export const SPEED_FACTORS: Record<GameSpeed, number> = { fast: 0.2, normal: 1, slow: 3 };
const SPEEDS = Object.keys(SPEED_FACTORS) as GameSpeed[];
const DEFAULT_SEATS = 4;
const DEFAULT_LEVEL: AiLevel = 'intermediate';
const GAME_ID_LENGTH = 8;

export interface GameServiceOptions {
  store: HareStore;
  clock?: Clock;
  config?: Partial<ServiceConfig>;
  /** Draws the seed of a new game (injectable for reproducible tests). */
  seedSource?: () => string;
  /** Draws a new game id (default: 8 random base-36 characters). */
  idSource?: () => string;
  /** Where errors of timers and listeners go (default: console.error). */
  onError?: (error: unknown, context: string) => void;
  /**
   * Computer players thinking elsewhere (a worker pool), so a long search does not hold up the caller's thread.
   * Without it they choose synchronously, inside the timer.
   */
  chooser?: ComputerChooser;
}

/** Chooses a computer seat's action away from the caller's thread; `seedKey` seeds its random stream. */
export type ComputerChooser = (state: GameState, level: AiLevel, seedKey: string) => Promise<Action>;

export interface ModeratorFlag {
  /** The caller has the guild's moderator permission (checked by the bot). */
  moderator?: boolean;
}

type ActiveGame = GameRecord & { state: GameState };

function randomGameId(): string {
  let id = '';
  for (let i = 0; i < GAME_ID_LENGTH; i++) id += randomInt(36).toString(36);
  return id;
}

function randomSeed(): string {
  return randomBytes(8).toString('hex');
}

/** The game service: lobbies, turns, computer and idle timers, persistence and queries. No Discord code. */
export class GameService {
  private readonly store: HareStore;
  private readonly clock: Clock;
  private readonly config: ServiceConfig;
  private readonly seedSource: () => string;
  private readonly chooser: ComputerChooser | null;
  private readonly idSource: () => string;
  private readonly reportError: (error: unknown, context: string) => void;
  private readonly emitter: SafeEmitter<ServiceEvents>;
  private readonly timers = new Map<string, TimerHandle>();
  private running = false;

  constructor(options: GameServiceOptions) {
    this.store = options.store;
    this.clock = options.clock ?? realClock;
    this.config = { ...DEFAULT_SERVICE_CONFIG, ...options.config };
    this.chooser = options.chooser ?? null;
    this.seedSource = options.seedSource ?? randomSeed;
    this.idSource = options.idSource ?? randomGameId;
    this.reportError = options.onError ?? ((error, context) => console.error(`[service] ${context}:`, error));
    this.emitter = new SafeEmitter((error, event) =>
      this.reportError(error, `a '${String(event)}' listener`),
    );
  }

  /** Subscribes to game updates ('update') or lobby changes ('lobby'); returns the unsubscribe function. */
  on<K extends keyof ServiceEvents>(event: K, listener: (payload: ServiceEvents[K]) => void): () => void {
    return this.emitter.on(event, listener);
  }

  /** Arms the timer of every active game from its stored due time (overdue games act at once). */
  start(): void {
    this.running = true;
    for (const game of this.store.games.listActiveGames()) this.arm(game.id, game.nextDueAt);
  }

  /** Clears every timer; the due times stay in the database for the next start. */
  stop(): void {
    this.running = false;
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
  }

  /** Number of armed timers (at most one per active game). */
  armedTimerCount(): number {
    return this.timers.size;
  }

  // Lobby

  openLobby(input: OpenLobbyInput): GameRecord {
    const options = this.lobbyOptions(input);
    const rules = input.rules ?? 'standard';
    if (rules !== 'standard' && rules !== 'classic') this.invalid(`unknown rule set ${String(rules)}`);
    if (this.store.games.findOpenGameInChannel(input.channelId)) throw this.channelBusy();
    const seats: SeatRecord[] = options.hostSeated ? [this.humanSeat(0, input.host)] : [];
    const id = this.newGameId();
    try {
      this.store.games.createLobby({
        id,
        guildId: input.guildId,
        channelId: input.channelId,
        hostId: input.host.id,
        rules,
        options,
        seed: input.seed ?? this.seedSource(),
        seats,
        now: this.clock.now(),
      });
    } catch (error) {
      if (error instanceof ChannelBusyError) throw this.channelBusy();
      throw error;
    }
    return this.emitLobby('opened', id, input.host.id);
  }

  join(gameId: string, user: UserRef): GameRecord {
    const game = this.requireLobby(gameId);
    if (game.seats.some((seat) => seat.userId === user.id)) {
      throw new ServiceError('already_seated', 'you already have a seat in this game');
    }
    this.requireFreeSeat(game);
    this.saveLobby(game, game.hostId, [...game.seats, this.humanSeat(game.seats.length, user)]);
    return this.emitLobby('joined', gameId, user.id);
  }

  /**
   * Leaves a lobby (frees the seat) or a running game (see leaveGame). When the host leaves a lobby, the
   * first other human seated becomes the host; with no other human, the lobby is cancelled.
   */
  leave(gameId: string, userId: string): GameRecord {
    const lobby = this.requireGame(gameId);
    if (lobby.status === 'active') return this.leaveGame(gameId, userId).game;
    if (lobby.status !== 'lobby') throw this.gameOver();
    const seats = lobby.seats.filter((seat) => seat.userId !== userId);
    if (seats.length === lobby.seats.length) throw this.notInGame();
    if (userId !== lobby.hostId) {
      this.saveLobby(lobby, lobby.hostId, seats);
      return this.emitLobby('left', gameId, userId);
    }
    const newHost = seats.find((seat) => seat.kind === 'human' && seat.userId !== null);
    if (!newHost?.userId) return this.closeLobby(lobby, userId);
    this.saveLobby(lobby, newHost.userId, seats);
    this.emitLobby('left', gameId, userId);
    return this.emitLobby('host-changed', gameId, newHost.userId);
  }

  addComputer(gameId: string, byUserId: string, level?: AiLevel): GameRecord {
    const game = this.requireLobby(gameId);
    this.requireHost(game, byUserId);
    this.requireFreeSeat(game);
    const chosen = level ?? game.options.computerLevel;
    if (!AI_LEVELS.includes(chosen)) this.invalid(`unknown computer level ${String(chosen)}`);
    this.saveLobby(game, game.hostId, [
      ...game.seats,
      this.computerSeat(game.seats, game.seats.length, chosen),
    ]);
    return this.emitLobby('computer-added', gameId, byUserId);
  }

  /** Removes the computer seated last. */
  removeComputer(gameId: string, byUserId: string): GameRecord {
    const game = this.requireLobby(gameId);
    this.requireHost(game, byUserId);
    const last = game.seats.findLast((seat) => seat.kind === 'computer');
    if (!last) throw new ServiceError('no_computer', 'there is no computer seat to remove');
    this.saveLobby(
      game,
      game.hostId,
      game.seats.filter((seat) => seat !== last),
    );
    return this.emitLobby('computer-removed', gameId, byUserId);
  }

  /** Host only: fills the empty seats with computers and starts the race. */
  startGame(gameId: string, byUserId: string): GameUpdate {
    const lobby = this.requireLobby(gameId);
    this.requireHost(lobby, byUserId);
    const seats = [...lobby.seats];
    while (seats.length < lobby.options.seats) {
      seats.push(this.computerSeat(seats, seats.length, lobby.options.computerLevel));
    }
    const state = createGame({
      rules: lobby.rules,
      seats: seats.length,
      seed: lobby.seed,
      turnLimit: lobby.options.turnLimit ?? undefined,
    });
    const now = this.clock.now();
    const nextDueAt = this.dueTime(lobby.options, seats, state, now);
    if (!this.store.games.startGame({ gameId, seats, state, nextDueAt, now })) throw this.staleVersion();
    const game = this.requireGame(gameId) as ActiveGame;
    this.arm(gameId, nextDueAt);
    this.emitter.emit('lobby', { change: 'started', game, userId: byUserId });
    return this.emitUpdate(this.makeUpdate('started', game, [], [], null, null, null));
  }

  /** Host or moderator: cancels a lobby or a running game (status cancelled, no statistics). */
  cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): GameRecord {
    const game = this.requireGame(gameId);
    if (game.status === 'finished' || game.status === 'cancelled') throw this.gameOver();
    this.requireHostOrModerator(game, byUserId, flags);
    if (game.status === 'lobby') return this.closeLobby(game, byUserId);
    const closed = this.closeRunningGame(game as ActiveGame, 'cancelled');
    this.emitUpdate(this.makeUpdate('cancelled', closed, [], [], null, null, null));
    return closed;
  }

  // Running games

  /**
   * A player's action. Refused unless the user holds the seat to act and `expectedVersion` is the game's
   * current version; the state, the log row and the new version are written in one transaction.
   */
  act(gameId: string, userId: string, action: Action, expectedVersion: number): GameUpdate {
    const game = this.requireActive(gameId);
    const seat = game.seats.find((candidate) => candidate.userId === userId && candidate.kind === 'human');
    if (!seat) throw this.notInGame();
    if (game.version !== expectedVersion) throw this.staleVersion();
    if (seat.index !== game.state.current) {
      throw new ServiceError('not_your_turn', `it is ${seatName(game, game.state.current)}'s turn`);
    }
    return this.applyStep(game, action, { kind: 'user', userId });
  }

  /** A player leaves a running game: a computer of the game's level plays the seat from now on. */
  leaveGame(gameId: string, userId: string): GameUpdate {
    const game = this.requireActive(gameId);
    const seat = game.seats.find((candidate) => candidate.userId === userId && candidate.kind === 'human');
    if (!seat) throw this.notInGame();
    const level = game.options.computerLevel;
    const seats = game.seats.map((s) =>
      s === seat ? { ...s, kind: 'computer' as const, level, left: true } : s,
    );
    const now = this.clock.now();
    const nextDueAt =
      game.state.current === seat.index ? this.dueTime(game.options, seats, game.state, now) : game.nextDueAt;
    if (!this.store.games.handSeatToComputer(gameId, seat.index, level, nextDueAt, now))
      throw this.staleVersion();
    const updated = this.requireGame(gameId) as ActiveGame;
    this.arm(gameId, nextDueAt);
    const line = `${seat.name} left the game; a computer (${level}) plays the seat from now on`;
    return this.emitUpdate(
      this.makeUpdate('seat-left', updated, [], [line], seat.index, { kind: 'user', userId }, null),
    );
  }

  /** Same as leaveGame. */
  resign(gameId: string, userId: string): GameUpdate {
    return this.leaveGame(gameId, userId);
  }

  /**
   * Host or moderator ends a running race now: status finished (end reason 'ended'), the seats placed by
   * race position for display, and no statistics counted (only completed races count).
   */
  endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): GameUpdate {
    const game = this.requireActive(gameId);
    this.requireHostOrModerator(game, byUserId, flags);
    const closed = this.closeRunningGame(game, 'ended');
    const by = byUserId === game.hostId ? 'the host' : 'a moderator';
    return this.emitUpdate(
      this.makeUpdate('ended', closed, [], [`The game was ended by ${by}`], null, null, null),
    );
  }

  // Queries

  getGame(gameId: string): GameRecord | null {
    return this.store.games.getGame(gameId);
  }

  /** The lobby or active game of a channel. */
  findActiveGameInChannel(channelId: string): GameRecord | null {
    return this.store.games.findOpenGameInChannel(channelId);
  }

  status(gameId: string): GameStatusView {
    const game = this.requireGame(gameId);
    const over = game.status === 'finished' || game.status === 'cancelled';
    return {
      game,
      next: game.state ? nextSeat(game, game.state) : null,
      finished: over,
      placings: game.state && game.status === 'finished' ? placings(game, game.state) : null,
    };
  }

  /** The log entries with their describeEvent lines (the last `limit` entries when given). */
  history(gameId: string, limit?: number, options: { revealCarrots?: boolean } = {}): HistoryEntry[] {
    const game = this.requireGame(gameId);
    const entries: HistoryEntry[] = [];
    replayLog(game, this.store.games.listActions(gameId), ({ row, events }) => {
      const seat = game.seats[row.seat];
      const lines = describeEvents(game, events, options.revealCarrots);
      if (row.actor === 'timeout') lines.unshift(timeoutLine(game, row.seat, row.action));
      entries.push({
        seq: row.seq,
        seat: row.seat,
        actor: actorFromTag(row.actor, seat, game, row.action),
        action: row.action,
        createdAt: row.createdAt,
        lines,
      });
    });
    return limit === undefined ? entries : entries.slice(Math.max(0, entries.length - limit));
  }

  /** Whether replaying the log from the seed reproduces the stored state (and the log has no gaps). */
  replayCheck(gameId: string): ReplayResult {
    const game = this.requireGame(gameId);
    return checkReplay(game, this.store.games.listActions(gameId));
  }

  stats(guildId: string, userId: string): PlayerStats | null {
    return this.store.stats.get(guildId, userId);
  }

  /** The guild's top players (limit clamped to 1–100). */
  leaderboard(guildId: string, limit = 10): PlayerStats[] {
    const clamped = Math.min(100, Math.max(1, Math.floor(limit) || 1));
    return this.store.stats.leaderboard(guildId, clamped);
  }

  // For the bot

  setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null): void {
    if (!this.store.games.setBoardMessage(gameId, messageId, postedAt, this.clock.now()))
      throw this.unknownGame();
  }

  setTurnNotice(gameId: string, messageId: string | null): void {
    if (!this.store.games.setTurnNotice(gameId, messageId, this.clock.now())) throw this.unknownGame();
  }

  /** Records that a finished game's summary was posted. */
  markSummaryPosted(gameId: string): void {
    if (!this.store.games.markSummaryPosted(gameId, this.clock.now())) throw this.unknownGame();
  }

  /** Finished races whose summary was never posted (the bot was stopped in between), as final updates. */
  gamesAwaitingSummary(): GameUpdate[] {
    return this.store.games.listGamesAwaitingSummary().flatMap((gameId) => {
      const view = this.status(gameId);
      const state = view.game.state;
      if (!state) return [];
      const update: GameUpdate = {
        cause: 'action',
        game: view.game,
        state,
        events: [],
        lines: [],
        seat: null,
        actor: null,
        action: null,
        next: null,
        finished: true,
        placings: view.placings,
      };
      return [update];
    });
  }

  // Turns

  /** Runs the engine, writes the step atomically (version-checked), re-arms the timer and notifies. */
  private applyStep(game: ActiveGame, action: LoggedAction, actor: Actor): GameUpdate {
    const seat = game.state.current;
    const { state, events } = this.runEngine(game.state, action);
    const now = this.clock.now();
    const finished = state.over;
    const nextDueAt = finished ? null : this.dueTime(game.options, game.seats, state, now);
    const committed = this.store.games.commitAction({
      gameId: game.id,
      expectedVersion: game.version,
      seat,
      actor: actorTag(actor),
      action,
      state,
      nextDueAt,
      now,
      finish: finished ? { guildId: game.guildId, outcomes: playerOutcomes(game, state) } : undefined,
    });
    if (!committed) throw this.staleVersion();
    const updated: ActiveGame = {
      ...game,
      state,
      version: committed.version,
      status: finished ? 'finished' : 'active',
      endReason: finished ? 'completed' : null,
      finishedAt: finished ? now : null,
      updatedAt: now,
      nextDueAt,
    };
    this.arm(game.id, nextDueAt);
    const lines = describeEvents(updated, events);
    if (actor.kind === 'timeout') lines.unshift(timeoutLine(updated, seat, action));
    return this.emitUpdate(this.makeUpdate('action', updated, events, lines, seat, actor, action));
  }

  private runEngine(state: GameState, action: LoggedAction): { state: GameState; events: GameEvent[] } {
    try {
      return applyLoggedAction(state, action);
    } catch (error) {
      if (error instanceof IllegalActionError)
        throw new ServiceError('illegal_action', error.message, error.code);
      throw error;
    }
  }

  /** When the seat to act should be played by the service: a computer's delay or a human's timeout. */
  private dueTime(
    options: GameOptions,
    seats: readonly SeatRecord[],
    state: GameState,
    now: number,
  ): number | null {
    if (state.over) return null;
    const seat = seats[state.current];
    return now + (seat?.kind === 'human' ? options.humanTimeoutMs : options.aiDelayMs);
  }

  /** Replaces the game's timer (never two per game); nothing is armed while the service is stopped. */
  private arm(gameId: string, dueAt: number | null): void {
    const previous = this.timers.get(gameId);
    if (previous !== undefined) this.clock.clearTimeout(previous);
    this.timers.delete(gameId);
    if (!this.running || dueAt === null) return;
    const handle = this.clock.setTimeout(() => this.onTimer(gameId, handle), dueAt - this.clock.now());
    this.timers.set(gameId, handle);
  }

  private onTimer(gameId: string, handle: TimerHandle): void {
    if (this.timers.get(gameId) !== handle) return;
    this.timers.delete(gameId);
    if (!this.running) return;
    try {
      this.playDueTurn(gameId);
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'stale_version') {
        this.arm(gameId, this.store.games.getGame(gameId)?.nextDueAt ?? null);
        return;
      }
      this.reportError(error, `the timer of game ${gameId}`);
    }
  }

  /** A computer seat's move, or an idle human's turn played by the idle policy. */
  private playDueTurn(gameId: string): void {
    const game = this.store.games.getGame(gameId);
    if (!game || game.status !== 'active' || !game.state || game.nextDueAt === null) return;
    if (game.nextDueAt > this.clock.now()) {
      this.arm(gameId, game.nextDueAt);
      return;
    }
    const active = game as ActiveGame;
    const seat = game.seats[active.state.current];
    const level =
      seat?.kind === 'computer' ? (seat.level ?? game.options.computerLevel) : game.options.computerLevel;
    const actor: Actor =
      seat?.kind === 'computer'
        ? { kind: 'computer', level }
        : { kind: 'timeout', userId: seat?.userId ?? null, policy: game.options.idlePolicy };
    if (actor.kind === 'timeout' && game.options.idlePolicy === 'skip') {
      this.applyStep(active, { type: 'forfeit' }, actor);
    } else if (this.chooser) {
      this.playWhenChosen(active, level, actor, this.chooser);
    } else {
      this.applyStep(active, this.computerAction(active, level), actor);
    }
  }

  private seedKey(game: ActiveGame): string {
    return `${game.seed}:ai:${game.version}`;
  }

  /**
   * The computer's choice, from a stream seeded by the game's seed and version (reproducible). Should a
   * player level throw or choose an illegal action, the error is reported and the novice choice is played,
   * so a faulty computer cannot stall a game.
   */
  private computerAction(game: ActiveGame, level: AiLevel): Action {
    try {
      return this.checkedChoice(game, level, chooseAction(game.state, level, seedRng(this.seedKey(game))));
    } catch (error) {
      if (level === 'novice') throw error;
      this.reportError(error, `the ${level} computer of game ${game.id}`);
      return this.noviceChoice(game);
    }
  }

  private checkedChoice(game: ActiveGame, level: AiLevel, action: Action): Action {
    if (actionVerdict(game.state, action).legal) return action;
    this.reportError(new Error(`chose an illegal action ${JSON.stringify(action)}`), `the ${level} computer`);
    return this.noviceChoice(game);
  }

  private noviceChoice(game: ActiveGame): Action {
    return chooseAction(game.state, 'novice', seedRng(this.seedKey(game)));
  }

  /**
   * The asynchronous path: the chooser thinks elsewhere, then the move is applied through the same
   * version-checked write, so a game that moved on meanwhile (ended, a player left) just re-arms its timer.
   */
  private playWhenChosen(game: ActiveGame, level: AiLevel, actor: Actor, chooser: ComputerChooser): void {
    chooser(game.state, level, this.seedKey(game))
      .then(
        (action) => this.checkedChoice(game, level, action),
        (error: unknown) => {
          this.reportError(error, `the ${level} computer of game ${game.id}`);
          return this.noviceChoice(game);
        },
      )
      .then((action) => {
        if (this.running) this.applyStep(game, action, actor);
      })
      .catch((error: unknown) => {
        if (error instanceof ServiceError && error.code === 'stale_version') {
          this.arm(game.id, this.store.games.getGame(game.id)?.nextDueAt ?? null);
        } else {
          this.reportError(error, `the timer of game ${game.id}`);
        }
      });
  }

  // Building blocks

  private lobbyOptions(input: OpenLobbyInput): GameOptions {
    const seats = input.seats ?? DEFAULT_SEATS;
    if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
      this.invalid(`a game has ${MIN_SEATS} to ${MAX_SEATS} seats, not ${seats}`);
    }
    const level = input.computerLevel ?? DEFAULT_LEVEL;
    if (!AI_LEVELS.includes(level)) this.invalid(`unknown computer level ${String(level)}`);
    const speed = input.speed ?? 'normal';
    if (!SPEEDS.includes(speed)) this.invalid(`unknown speed ${String(speed)}`);
    const idlePolicy = input.idlePolicy ?? this.config.idlePolicy;
    if (idlePolicy !== 'computer' && idlePolicy !== 'skip')
      this.invalid(`unknown idle policy ${String(idlePolicy)}`);
    const turnLimit = input.turnLimit ?? null;
    if (turnLimit !== null && (!Number.isInteger(turnLimit) || turnLimit < 1)) {
      this.invalid(`the turn limit must be a whole number of turns >= 1, not ${turnLimit}`);
    }
    return {
      seats,
      computerLevel: level,
      speed,
      aiDelayMs: Math.round(this.config.aiTurnDelayMs * SPEED_FACTORS[speed]),
      humanTimeoutMs: this.config.humanTurnTimeoutMs,
      idlePolicy,
      turnLimit,
      hostSeated: input.hostSeated ?? true,
    };
  }

  private newGameId(): string {
    for (;;) {
      const id = this.idSource();
      if (!this.store.games.hasGame(id)) return id;
    }
  }

  private humanSeat(index: number, user: UserRef): SeatRecord {
    return { index, kind: 'human', userId: user.id, level: null, name: user.name, left: false };
  }

  private computerSeat(seats: readonly SeatRecord[], index: number, level: AiLevel): SeatRecord {
    const number = seats.filter((seat) => seat.userId === null).length + 1;
    return {
      index,
      kind: 'computer',
      userId: null,
      level,
      name: `Computer ${number} (${level})`,
      left: false,
    };
  }

  private saveLobby(game: GameRecord, hostId: string, seats: SeatRecord[]): void {
    const renumbered = seats.map((seat, index) => ({ ...seat, index }));
    if (!this.store.games.updateLobby(game.id, hostId, renumbered, this.clock.now()))
      throw this.staleVersion();
  }

  private closeLobby(game: GameRecord, byUserId: string): GameRecord {
    if (!this.store.games.closeGame(game.id, 'cancelled', 'cancelled', this.clock.now()))
      throw this.gameOver();
    return this.emitLobby('cancelled', game.id, byUserId);
  }

  private closeRunningGame(game: ActiveGame, reason: 'ended' | 'cancelled'): ActiveGame {
    const status = reason === 'ended' ? 'finished' : 'cancelled';
    if (!this.store.games.closeGame(game.id, status, reason, this.clock.now())) throw this.gameOver();
    this.arm(game.id, null);
    return this.requireGame(game.id) as ActiveGame;
  }

  private makeUpdate(
    cause: UpdateCause,
    game: ActiveGame,
    events: GameEvent[],
    lines: string[],
    seat: number | null,
    actor: Actor | null,
    action: LoggedAction | null,
  ): GameUpdate {
    const finished = game.status === 'finished' || game.status === 'cancelled';
    return {
      cause,
      game,
      state: game.state,
      events,
      lines,
      seat,
      actor,
      action,
      next: nextSeat(game, game.state),
      finished,
      placings: game.status === 'finished' ? placings(game, game.state) : null,
    };
  }

  private emitUpdate(update: GameUpdate): GameUpdate {
    this.emitter.emit('update', update);
    return update;
  }

  private emitLobby(change: LobbyChange, gameId: string, userId: string | null): GameRecord {
    const game = this.requireGame(gameId);
    this.emitter.emit('lobby', { change, game, userId });
    return game;
  }

  // Checks

  private requireGame(gameId: string): GameRecord {
    const game = this.store.games.getGame(gameId);
    if (!game) throw this.unknownGame();
    return game;
  }

  private requireLobby(gameId: string): GameRecord {
    const game = this.requireGame(gameId);
    if (game.status === 'active') throw new ServiceError('already_started', 'this game has already started');
    if (game.status !== 'lobby') throw this.gameOver();
    return game;
  }

  private requireActive(gameId: string): ActiveGame {
    const game = this.requireGame(gameId);
    if (game.status === 'lobby') throw new ServiceError('not_started', 'this game has not started yet');
    if (game.status !== 'active' || !game.state) throw this.gameOver();
    return game as ActiveGame;
  }

  private requireFreeSeat(game: GameRecord): void {
    if (game.seats.length >= game.options.seats) {
      throw new ServiceError('lobby_full', `all ${game.options.seats} seats are taken`);
    }
  }

  private requireHost(game: GameRecord, userId: string): void {
    if (game.hostId !== userId) throw new ServiceError('not_host', 'only the host can do that');
  }

  private requireHostOrModerator(game: GameRecord, userId: string, flags: ModeratorFlag): void {
    if (game.hostId !== userId && !flags.moderator) {
      throw new ServiceError('not_host', 'only the host or a moderator can do that');
    }
  }

  private invalid(message: string): never {
    throw new ServiceError('invalid_option', message);
  }

  private unknownGame(): ServiceError {
    return new ServiceError('unknown_game', 'there is no such game');
  }

  private notInGame(): ServiceError {
    return new ServiceError('not_in_game', 'you are not playing in this game');
  }

  private gameOver(): ServiceError {
    return new ServiceError('game_over', 'this game is over');
  }

  private staleVersion(): ServiceError {
    return new ServiceError('stale_version', 'this board is out of date: the game has moved on');
  }

  private channelBusy(): ServiceError {
    return new ServiceError('channel_busy', 'this channel already has a game: finish or cancel it first');
  }
}
