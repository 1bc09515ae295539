/**
 * The game service's facade: lobbies (lobby.ts), running games and their timers (turns.ts), computer players
 * (computer-turns.ts) and queries (queries.ts), for every game of the registry. No Discord code.
 */
import { DEFAULT_AI_TURN_DELAY_MS, DEFAULT_HUMAN_TURN_TIMEOUT_MS, DEFAULT_IDLE_POLICY } from '../defaults';
import type { AnyGameModule } from '../games/contract';
import { GAMES } from '../games/index';
import type { GameRegistry } from '../games/registry';
import type { Language } from '../i18n/index';
import type { GameRecord, PlayerRating, PlayerStats, RatingPoint } from '../store/index';
import type { Storage } from '../store/storage';
import { realClock, type Clock } from './clock';
import { ComputerTurns } from './computer-turns';
import {
  requireGame,
  refuse,
  EVERY_GAME,
  type ComputerChooser,
  type GameOwnership,
  type ModeratorFlag,
  type ServiceConfig,
  type ServiceContext,
} from './context';
import { SafeEmitter } from './emitter';
import { Lobbies, randomGameId } from './lobby';
import { LobbyExpiry } from './lobby-expiry';
import { OverdueSweep, SWEEP_EVERY_MS, type OverdueCount } from './overdue-sweep';
import { GonePlaces } from './gone-places';
import { newClientSeed, newServerSeed } from './fairness';
import { checkFinishedGame, finishedGameLog } from './fair-games';
import type { FairnessCheck } from './fair-check';
import type { GameLog } from './game-log';
import { Queries } from './queries';
import { MessageLedger } from './message-ledger';
import { InteractionTokens } from './interaction-tokens';
import { Turns } from './turns';
import { Tournaments } from './tournament';
import { ProgramSeats, type ProgramPlayers, type ProgramRef } from './program-seats';
import { ArenaTokens } from './arena-tokens';
import { rateUnratedGamesIn, rebuildRatingsIn } from './ratings-storage';
import {
  finishedGame,
  historyPage,
  replayFrame,
  type FinishedGameView,
  type HistoryPage,
  type HistoryQuery,
  type ReplayFrame,
} from './archive';
import type {
  GameStatusView,
  GameUpdate,
  HistoryEntry,
  OpenLobbyInput,
  ReplayResult,
  ServiceEvents,
  UserRef,
} from './types';

export type { ComputerChooser, ModeratorFlag, ServiceConfig } from './context';
export { SPEED_FACTORS } from './lobby';

export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  aiTurnDelayMs: DEFAULT_AI_TURN_DELAY_MS,
  humanTurnTimeoutMs: DEFAULT_HUMAN_TURN_TIMEOUT_MS,
  idlePolicy: DEFAULT_IDLE_POLICY,
  // Off unless configured: the bot's configuration (src/config.ts) turns them on by default.
  maxLobbiesPerUser: null,
  maxLobbiesPerServer: null,
  lobbyIdleMs: null,
};

export interface GameServiceOptions {
  store: Storage;
  clock?: Clock;
  config?: Partial<ServiceConfig>;
  /** The games it hosts (default: every registered game). */
  games?: GameRegistry;
  /** Draws the secret server seed a new lobby commits to (injectable for reproducible tests). */
  seedSource?: () => string;
  /** Draws a new game id (default: 8 random base-36 characters). */
  idSource?: () => string;
  /** Draws the value of a seated person who typed none (default: 8 random bytes as hex). */
  clientSeedSource?: () => string;
  /** Where errors of timers and listeners go (default: console.error). */
  onError?: (error: unknown, context: string) => void;
  /**
   * Computer players thinking elsewhere (a worker pool), so a long search does not hold up the caller's thread.
   * Without it they choose synchronously, inside the timer.
   */
  chooser?: ComputerChooser;
  /** Which games this process drives (default: every game); call ownershipChanged() when it changes. */
  ownership?: GameOwnership;
  /** The outside programs connected to this process (src/arena/ws/registry.ts); none without the arena. */
  programs?: ProgramPlayers;
}

export class GameService {
  readonly games: GameRegistry;
  private readonly ctx: ServiceContext;
  private readonly lobbies: Lobbies;
  private readonly turns: Turns;
  private readonly chooser: ComputerChooser | null;
  private readonly queries: Queries;
  private readonly lobbyExpiry: LobbyExpiry;
  private readonly gonePlaces: GonePlaces;
  private readonly sweep: OverdueSweep;
  /** What the bot owes each channel (posts in flight, deletes), kept across crashes. */
  readonly messages: MessageLedger;
  /** `/<game> tournament`: the tournaments running in this process (src/service/tournament.ts). */
  readonly tournaments: Tournaments;
  /** The interaction tokens of each game, while they are valid (service/interaction-tokens.ts). */
  readonly tokens: InteractionTokens;
  /** The arena's player tokens (`/arena token`, `/arena revoke`, `/arena list`, the WebSocket's handshake). */
  readonly arenaTokens: ArenaTokens;
  private readonly programSeats: ProgramSeats;

  constructor(options: GameServiceOptions) {
    const reportError =
      options.onError ?? ((error, context) => console.error(`[service] ${context}:`, error));
    this.games = options.games ?? GAMES;
    this.ctx = {
      store: options.store,
      ownership: options.ownership ?? EVERY_GAME,
      clock: options.clock ?? realClock,
      config: { ...DEFAULT_SERVICE_CONFIG, ...options.config },
      games: this.games,
      emitter: new SafeEmitter<ServiceEvents>((error, event) =>
        reportError(error, `a '${String(event)}' listener`),
      ),
      reportError,
    };
    this.chooser = options.chooser ?? null;
    this.programSeats = new ProgramSeats(this.ctx, options.programs ?? null);
    this.arenaTokens = new ArenaTokens(this.ctx, options.programs ?? null);
    this.turns = new Turns(this.ctx, new ComputerTurns(this.ctx, this.chooser), this.programSeats);
    this.lobbies = new Lobbies(
      this.ctx,
      this.turns,
      {
        seedSource: options.seedSource ?? newServerSeed,
        idSource: options.idSource ?? randomGameId,
        clientSeedSource: options.clientSeedSource ?? newClientSeed,
      },
      this.programSeats,
    );
    this.queries = new Queries(this.ctx);
    this.lobbyExpiry = new LobbyExpiry(this.ctx);
    this.gonePlaces = new GonePlaces(this.ctx, (gameId) => this.turns.timers.arm(gameId, null));
    this.messages = new MessageLedger(this.ctx.store, this.ctx.clock);
    this.tournaments = new Tournaments(this);
    this.tokens = new InteractionTokens(this.ctx.store, this.ctx.clock);
    const sweepEveryMs =
      this.ctx.config.sweepEveryMs !== undefined
        ? this.ctx.config.sweepEveryMs
        : this.ctx.clock === realClock
          ? SWEEP_EVERY_MS
          : null;
    this.sweep = new OverdueSweep(this.ctx, this.turns.timers, this.lobbyExpiry, sweepEveryMs);
  }

  /** Subscribes to game updates ('update') or lobby changes ('lobby'); returns the unsubscribe function. */
  on<K extends keyof ServiceEvents>(event: K, listener: (payload: ServiceEvents[K]) => void): () => void {
    return this.ctx.emitter.on(event, listener);
  }

  /** Arms the timer of every active game from its stored due time (overdue games act at once). */
  async start(): Promise<void> {
    await rateUnratedGamesIn(this.ctx.store, this.games);
    await this.turns.start();
    await this.lobbyExpiry.start();
    this.sweep.start();
  }

  /**
   * This process now drives other games (it gained or lost shards): the timers of the games it drives are armed
   * from the database as at a start, the others' are cleared.
   */
  async ownershipChanged(): Promise<void> {
    await this.turns.rearm();
    await this.lobbyExpiry.rearm();
  }

  /**
   * The bot was removed from the server: its open games are cancelled (a stated reason, rated for nobody, nothing
   * left to post there); returns their ids.
   */
  closeGamesInGuild(guildId: string): Promise<string[]> {
    this.tournaments.stopInGuild(guildId);
    return this.gonePlaces.closeInGuild(guildId);
  }

  /** Channels (or threads) were deleted: their open games are cancelled like those of a lost server. */
  closeGamesInChannels(channelIds: readonly string[]): Promise<string[]> {
    this.tournaments.stopInChannels(channelIds);
    return this.gonePlaces.closeInChannels(channelIds);
  }

  /** Clears every timer; the due times stay in the database for the next start. */
  stop(): void {
    this.sweep.stop();
    this.turns.timers.stop();
    this.lobbyExpiry.stop();
  }

  /**
   * Running games whose due turn, and lobbies whose expiry, is `olderThanMs` or more late (their work keeps
   * failing, or the sweep found them so): for /healthz and /metrics.
   */
  overdueGames(olderThanMs: number): OverdueCount {
    return this.sweep.overdue(olderThanMs);
  }

  /** Runs the overdue sweep now (it also runs on its own every sweepEveryMs). */
  sweepOverdue(): Promise<void> {
    return this.sweep.sweep();
  }

  /** How long a lobby nobody touches stays open (null: for ever). */
  lobbyIdleMs(): number | null {
    return this.lobbyExpiry.idleMs;
  }

  /** Number of armed timers (at most one per active game). */
  armedTimerCount(): number {
    return this.turns.timers.count;
  }

  // Lobby

  openLobby(input: OpenLobbyInput): Promise<GameRecord> {
    return this.lobbies.openLobby(input);
  }

  /** Seats `user` (with the value they typed for the game's seed, or a drawn one); a seated user's value changes. */
  join(gameId: string, user: UserRef, clientSeed?: string): Promise<GameRecord> {
    return this.lobbies.join(gameId, user, clientSeed);
  }

  /** Leaves a lobby (frees the seat) or a running game (see leaveGame). */
  async leave(gameId: string, userId: string): Promise<GameRecord> {
    const game = await requireGame(this.ctx, gameId);
    if (game.status === 'active') return (await this.turns.leaveGame(gameId, userId)).game;
    if (game.status !== 'lobby') throw refuse.gameOver();
    return this.lobbies.leave(game, userId);
  }

  addComputer(gameId: string, byUserId: string, level?: string): Promise<GameRecord> {
    return this.lobbies.addComputer(gameId, byUserId, level);
  }

  /** The outside programs of the server connected now, for "Add computer" (their level: `program:<id>`). */
  connectedPrograms(guildId: string): ProgramRef[] {
    return this.programSeats.connected(guildId);
  }

  removeComputer(gameId: string, byUserId: string): Promise<GameRecord> {
    return this.lobbies.removeComputer(gameId, byUserId);
  }

  startGame(gameId: string, byUserId: string): Promise<GameUpdate> {
    return this.lobbies.startGame(gameId, byUserId);
  }

  cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameRecord> {
    return this.lobbies.cancel(gameId, byUserId, flags);
  }

  /** A new lobby like a finished game's, asked for by one of its players (see Lobbies.rematch). */
  rematch(gameId: string, user: UserRef): Promise<GameRecord> {
    return this.lobbies.rematch(gameId, user);
  }

  // Running games

  act(gameId: string, userId: string, action: unknown, expectedVersion: number): Promise<GameUpdate> {
    return this.turns.act(gameId, userId, action, expectedVersion);
  }

  leaveGame(gameId: string, userId: string): Promise<GameUpdate> {
    return this.turns.leaveGame(gameId, userId);
  }

  /** Same as leaveGame. */
  resign(gameId: string, userId: string): Promise<GameUpdate> {
    return this.turns.leaveGame(gameId, userId);
  }

  endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameUpdate> {
    return this.turns.endGame(gameId, byUserId, flags);
  }

  // Queries

  getGame(gameId: string): Promise<GameRecord | null> {
    return this.ctx.store.games.getGame(gameId);
  }

  /** The lobby or active game of a channel. */
  findActiveGameInChannel(channelId: string): Promise<GameRecord | null> {
    return this.ctx.store.games.findOpenGameInChannel(channelId);
  }

  /** The channel's latest game of `gameKey`, open or over (for a log after the end). */
  latestGameInChannel(channelId: string, gameKey: string): Promise<GameRecord | null> {
    return this.ctx.store.games.findLatestGameInChannel(channelId, gameKey);
  }

  status(gameId: string): Promise<GameStatusView> {
    return this.queries.status(gameId);
  }

  history(
    gameId: string,
    limit?: number,
    options: { reveal?: boolean; language?: Language } = {},
  ): Promise<HistoryEntry[]> {
    return this.queries.history(gameId, limit, options);
  }

  replayCheck(gameId: string): Promise<ReplayResult> {
    return this.queries.replayCheck(gameId);
  }

  /** A finished game's log as players download it (docs/fairness.md); refused while it runs. */
  gameLog(gameId: string): Promise<GameLog> {
    return finishedGameLog(this.ctx, gameId);
  }

  /** Checks a finished game: its seed commitment, its seed, and its replay (docs/fairness.md). */
  verifyGame(gameId: string, language?: Language): Promise<FairnessCheck> {
    const chooser = this.chooser;
    // The computers' choices are made again where they were made: in the worker pool, off this thread.
    const choose = chooser
      ? (module: AnyGameModule, view: unknown, level: string, seedKey: string) =>
          chooser(module.key, view, level, seedKey)
      : undefined;
    return checkFinishedGame(this.ctx, gameId, language, choose);
  }

  stats(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null> {
    return this.queries.stats(guildId, gameKey, userId);
  }

  leaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerStats[]> {
    return this.queries.leaderboard(guildId, gameKey, limit);
  }

  rating(guildId: string, gameKey: string, userId: string): Promise<PlayerRating | null> {
    return this.queries.rating(guildId, gameKey, userId);
  }

  ratingHistory(guildId: string, gameKey: string, userId: string, limit = 30): Promise<RatingPoint[]> {
    return this.queries.ratingHistory(guildId, gameKey, userId, limit);
  }

  ratingLeaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerRating[]> {
    return this.queries.ratingLeaderboard(guildId, gameKey, limit);
  }

  /** A guild's finished games of one kind (or one player's), ten to a page, the latest first. */
  historyPage(query: HistoryQuery): Promise<HistoryPage> {
    return historyPage(this.ctx, query);
  }

  /** A finished game rebuilt from its log, for its summary. */
  finishedGame(gameId: string): Promise<FinishedGameView> {
    return finishedGame(this.ctx, gameId);
  }

  /** A finished game after `step` of its actions, for a replay (its lines in `language` when given). */
  async replayFrame(gameId: string, step: number, language?: Language): Promise<ReplayFrame> {
    const frame = await replayFrame(this.ctx, gameId, step);
    return language === undefined ? frame : this.queries.frameIn(frame, language);
  }

  /** Forgets every rating and rates every finished game again from the games table; returns how many. */
  rebuildRatings(): Promise<number> {
    return rebuildRatingsIn(this.ctx.store, this.games);
  }

  // For the bot

  setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null): Promise<void> {
    return this.queries.setBoardMessage(gameId, messageId, postedAt);
  }

  setTurnNotice(gameId: string, messageId: string | null): Promise<void> {
    return this.queries.setTurnNotice(gameId, messageId);
  }

  markSummaryPosted(gameId: string): Promise<void> {
    return this.queries.markSummaryPosted(gameId);
  }

  gamesAwaitingSummary(): Promise<GameUpdate[]> {
    return this.queries.gamesAwaitingSummary();
  }

  /** The game as it stands, as an update with no new step (null for a lobby). */
  currentUpdate(gameId: string): Promise<GameUpdate | null> {
    return this.queries.currentUpdate(gameId);
  }
}
