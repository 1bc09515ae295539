/**
 * The game service's facade: lobbies (lobby.ts), running games and their timers (turns.ts, game-ends.ts),
 * computer players (computer-turns.ts) and queries (queries.ts; the facade's queries are those of
 * query-facade.ts, which it extends), for every game of the registry, wired in service-parts.ts. No Discord code.
 */
import type { GameRegistry } from '../games/registry';
import type { GameRecord } from '../store/index';
import { requireGame, refuse, type ModeratorFlag } from './context';
import type { OverdueCount } from './overdue-sweep';
import type { Outbox } from './outbox';
import type { InteractionTokens } from './interaction-tokens';
import { Tournaments } from './tournaments';
import type { ProgramRef } from './program-seats';
import type { ArenaTokens } from './arena-tokens';
import { rateUnratedGamesIn, rebuildRatingsIn } from './ratings-storage';
import type { GameServiceOptions } from './service-options';
import { QueryFacade } from './query-facade';
import { serviceParts } from './service-parts';
import type { GameUpdate, OpenLobbyInput, ServiceEvents, UserRef } from './types';

export type { ComputerChooser, ModeratorFlag, ServiceConfig } from './context';
export { SPEED_FACTORS } from './lobby';
export { DEFAULT_SERVICE_CONFIG, type GameServiceOptions } from './service-options';

export class GameService extends QueryFacade {
  readonly games: GameRegistry;
  /** What the bot owes each channel (posts in flight, deletes), kept across crashes. */
  readonly outbox: Outbox;
  /** `/<game> tournament`: the tournaments running in this process (src/service/tournaments.ts). */
  readonly tournaments: Tournaments;
  /** The interaction tokens of each game, while they are valid (service/interaction-tokens.ts). */
  readonly tokens: InteractionTokens;
  /** The arena's player tokens (`/arena token`, `/arena revoke`, `/arena list`, the WebSocket's handshake). */
  readonly arenaTokens: ArenaTokens;

  constructor(options: GameServiceOptions) {
    super(serviceParts(options));
    this.games = this.parts.ctx.games;
    this.outbox = this.parts.outbox;
    this.tokens = this.parts.tokens;
    this.arenaTokens = this.parts.arenaTokens;
    this.tournaments = new Tournaments(this);
  }

  /** Subscribes to game updates ('update') or lobby changes ('lobby'); returns the unsubscribe function. */
  on<K extends keyof ServiceEvents>(event: K, listener: (payload: ServiceEvents[K]) => void): () => void {
    return this.parts.ctx.emitter.on(event, listener);
  }

  /** Arms the timer of every active game from its stored due time (overdue games act at once). */
  async start(): Promise<void> {
    await rateUnratedGamesIn(this.parts.ctx.store, this.games);
    await this.parts.turns.start();
    await this.parts.lobbyExpiry.start();
    this.parts.sweep.start();
  }

  /**
   * This process now drives other games (it gained or lost shards): the timers of the games it drives are armed
   * from the database as at a start, the others' are cleared.
   */
  async ownershipChanged(): Promise<void> {
    await this.parts.turns.rearm();
    await this.parts.lobbyExpiry.rearm();
  }

  /**
   * The bot was removed from the server: its open games are cancelled (a stated reason, rated for nobody, nothing
   * left to post there); returns their ids.
   */
  closeGamesInGuild(guildId: string): Promise<string[]> {
    this.tournaments.stopInGuild(guildId);
    return this.parts.gonePlaces.closeInGuild(guildId);
  }

  /** Channels (or threads) were deleted: their open games are cancelled like those of a lost server. */
  closeGamesInChannels(channelIds: readonly string[]): Promise<string[]> {
    this.tournaments.stopInChannels(channelIds);
    return this.parts.gonePlaces.closeInChannels(channelIds);
  }

  /** Clears every timer; the due times stay in the database for the next start. */
  stop(): void {
    this.parts.sweep.stop();
    this.parts.turns.timers.stop();
    this.parts.lobbyExpiry.stop();
  }

  /**
   * Running games whose due turn, and lobbies whose expiry, is `olderThanMs` or more late (their work keeps
   * failing, or the sweep found them so): for /healthz and /metrics.
   */
  overdueGames(olderThanMs: number): OverdueCount {
    return this.parts.sweep.overdue(olderThanMs);
  }

  /** Runs the overdue sweep now (it also runs on its own every sweepEveryMs). */
  sweepOverdue(): Promise<void> {
    return this.parts.sweep.sweep();
  }

  /** How long a lobby nobody touches stays open (null: for ever). */
  lobbyIdleMs(): number | null {
    return this.parts.lobbyExpiry.idleMs;
  }

  /** Number of armed timers (at most one per active game). */
  armedTimerCount(): number {
    return this.parts.turns.timers.count;
  }

  // Lobby

  openLobby(input: OpenLobbyInput): Promise<GameRecord> {
    return this.parts.lobbies.openLobby(input);
  }

  /** Seats `user` (with the value they typed for the game's seed, or a drawn one); a seated user's value changes. */
  join(gameId: string, user: UserRef, clientSeed?: string): Promise<GameRecord> {
    return this.parts.lobbies.join(gameId, user, clientSeed);
  }

  /** Leaves a lobby (frees the seat) or a running game (see leaveGame). */
  async leave(gameId: string, userId: string): Promise<GameRecord> {
    const game = await requireGame(this.parts.ctx, gameId);
    if (game.status === 'active') return (await this.parts.turns.leaveGame(gameId, userId)).game;
    if (game.status !== 'lobby') throw refuse.gameOver();
    return this.parts.lobbies.leave(game, userId);
  }

  addComputer(gameId: string, byUserId: string, level?: string): Promise<GameRecord> {
    return this.parts.lobbies.addComputer(gameId, byUserId, level);
  }

  /** The outside programs of the server connected now, for "Add computer" (their level: `program:<id>`). */
  connectedPrograms(guildId: string): ProgramRef[] {
    return this.parts.programSeats.connected(guildId);
  }

  removeComputer(gameId: string, byUserId: string): Promise<GameRecord> {
    return this.parts.lobbies.removeComputer(gameId, byUserId);
  }

  startGame(gameId: string, byUserId: string): Promise<GameUpdate> {
    return this.parts.lobbies.startGame(gameId, byUserId);
  }

  cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameRecord> {
    return this.parts.lobbies.cancel(gameId, byUserId, flags);
  }

  /** A new lobby like a finished game's, asked for by one of its players (see Lobbies.rematch). */
  rematch(gameId: string, user: UserRef): Promise<GameRecord> {
    return this.parts.lobbies.rematch(gameId, user);
  }

  // Running games

  act(gameId: string, userId: string, action: unknown, expectedVersion: number): Promise<GameUpdate> {
    return this.parts.turns.act(gameId, userId, action, expectedVersion);
  }

  leaveGame(gameId: string, userId: string): Promise<GameUpdate> {
    return this.parts.turns.leaveGame(gameId, userId);
  }

  /** Same as leaveGame. */
  resign(gameId: string, userId: string): Promise<GameUpdate> {
    return this.parts.turns.leaveGame(gameId, userId);
  }

  endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameUpdate> {
    return this.parts.ends.endGame(gameId, byUserId, flags);
  }

  /** Forgets every rating and rates every finished game again from the games table; returns how many. */
  rebuildRatings(): Promise<number> {
    return rebuildRatingsIn(this.parts.ctx.store, this.games);
  }

  // For the bot

  setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null): Promise<void> {
    return this.parts.queries.setBoardMessage(gameId, messageId, postedAt);
  }

  setTurnNotice(gameId: string, messageId: string | null): Promise<void> {
    return this.parts.queries.setTurnNotice(gameId, messageId);
  }

  markSummaryPosted(gameId: string): Promise<void> {
    return this.parts.queries.markSummaryPosted(gameId);
  }

  gamesAwaitingSummary(): Promise<GameUpdate[]> {
    return this.parts.queries.gamesAwaitingSummary();
  }

  /** The game as it stands, as an update with no new step (null for a lobby). */
  currentUpdate(gameId: string): Promise<GameUpdate | null> {
    return this.parts.queries.currentUpdate(gameId);
  }
}
