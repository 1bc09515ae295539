/**
 * The service as the bot sees it: the same requests as GameService, and every game, update and query result
 * observed on its way out (./observed.ts), so raw states, seeds and the random stream stay in the service.
 * The bot is given only this (src/bot/bot.ts wraps the GameService it is started with).
 */
import type { GameRegistry } from '../games/registry';
import type { Language } from '../i18n/index';
import type { GameRecord, PlayerRating, PlayerStats, RatingPoint } from '../store/index';
import type { FinishedGameView, HistoryPage, HistoryQuery, ReplayFrame } from './archive';
import type { FairnessCheck } from './fair-check';
import type { GameService, ModeratorFlag } from './game-service';
import type { GameLog } from './game-log';
import type { Outbox } from './outbox';
import type { Tournaments } from './tournaments';
import type { InteractionTokens } from './interaction-tokens';
import type { ProgramRef } from './program-seats';
import type { ArenaTokens } from './arena-tokens';
import { gameInfo, publicLobbyUpdate, publicUpdate, publicView } from './observed';
import type {
  GameInfo,
  GameUpdate,
  HistoryEntry,
  OpenLobbyInput,
  PublicEvents,
  PublicUpdate,
  PublicView,
  UserRef,
} from './types';

export interface PublicFinishedGame extends Omit<FinishedGameView, 'game'> {
  /** A finished game: its view is its whole state. */
  game: GameInfo & { state: PublicView };
}

export interface PublicHistoryPage extends Omit<HistoryPage, 'entries'> {
  entries: PublicFinishedGame[];
}

export interface PublicReplayFrame extends Omit<ReplayFrame, 'game' | 'state'> {
  game: GameInfo;
  state: PublicView;
}

export class ServiceGate {
  readonly games: GameRegistry;
  /** What the bot owes each channel (posts in flight, deletes): message bookkeeping, no game state. */
  readonly outbox: Outbox;
  /** `/<game> tournament`: its progress holds ids, names and places, no game state. */
  readonly tournaments: Tournaments;
  /** The interaction tokens of each game while they are valid: credentials the bot sends with, no game state. */
  readonly tokens: InteractionTokens;
  /** The arena's player tokens (`/arena`): issued, listed and revoked by name; no game state. */
  readonly arenaTokens: ArenaTokens;

  constructor(private readonly service: GameService) {
    this.games = service.games;
    this.outbox = service.outbox;
    this.tournaments = service.tournaments;
    this.tokens = service.tokens;
    this.arenaTokens = service.arenaTokens;
  }

  private info(game: GameRecord): GameInfo {
    return gameInfo(this.games.require(game.gameKey), game);
  }

  private infoOrNull(game: GameRecord | null): GameInfo | null {
    return game && this.info(game);
  }

  private update(update: GameUpdate): PublicUpdate {
    return publicUpdate(this.games.require(update.game.gameKey), update);
  }

  private finished(view: FinishedGameView): PublicFinishedGame {
    return { ...view, game: this.info(view.game) as GameInfo & { state: PublicView } };
  }

  on<K extends keyof PublicEvents>(event: K, listener: (payload: PublicEvents[K]) => void): () => void {
    if (event === 'update') {
      const seen = listener as (payload: PublicUpdate) => void;
      return this.service.on('update', (update) => seen(this.update(update)));
    }
    const seen = listener as (payload: PublicEvents['lobby']) => void;
    return this.service.on('lobby', (update) =>
      seen(publicLobbyUpdate(this.games.require(update.game.gameKey), update)),
    );
  }

  closeGamesInGuild(guildId: string): Promise<string[]> {
    return this.service.closeGamesInGuild(guildId);
  }

  closeGamesInChannels(channelIds: readonly string[]): Promise<string[]> {
    return this.service.closeGamesInChannels(channelIds);
  }

  /** The outside programs connected for a server (the lobby's program seats). */
  connectedPrograms(guildId: string): ProgramRef[] {
    return this.service.connectedPrograms(guildId);
  }

  lobbyIdleMs(): number | null {
    return this.service.lobbyIdleMs();
  }

  // Lobby

  async openLobby(input: OpenLobbyInput): Promise<GameInfo> {
    return this.info(await this.service.openLobby(input));
  }

  async join(gameId: string, user: UserRef, clientSeed?: string): Promise<GameInfo> {
    return this.info(await this.service.join(gameId, user, clientSeed));
  }

  async leave(gameId: string, userId: string): Promise<GameInfo> {
    return this.info(await this.service.leave(gameId, userId));
  }

  async addComputer(gameId: string, byUserId: string, level?: string): Promise<GameInfo> {
    return this.info(await this.service.addComputer(gameId, byUserId, level));
  }

  async removeComputer(gameId: string, byUserId: string): Promise<GameInfo> {
    return this.info(await this.service.removeComputer(gameId, byUserId));
  }

  async startGame(gameId: string, byUserId: string): Promise<PublicUpdate> {
    return this.update(await this.service.startGame(gameId, byUserId));
  }

  async cancel(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameInfo> {
    return this.info(await this.service.cancel(gameId, byUserId, flags));
  }

  async rematch(gameId: string, user: UserRef): Promise<GameInfo> {
    return this.info(await this.service.rematch(gameId, user));
  }

  // Running games

  async act(gameId: string, userId: string, action: unknown, expectedVersion: number): Promise<PublicUpdate> {
    return this.update(await this.service.act(gameId, userId, action, expectedVersion));
  }

  async leaveGame(gameId: string, userId: string): Promise<PublicUpdate> {
    return this.update(await this.service.leaveGame(gameId, userId));
  }

  async endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<PublicUpdate> {
    return this.update(await this.service.endGame(gameId, byUserId, flags));
  }

  // Queries

  async getGame(gameId: string): Promise<GameInfo | null> {
    return this.infoOrNull(await this.service.getGame(gameId));
  }

  async findActiveGameInChannel(channelId: string): Promise<GameInfo | null> {
    return this.infoOrNull(await this.service.findActiveGameInChannel(channelId));
  }

  async latestGameInChannel(channelId: string, gameKey: string): Promise<GameInfo | null> {
    return this.infoOrNull(await this.service.latestGameInChannel(channelId, gameKey));
  }

  /** The log's public lines (a running game's secrets hidden: the service's history never reveals to the bot). */
  history(gameId: string, limit?: number, options: { language?: Language } = {}): Promise<HistoryEntry[]> {
    return this.service.history(gameId, limit, { language: options.language });
  }

  /** A finished game's log (public by design: docs/fairness.md); refused while it runs. */
  gameLog(gameId: string): Promise<GameLog> {
    return this.service.gameLog(gameId);
  }

  verifyGame(gameId: string, language?: Language): Promise<FairnessCheck> {
    return this.service.verifyGame(gameId, language);
  }

  stats(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null> {
    return this.service.stats(guildId, gameKey, userId);
  }

  leaderboard(guildId: string, gameKey: string, limit?: number): Promise<PlayerStats[]> {
    return this.service.leaderboard(guildId, gameKey, limit);
  }

  rating(guildId: string, gameKey: string, userId: string): Promise<PlayerRating | null> {
    return this.service.rating(guildId, gameKey, userId);
  }

  ratingHistory(guildId: string, gameKey: string, userId: string, limit?: number): Promise<RatingPoint[]> {
    return this.service.ratingHistory(guildId, gameKey, userId, limit);
  }

  ratingLeaderboard(guildId: string, gameKey: string, limit?: number): Promise<PlayerRating[]> {
    return this.service.ratingLeaderboard(guildId, gameKey, limit);
  }

  async historyPage(query: HistoryQuery): Promise<PublicHistoryPage> {
    const page = await this.service.historyPage(query);
    return { ...page, entries: page.entries.map((entry) => this.finished(entry)) };
  }

  async finishedGame(gameId: string): Promise<PublicFinishedGame> {
    return this.finished(await this.service.finishedGame(gameId));
  }

  /** A finished game's replay: its states are whole (the game is over), through the same gate. */
  async replayFrame(gameId: string, step: number, language?: Language): Promise<PublicReplayFrame> {
    const frame = await this.service.replayFrame(gameId, step, language);
    const module = this.games.require(frame.game.gameKey);
    return { ...frame, game: this.info(frame.game), state: publicView(module, frame.game, frame.state) };
  }

  // For the board publisher

  async gamesAwaitingSummary(): Promise<PublicUpdate[]> {
    return (await this.service.gamesAwaitingSummary()).map((update) => this.update(update));
  }

  async currentUpdate(gameId: string): Promise<PublicUpdate | null> {
    const update = await this.service.currentUpdate(gameId);
    return update && this.update(update);
  }
}
