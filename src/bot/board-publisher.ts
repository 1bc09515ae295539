import { Events, SnowflakeUtil, type Client, type Message, type SendableChannels } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import type { Logger } from '../logger';
import type { GameService, GameUpdate } from '../service/index';
import type { GameRecord } from '../store/index';
import type { Renderer } from '../workers/render-pool';
import { isMissingAccess, isPermanent, isUnknownMessage } from './discord-errors';
import { boardPayload, summaryPayload, type MessagePayload } from './views';
import { finishedButtons } from './archive-views';

export interface PublisherOptions {
  /** Updates that arrive within this window are drawn in one edit (computer turns in a row). */
  coalesceMs: number;
  /** A board message older than this is replaced by a new one (Discord limits edits of old messages). */
  maxBoardAgeMs: number;
  /** How many transactions lines the board shows. */
  recentLines: number;
  /** A board with this many other messages after it is buried: it is posted again at the bottom. */
  buriedAfter: number;
  /** Wait before trying again after Discord failed an edit (doubles up to 8 times). */
  retryMs: number;
  now: () => number;
}

export const DEFAULT_PUBLISHER_OPTIONS: PublisherOptions = {
  coalesceMs: 250,
  maxBoardAgeMs: 50 * 60_000,
  recentLines: 6,
  buriedAfter: 3,
  retryMs: 1000,
  now: Date.now,
};

interface GameFeed {
  latest: GameUpdate | null;
  events: unknown[];
  lines: string[] | null;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
  failures: number;
  /** How soon the pending update should be drawn (0 for a player's own move). */
  pendingDelayMs: number;
  noticeKey: string | null;
  /** The seat to act and the version its turn began at; a seat that acts again keeps its turn's key. */
  turnKey: string | null;
  /** By seat: the log lines since that seat's last own move began (its results included). */
  sinceLastTurn: Map<number, string[]>;
}

/**
 * Keeps one live board message per game: it draws the service's updates, coalescing quick ones, edits the board
 * (or posts a new one when it is old or was deleted), keeps one "your turn" mention, and posts the summary.
 */
/** How many of a channel's latest message ids the publisher remembers. */
const RECENT_MESSAGES = 20;

export class BoardPublisher {
  private readonly feeds = new Map<string, GameFeed>();
  /** The latest message ids seen in each channel (from the gateway), oldest first, to tell a buried board. */
  private readonly recentMessages = new Map<string, string[]>();
  /** Channels whose recent messages were read once since the bot started (the gateway tells the rest). */
  private readonly seededChannels = new Set<string>();
  /** Messages newer than this id were all seen on the gateway (it is the moment the publisher attached). */
  private watchingSince: bigint | null = null;
  private readonly options: PublisherOptions;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly client: Client,
    private readonly service: GameService,
    private readonly renderer: Renderer,
    private readonly logger: Logger,
    options: Partial<PublisherOptions> = {},
  ) {
    this.options = { ...DEFAULT_PUBLISHER_OPTIONS, ...options };
  }

  /** Starts listening to the service; returns the function that stops it. */
  attach(): () => void {
    this.watchingSince = SnowflakeUtil.generate({ timestamp: Date.now() });
    const noteMessage = (message: Message) => this.noteMessage(message.channelId, message.id);
    const forget = (message: { channelId: string; id: string }) =>
      this.forgetMessage(message.channelId, message.id);
    this.client.on(Events.MessageCreate, noteMessage);
    this.client.on(Events.MessageDelete, forget);
    const detach = this.service.on('update', (update) => this.enqueue(update));
    return () => {
      detach();
      this.client.off(Events.MessageCreate, noteMessage);
      this.client.off(Events.MessageDelete, forget);
    };
  }

  /** A deleted message no longer pushes a board up. */
  private forgetMessage(channelId: string, messageId: string): void {
    const ids = this.recentMessages.get(channelId);
    if (ids)
      this.recentMessages.set(
        channelId,
        ids.filter((id) => id !== messageId),
      );
  }

  private noteMessage(channelId: string, messageId: string): void {
    const ids = this.recentMessages.get(channelId) ?? [];
    ids.push(messageId);
    this.recentMessages.set(channelId, ids.slice(-RECENT_MESSAGES));
  }

  enqueue(update: GameUpdate): void {
    const feed = this.feed(update.game.id);
    feed.latest = update;
    if (update.next && update.next.seat !== update.seat)
      feed.turnKey = `${update.next.seat}:${update.game.version}`;
    this.rememberLines(feed, update);
    feed.events.push(...update.events);
    if (feed.lines === null) feed.lines = this.initialLines(update.game.id, update.lines.length);
    feed.lines.push(...update.lines);
    feed.lines = feed.lines.slice(-this.options.recentLines);
    // A player's own move is drawn at once; computer turns that follow quickly share one edit.
    const delay = update.actor?.kind === 'user' ? 0 : this.options.coalesceMs;
    feed.pendingDelayMs = Math.min(feed.pendingDelayMs, delay);
    this.schedule(update.game.id, feed, feed.pendingDelayMs);
  }

  /** After a restart: the final board and summary of races that finished while the bot was stopping. */
  resume(): void {
    for (const update of this.service.gamesAwaitingSummary()) this.enqueue(update);
  }

  /** Resolves once every pending board change has been sent (or given up). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    for (const feed of this.feeds.values()) if (feed.timer !== null || feed.running) return false;
    return true;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private feed(gameId: string): GameFeed {
    let feed = this.feeds.get(gameId);
    if (!feed) {
      feed = {
        latest: null,
        events: [],
        lines: null,
        timer: null,
        running: false,
        failures: 0,
        pendingDelayMs: Infinity,
        noticeKey: null,
        turnKey: null,
        sinceLastTurn: new Map(),
      };
      this.feeds.set(gameId, feed);
    }
    return feed;
  }

  /** After a restart the board keeps showing the log lines from before it. */
  private initialLines(gameId: string, arriving: number): string[] {
    try {
      const entries = this.service.history(gameId, this.options.recentLines);
      const lines = entries.flatMap((entry) => entry.lines);
      return lines.slice(0, Math.max(0, lines.length - arriving));
    } catch {
      return [];
    }
  }

  private schedule(gameId: string, feed: GameFeed, delayMs: number): void {
    if (feed.timer !== null || feed.running) return;
    feed.timer = setTimeout(() => {
      feed.timer = null;
      void this.flush(gameId, feed);
    }, delayMs);
  }

  private async flush(gameId: string, feed: GameFeed): Promise<void> {
    const update = feed.latest;
    if (!update) return this.notifyIfIdle();
    feed.latest = null;
    feed.pendingDelayMs = Infinity;
    const events = feed.events;
    feed.events = [];
    feed.running = true;
    try {
      await this.publish(update, events, feed);
      feed.failures = 0;
    } catch (error) {
      this.handleFailure(gameId, feed, update, events, error);
    } finally {
      feed.running = false;
    }
    if (feed.latest)
      this.schedule(gameId, feed, feed.failures > 0 ? this.retryDelay(feed) : feed.pendingDelayMs);
    else if (update.finished && feed.timer === null) this.feeds.delete(gameId);
    this.notifyIfIdle();
  }

  private retryDelay(feed: GameFeed): number {
    return this.options.retryMs * 2 ** Math.min(feed.failures - 1, 3);
  }

  private handleFailure(
    gameId: string,
    feed: GameFeed,
    update: GameUpdate,
    events: unknown[],
    error: unknown,
  ): void {
    if (isPermanent(error)) {
      const why = isMissingAccess(error)
        ? 'I lack permission to post there (View Channel, Send Messages, Attach Files, Embed Links)'
        : 'the channel is gone';
      this.logger.warn(`game ${gameId}: cannot update the board in channel ${update.game.channelId}: ${why}`);
      return;
    }
    feed.failures += 1;
    if (feed.failures > 8) {
      this.logger.error(`game ${gameId}: giving up on a board update after repeated failures`, error);
      feed.failures = 0;
      return;
    }
    this.logger.warn(
      `game ${gameId}: board update failed (attempt ${feed.failures}), will retry`,
      error instanceof Error ? error.message : error,
    );
    if (!feed.latest) feed.latest = update;
    feed.events = [...events, ...feed.events];
  }

  private async publish(update: GameUpdate, events: unknown[], feed: GameFeed): Promise<void> {
    const game = this.service.getGame(update.game.id) ?? update.game;
    const channel = await this.client.channels.fetch(game.channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${game.channelId} cannot receive messages`);
    const module = this.service.games.require(game.gameKey);
    const payload = await boardPayload(
      {
        module,
        game,
        state: update.state,
        recentEvents: events,
        recentLines: feed.lines ?? [],
        placings: update.placings,
      },
      this.renderer,
    );
    const humanNext = !update.finished && update.next?.human === true;
    await this.showBoard(channel, game, payload, humanNext);
    await this.updateTurnNotice(channel, this.service.getGame(game.id) ?? game, update, feed, module);
    if (update.finished && update.placings && !game.summaryPosted && game.endReason !== 'cancelled') {
      const summary = await summaryPayload(module, game, update.state, update.placings, this.renderer);
      await channel.send({ ...summary, components: finishedButtons(module, game.id) });
      this.service.markSummaryPosted(game.id);
    }
  }

  /**
   * Edits the board in place, or posts it anew (retiring the old one) when it is old, was deleted, or, when a
   * human is to act, is buried under other messages so that the player would have to scroll up for it.
   */
  private async showBoard(
    channel: SendableChannels,
    game: GameRecord,
    payload: MessagePayload,
    humanNext: boolean,
  ): Promise<void> {
    const now = this.options.now();
    const fresh = game.boardPostedAt !== null && now - game.boardPostedAt < this.options.maxBoardAgeMs;
    const buried = humanNext && fresh && (await this.isBuried(channel, game));
    if (game.boardMessageId && fresh && !buried) {
      try {
        await channel.messages.edit(game.boardMessageId, { ...payload, content: '', attachments: [] });
        return;
      } catch (error) {
        if (!isUnknownMessage(error)) throw error;
        this.logger.info(`game ${game.id}: the board message was deleted, posting a new one`);
      }
    } else if (game.boardMessageId) {
      await this.deleteQuietly(channel, game.boardMessageId);
    }
    const message: Message = await channel.send(payload);
    this.service.setBoardMessage(game.id, message.id, now);
  }

  /**
   * Whether enough messages (other than the turn mention) came after the board to push it out of sight. The
   * gateway's message events tell it without a request; for a board posted before the bot started, the
   * channel's latest messages are read once.
   */
  private async isBuried(channel: SendableChannels, game: GameRecord): Promise<boolean> {
    const board = game.boardMessageId;
    if (!board) return false;
    const watched = this.watchingSince !== null && BigInt(board) > this.watchingSince;
    if (!watched && !this.seededChannels.has(game.channelId)) {
      if (!(await this.seedChannel(channel, game.channelId, board))) return false;
    }
    const after = (this.recentMessages.get(game.channelId) ?? []).filter(
      (id) => id !== game.turnNoticeMessageId && BigInt(id) > BigInt(board),
    );
    return new Set(after).size >= this.options.buriedAfter;
  }

  private async seedChannel(channel: SendableChannels, channelId: string, board: string): Promise<boolean> {
    try {
      const after = await channel.messages.fetch({ after: board, limit: RECENT_MESSAGES, cache: false });
      for (const id of [...after.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)))
        this.noteMessage(channelId, id);
      this.seededChannels.add(channelId);
      return true;
    } catch (error) {
      // Without Read Message History the bot cannot tell; the board stays where it is.
      const reason = error instanceof Error ? error.message : error;
      this.logger.debug(`channel ${channelId}: cannot read the channel history`, reason);
      return false;
    }
  }

  /** Keeps, for every seat, the lines since its last own move began (so its own results are among them). */
  private rememberLines(feed: GameFeed, update: GameUpdate): void {
    if (update.seat !== null && update.actor?.kind === 'user') feed.sinceLastTurn.set(update.seat, []);
    for (const seat of update.game.seats) {
      const lines = feed.sinceLastTurn.get(seat.index) ?? [];
      lines.push(...update.lines);
      feed.sinceLastTurn.set(seat.index, lines.slice(-50));
    }
  }

  private async updateTurnNotice(
    channel: SendableChannels,
    game: GameRecord,
    update: GameUpdate,
    feed: GameFeed,
    module: AnyGameModule,
  ): Promise<void> {
    const next = update.finished ? null : update.next;
    const key = next?.human && next.userId ? (feed.turnKey ?? `${next.seat}`) : null;
    if (key !== null && key === feed.noticeKey) return;
    if (game.turnNoticeMessageId) {
      await this.deleteQuietly(channel, game.turnNoticeMessageId);
      this.service.setTurnNotice(game.id, null);
    }
    feed.noticeKey = key;
    if (key === null || !next?.userId) return;
    const board = game.boardMessageId
      ? ` The board: https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`
      : '';
    const name = game.seats[next.seat]?.name ?? '';
    const mine = (feed.sinceLastTurn.get(next.seat) ?? []).filter(
      (line) => name !== '' && line.includes(name),
    );
    const since =
      mine.length > 0
        ? `\nSince your last turn:\n${mine
            .slice(-4)
            .map((l) => `• ${l}`)
            .join('\n')}`
        : '';
    const notice = await channel.send({
      content: `<@${next.userId}>, your turn in ${module.title} — ${turnHint(module)}.${board}${since}`.slice(
        0,
        2000,
      ),
      allowedMentions: { users: [next.userId] },
    });
    this.service.setTurnNotice(game.id, notice.id);
  }

  private async deleteQuietly(channel: SendableChannels, messageId: string): Promise<void> {
    this.forgetMessage(channel.id, messageId);
    try {
      await channel.messages.delete(messageId);
    } catch (error) {
      if (!isUnknownMessage(error))
        this.logger.debug(
          `could not delete message ${messageId}`,
          error instanceof Error ? error.message : error,
        );
    }
  }
}

/** "choose under the board or use `/hare move`". */
function turnHint(module: AnyGameModule): string {
  const first = module.commands[0];
  return first ? `choose under the board or use \`/${module.key} ${first.name}\`` : 'choose under the board';
}
