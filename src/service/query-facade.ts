/**
 * The game service facade's queries (GameService extends it): games, their logs, replays and fairness checks,
 * the archive, statistics and ratings. Reads only; no Discord code.
 */
import type { Language } from '../i18n/index';
import type { GameRecord, PlayerRating, PlayerStats, RatingPoint } from '../store/index';
import {
  finishedGame,
  historyPage,
  replayFrame,
  type FinishedGameView,
  type HistoryPage,
  type HistoryQuery,
  type ReplayFrame,
} from './archive';
import { checkFinishedGame, finishedGameLog } from './fair-games';
import type { FairnessCheck } from './fair-check';
import type { GameLog } from './game-log';
import type { ServiceParts } from './service-parts';
import type { GameStatusView, HistoryEntry, ReplayResult } from './types';

export abstract class QueryFacade {
  protected constructor(protected readonly parts: ServiceParts) {}

  getGame(gameId: string): Promise<GameRecord | null> {
    return this.parts.ctx.store.games.getGame(gameId);
  }

  /** The lobby or active game of a channel. */
  findActiveGameInChannel(channelId: string): Promise<GameRecord | null> {
    return this.parts.ctx.store.games.findOpenGameInChannel(channelId);
  }

  /** The channel's latest game of `gameKey`, open or over (for a log after the end). */
  latestGameInChannel(channelId: string, gameKey: string): Promise<GameRecord | null> {
    return this.parts.ctx.store.games.findLatestGameInChannel(channelId, gameKey);
  }

  status(gameId: string): Promise<GameStatusView> {
    return this.parts.queries.status(gameId);
  }

  history(
    gameId: string,
    limit?: number,
    options: { reveal?: boolean; language?: Language } = {},
  ): Promise<HistoryEntry[]> {
    return this.parts.queries.history(gameId, limit, options);
  }

  replayCheck(gameId: string): Promise<ReplayResult> {
    return this.parts.queries.replayCheck(gameId);
  }

  /** A finished game's log as players download it (docs/fairness.md); refused while it runs. */
  gameLog(gameId: string): Promise<GameLog> {
    return finishedGameLog(this.parts.ctx, gameId);
  }

  /** Checks a finished game: its seed commitment, its seed, and its replay (docs/fairness.md). */
  verifyGame(gameId: string, language?: Language): Promise<FairnessCheck> {
    return checkFinishedGame(this.parts.ctx, gameId, language, this.parts.replayChooser);
  }

  stats(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null> {
    return this.parts.queries.stats(guildId, gameKey, userId);
  }

  leaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerStats[]> {
    return this.parts.queries.leaderboard(guildId, gameKey, limit);
  }

  rating(guildId: string, gameKey: string, userId: string): Promise<PlayerRating | null> {
    return this.parts.queries.rating(guildId, gameKey, userId);
  }

  ratingHistory(guildId: string, gameKey: string, userId: string, limit = 30): Promise<RatingPoint[]> {
    return this.parts.queries.ratingHistory(guildId, gameKey, userId, limit);
  }

  ratingLeaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerRating[]> {
    return this.parts.queries.ratingLeaderboard(guildId, gameKey, limit);
  }

  /** A guild's finished games of one kind (or one player's), ten to a page, the latest first. */
  historyPage(query: HistoryQuery): Promise<HistoryPage> {
    return historyPage(this.parts.ctx, query);
  }

  /** A finished game rebuilt from its log, for its summary. */
  finishedGame(gameId: string): Promise<FinishedGameView> {
    return finishedGame(this.parts.ctx, gameId);
  }

  /** A finished game after `step` of its actions, for a replay (its lines in `language` when given). */
  async replayFrame(gameId: string, step: number, language?: Language): Promise<ReplayFrame> {
    const frame = await replayFrame(this.parts.ctx, gameId, step);
    return language === undefined ? frame : this.parts.queries.frameIn(frame, language);
  }
}
