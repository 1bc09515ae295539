/** Reading games: status, history, replay checks, statistics; and the bot's message bookkeeping. */
import type { AnyGameModule } from '../games/contract';
import { replyWords, type Language } from '../i18n/index';
import type { LoggedAction, PlayerRating, PlayerStats, RatingPoint } from '../store/index';
import type { ReplayFrame } from './archive';
import { moduleOf, refuse, requireGame, type ServiceContext } from './context';
import { checkReplay, replayLog } from './replay';
import type { GameFacts, GameStatusView, GameUpdate, HistoryEntry, ReplayResult } from './types';
import {
  actorFromTag,
  describeEvents,
  eventsSeenBy,
  nextSeat,
  placings,
  seatName,
  stateSeenBy,
  textContext,
  timeoutLine,
} from './views';

/**
 * The lines of one logged step for one reader: in the game's own words (describeEvents) without a language,
 * else in `language` (the log, the history and a replay are private answers, in the reader's language).
 */
export function stepLines(
  module: AnyGameModule,
  game: GameFacts,
  state: unknown,
  events: readonly unknown[],
  step: { actor: string; seat: number; action: LoggedAction },
  options: { reveal?: boolean; language?: Language } = {},
): string[] {
  const { reveal = false, language } = options;
  if (language === undefined) {
    const lines = describeEvents(module, game, state, events, reveal);
    if (step.actor === 'timeout') lines.unshift(timeoutLine(game, step.seat, step.action));
    return lines;
  }
  const ctx = { ...textContext(game, null, reveal), language };
  const seen = reveal ? state : stateSeenBy(module, game, state, null);
  const seenEvents = reveal ? events : eventsSeenBy(module, game, state, events, null);
  const lines = seenEvents.flatMap((event) => {
    const line = module.texts.describeEvent(event, seen, ctx);
    return line === null ? [] : [line];
  });
  if (step.actor === 'timeout') {
    const key = step.action.type === 'forfeit' ? 'log.timeoutForfeit' : 'log.timeoutComputer';
    lines.unshift(replyWords(language)(key, { name: seatName(game, step.seat) }));
  }
  return lines;
}

export class Queries {
  constructor(private readonly ctx: ServiceContext) {}

  async status(gameId: string): Promise<GameStatusView> {
    const game = await requireGame(this.ctx, gameId);
    const module = moduleOf(this.ctx, game);
    const over = game.status === 'finished' || game.status === 'cancelled';
    return {
      game,
      next: game.state !== null ? nextSeat(module, game, game.state) : null,
      finished: over,
      placings: game.state !== null && game.status === 'finished' ? placings(module, game, game.state) : null,
    };
  }

  /**
   * The log entries with their lines (the last `limit` entries when given); `reveal` shows every secret;
   * `language`: the lines in the reader's language (default: the game's own words).
   */
  async history(
    gameId: string,
    limit?: number,
    options: { reveal?: boolean; language?: Language } = {},
  ): Promise<HistoryEntry[]> {
    const game = await requireGame(this.ctx, gameId);
    const module = moduleOf(this.ctx, game);
    const entries: HistoryEntry[] = [];
    if (game.logPrunedAt !== null) return entries;
    replayLog(module, game, await this.ctx.store.games.listActions(gameId), ({ row, events, state }) => {
      const seat = game.seats[row.seat];
      const lines = stepLines(module, game, state, events, row, options);
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

  /** A replay's frame with its step's lines in `language` (the reader's), rebuilt from the log. */
  async frameIn(frame: ReplayFrame, language: Language): Promise<ReplayFrame> {
    if (frame.step === 0) return frame;
    const module = moduleOf(this.ctx, frame.game);
    const row = (await this.ctx.store.games.listActions(frame.game.id))[frame.step - 1];
    if (!row) return frame;
    return { ...frame, lines: stepLines(module, frame.game, frame.state, frame.events, row, { language }) };
  }

  /** Whether replaying the log from the seed reproduces the stored state (and the log has no gaps). */
  async replayCheck(gameId: string): Promise<ReplayResult> {
    const game = await requireGame(this.ctx, gameId);
    return checkReplay(moduleOf(this.ctx, game), game, await this.ctx.store.games.listActions(gameId));
  }

  stats(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null> {
    return this.ctx.store.stats.get(guildId, gameKey, userId);
  }

  /** A player's skill rating in a game on a guild, or null before their first rated game. */
  rating(guildId: string, gameKey: string, userId: string): Promise<PlayerRating | null> {
    return this.ctx.store.ratings.get(guildId, gameKey, userId);
  }

  /** A player's rating after each of their last `limit` rated games, oldest first. */
  ratingHistory(guildId: string, gameKey: string, userId: string, limit = 30): Promise<RatingPoint[]> {
    return this.ctx.store.ratings.history(guildId, gameKey, userId, limit);
  }

  /** The guild's best players of a game by conservative rating (limit clamped to 1–100). */
  ratingLeaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerRating[]> {
    const clamped = Math.min(100, Math.max(1, Math.floor(limit) || 1));
    return this.ctx.store.ratings.leaderboard(guildId, gameKey, clamped);
  }

  /** The guild's top players of a game (limit clamped to 1–100). */
  leaderboard(guildId: string, gameKey: string, limit = 10): Promise<PlayerStats[]> {
    const clamped = Math.min(100, Math.max(1, Math.floor(limit) || 1));
    return this.ctx.store.stats.leaderboard(guildId, gameKey, clamped);
  }

  async setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null): Promise<void> {
    if (!(await this.ctx.store.games.setBoardMessage(gameId, messageId, postedAt, this.ctx.clock.now())))
      throw refuse.unknownGame();
  }

  async setTurnNotice(gameId: string, messageId: string | null): Promise<void> {
    if (!(await this.ctx.store.games.setTurnNotice(gameId, messageId, this.ctx.clock.now())))
      throw refuse.unknownGame();
  }

  async markSummaryPosted(gameId: string): Promise<void> {
    if (!(await this.ctx.store.games.markSummaryPosted(gameId, this.ctx.clock.now())))
      throw refuse.unknownGame();
  }

  /** Finished games whose summary was never posted (the bot was stopped in between), as final updates. */
  async gamesAwaitingSummary(): Promise<GameUpdate[]> {
    const updates: GameUpdate[] = [];
    for (const gameId of await this.ctx.store.games.listGamesAwaitingSummary()) {
      const update = await this.currentUpdate(gameId);
      if (update) updates.push(update);
    }
    return updates;
  }

  /**
   * The game as it stands, as an update with no new step (to redraw its board after a restart); null for a
   * lobby or a game cancelled before it started.
   */
  async currentUpdate(gameId: string): Promise<GameUpdate | null> {
    const view = await this.status(gameId);
    const state = view.game.state;
    if (state === null) return null;
    return {
      cause: view.finished ? 'ended' : 'action',
      game: view.game,
      state,
      events: [],
      lines: [],
      seat: null,
      actor: null,
      action: null,
      next: view.finished ? null : view.next,
      finished: view.finished,
      placings: view.placings,
    };
  }
}
