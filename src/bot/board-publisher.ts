import {
  Events,
  SnowflakeUtil,
  type Client,
  type Message,
  type MessageComponentInteraction,
  type SendableChannels,
} from 'discord.js';
import type { OutboxEntry } from '../store/index';
import type { AnyGameModule } from '../games/contract';
import type { Logger } from '../logger';
import type { GameService, GameUpdate } from '../service/index';
import type { GameRecord } from '../store/index';
import type { Renderer } from '../workers/render-pool';
import {
  isClosedThread,
  isMissingAccess,
  isPermanent,
  isTooOldToEdit,
  isUnknownMessage,
} from './discord-errors';
import { boardPayload, closedLobbyPayload, lobbyPayload, summaryPayload, type MessagePayload } from './views';
import { postNonce, TrackedMessages } from './tracked-messages';
import { SettlingQueue } from './settling-queue';
import { finishedButtons } from './archive-views';
import { MoverAnswer } from './mover-answer';
import { describeMissing, missingPermissionNames } from './posting-permissions';
import { LinesSinceLastTurn, sinceLastTurnText, turnHint } from './turn-notice';
import { closedLobbyText } from './lobby-expiry-notes';

export interface PublisherOptions {
  /** Updates that arrive within this window are drawn in one edit (computer turns in a row). */
  coalesceMs: number;
  /** A board message older than this is replaced by a new one (Discord limits edits of old messages). */
  maxBoardAgeMs: number;
  /** How many transactions lines the board shows. */
  recentLines: number;
  /** A board with this many other messages after it is buried: it is posted again at the bottom. */
  buriedAfter: number;
  /** Wait before trying again after Discord failed an edit (doubles, up to `maxRetryMs`, until it succeeds). */
  retryMs: number;
  maxRetryMs: number;
  /**
   * Without access to the channel (permission or channel lost) the game's posting pauses: it is tried again
   * after this long, or at once when the channel's or the server's permissions change.
   */
  pausedRetryMs: number;
  /** After a start, how many channels are brought up to date at once (the rest wait their turn). */
  settlingConcurrency: number;
  now: () => number;
}

export const DEFAULT_PUBLISHER_OPTIONS: PublisherOptions = {
  coalesceMs: 250,
  maxBoardAgeMs: 50 * 60_000,
  recentLines: 6,
  buriedAfter: 3,
  retryMs: 1000,
  maxRetryMs: 60_000,
  pausedRetryMs: 10 * 60_000,
  settlingConcurrency: 3,
  now: Date.now,
};

interface GameFeed {
  latest: GameUpdate | null;
  events: unknown[];
  lines: string[] | null;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
  failures: number;
  /** The bot cannot post in the game's channel: posting waits for access to return. */
  paused: boolean;
  /** How soon the pending update should be drawn (0 for a player's own move). */
  pendingDelayMs: number;
  /** The seat to act and the version its turn began at; a seat that acts again keeps its turn's key. */
  turnKey: string | null;
  /** By seat: the log lines since that seat's own last move (what the turn mention reports). */
  sinceLastTurn: LinesSinceLastTurn;
  /** The click of a player's own move, answered with the redrawn board itself (or deferred at its safety point). */
  mover: MoverAnswer | null;
  /** The game version the board message shows (drawn by a flush or in answer to a mover's click). */
  shownVersion: number | null;
  /** A mover's click being answered with the board while an earlier flush still runs; flushes wait for it. */
  answering: Promise<void> | null;
  /** A flush drawing or sending the board: a mover's own board waits for it, so the two cannot cross. */
  boardStage: Promise<void> | null;
  /** The click whose move the running flush draws (registered before the flush began), if any. */
  flushMover: MoverAnswer | null;
  /** While paused: what the bot lacks, and whether the channel was told (once per pause), with which message. */
  pause: { reason: string; told: boolean; noticeId: string | null } | null;
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
  private readonly tracked: TrackedMessages;
  private idleWaiters: (() => void)[] = [];
  private resuming: Promise<void> | null = null;
  private stopped = false;
  /** The channels to bring up to date after a start, a few at a time. */
  private readonly settling: SettlingQueue;
  /** Settling jobs waiting for their game's board to be drawn (see boardRedrawn). */
  private readonly redrawWaiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly client: Client,
    private readonly service: GameService,
    private readonly renderer: Renderer,
    private readonly logger: Logger,
    options: Partial<PublisherOptions> = {},
  ) {
    this.options = { ...DEFAULT_PUBLISHER_OPTIONS, ...options };
    this.tracked = new TrackedMessages(client, service, logger, this.options);
    this.settling = new SettlingQueue(
      this.options.settlingConcurrency,
      (gameId) => this.sync(gameId),
      (gameId, error) =>
        this.logger.warn(`game ${gameId}: could not bring its channel up to date`, describe(error)),
      () => this.notifyIfIdle(),
    );
  }

  /** Starts listening to the service; returns the function that stops it. */
  attach(): () => void {
    this.watchingSince = SnowflakeUtil.generate({ timestamp: Date.now() });
    // The bot's own messages (turn mentions on their way out) do not bury a board: players' messages do.
    const noteMessage = (message: Message) => {
      if (message.author.id !== this.client.user?.id) this.noteMessage(message.channelId, message.id);
    };
    const forget = (message: { channelId: string; id: string }) =>
      this.forgetMessage(message.channelId, message.id);
    const wakeChannel = (channel: { id: string }) =>
      this.wake((game) => game.channelId === channel.id || this.parentOf(game.channelId) === channel.id);
    // A thread reopened, or its parent's permissions changed (threads take their parent's).
    const wakeThread = (_old: unknown, thread: { id: string }) => wakeChannel(thread);
    const wakeGuild = (role: { guild: { id: string } }) =>
      this.wake((game) => game.guildId === role.guild.id);
    this.client.on(Events.MessageCreate, noteMessage);
    this.client.on(Events.MessageDelete, forget);
    this.client.on(Events.ChannelUpdate, wakeChannel);
    this.client.on(Events.ThreadUpdate, wakeThread);
    this.client.on(Events.GuildRoleUpdate, wakeGuild);
    const detach = this.service.on('update', (update) => this.enqueue(update));
    return () => {
      detach();
      this.client.off(Events.MessageCreate, noteMessage);
      this.client.off(Events.MessageDelete, forget);
      this.client.off(Events.ChannelUpdate, wakeChannel);
      this.client.off(Events.ThreadUpdate, wakeThread);
      this.client.off(Events.GuildRoleUpdate, wakeGuild);
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

  /** Draws the update soon (`delayMs`, default: at once for a player's move, after coalesceMs otherwise). */
  enqueue(update: GameUpdate, delayMs?: number): void {
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
    const delay = delayMs ?? (update.actor?.kind === 'user' ? 0 : this.options.coalesceMs);
    feed.pendingDelayMs = Math.min(feed.pendingDelayMs, delay);
    this.schedule(update.game.id, feed, feed.pendingDelayMs);
  }

  /**
   * The click that made the game's latest move: it is answered with the redrawn board (an update response, which
   * is not counted against the bot's global rate limit), or with a deferral if the board is not ready in time
   * (see MoverAnswer: a slow upload is insured by a deferral before Discord's deadline).
   */
  answerMoveWith(gameId: string, interaction: MessageComponentInteraction): void {
    const feed = this.feed(gameId);
    this.releaseMover(feed);
    feed.mover = new MoverAnswer(interaction, {
      logger: this.logger,
      onSafetyPoint: (answer) => void this.deferMover(feed, answer),
    });
    // An earlier flush may still be busy with turn mentions (REST calls queued behind the global rate limit):
    // the mover's board does not wait for them.
    // Clicks in quick succession are answered in turn, each with the board of its own move.
    if ((feed.running || feed.answering) && !feed.paused) {
      const answering: Promise<void> = (feed.answering ?? Promise.resolve())
        .then(() => (feed.mover ? this.answerNow(gameId, feed) : undefined))
        .finally(() => {
          if (feed.answering === answering) feed.answering = null;
          this.notifyIfIdle();
        });
      feed.answering = answering;
    }
  }

  /** Draws the latest update on the board as the answer to the mover's click, when the board can be edited. */
  private async answerNow(gameId: string, feed: GameFeed): Promise<void> {
    // The running flush's board goes first (its failure is that flush's to handle).
    await feed.boardStage?.catch(() => undefined);
    const update = feed.latest;
    const game = this.service.getGame(gameId);
    if (!update || !game?.boardMessageId || !this.freshBoard(game)) return;
    const humanNext = !update.finished && update.next?.human === true;
    if (humanNext && !this.knownNotBuried(game)) return;
    try {
      const module = this.service.games.require(game.gameKey);
      const payload = await boardPayload(
        {
          module,
          // The game as it was at this update (its version, seats and status go with its state).
          game: update.game,
          state: update.state,
          recentEvents: [...feed.events],
          recentLines: feed.lines ?? [],
          placings: update.placings,
        },
        this.renderer,
      );
      const edit = { ...payload, content: '', attachments: [] };
      if (await this.answerMover(feed, game.boardMessageId, edit, feed.mover))
        feed.shownVersion = update.game.version;
    } catch (error) {
      this.logger.debug(`game ${gameId}: could not draw the board for the mover`, describe(error));
    }
  }

  /** Answers a waiting mover's click with a deferral (its board comes by an edit, or already came). */
  private releaseMover(feed: GameFeed): void {
    void this.deferMover(feed);
  }

  private async deferMover(feed: GameFeed, only?: MoverAnswer | null): Promise<void> {
    await this.claimMover(feed, undefined, only)?.defer();
  }

  /** Takes the waiting click (only `only`, when given) off the feed to answer it: exactly one answer each. */
  private claimMover(feed: GameFeed, boardMessageId?: string, only?: MoverAnswer | null): MoverAnswer | null {
    const mover = feed.mover;
    if (only !== undefined && (only === null || mover !== only)) return null;
    if (!mover || (boardMessageId !== undefined && mover.messageId !== boardMessageId)) return null;
    feed.mover = null;
    return mover;
  }

  /**
   * After a (re)start: settles what a crash left in the outbox, then brings every channel with an open game,
   * or a closed one not yet settled, to what the database implies (board, turn mention, summary, lobby). The
   * channels are settled a few at a time (settlingConcurrency), each from its game's latest state.
   */
  resume(): Promise<void> {
    this.resuming = (async () => {
      await this.tracked.resolvePending(
        (entry) => this.resolvePost(entry),
        (gameId) => this.settling.add(gameId),
      );
      for (const gameId of this.service.messages.unsettledGames()) this.settling.add(gameId);
      await this.settling.idle();
    })()
      .catch((error: unknown) => this.logger.error('could not bring the channels up to date', error))
      .finally(() => {
        this.resuming = null;
        this.notifyIfIdle();
      });
    return this.resuming;
  }

  /** Stops every timer (what is still owed stays in the database for the next start). */
  stop(): void {
    this.stopped = true;
    this.settling.stop();
    this.tracked.close();
    for (const feed of this.feeds.values()) {
      if (feed.timer !== null) clearTimeout(feed.timer);
      feed.timer = null;
      this.releaseMover(feed);
    }
    this.notifyIfIdle();
  }

  /** Resolves once every pending board change has been sent (or given up). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    if (this.resuming || !this.settling.isIdle()) return false;
    for (const feed of this.feeds.values())
      if ((feed.timer !== null && !feed.paused) || feed.running || feed.answering) return false;
    return true;
  }

  /** Access may be back: paused games matching `where` try again now. */
  private wake(where: (game: GameRecord) => boolean): void {
    for (const [gameId, feed] of this.feeds) {
      if (!feed.paused || feed.running) continue;
      const game = this.service.getGame(gameId);
      if (!game || !where(game)) continue;
      if (feed.timer !== null) clearTimeout(feed.timer);
      feed.timer = null;
      this.schedule(gameId, feed, 0);
    }
  }

  /**
   * A post a crash left unconfirmed. The same nonce finds it (Discord returns the earlier message): a summary
   * is kept as the game's summary; a board or turn mention is deleted (the sync that follows posts what is due).
   */
  private async resolvePost(entry: OutboxEntry): Promise<void> {
    const ledger = this.service.messages;
    const game = this.service.getGame(entry.gameId);
    const tooOld = this.options.now() - entry.createdAt > NONCE_LIFETIME_MS;
    if (!game || tooOld || (entry.kind === 'summary' && game.summaryPosted)) return ledger.clear(entry);
    const channel = await this.client.channels.fetch(entry.channelId);
    if (!channel?.isSendable()) return ledger.clear(entry);
    const nonce = entry.nonce ?? '';
    if (entry.kind === 'summary') {
      const update = this.service.currentUpdate(game.id);
      if (!update?.placings) return ledger.clear(entry);
      const module = this.service.games.require(game.gameKey);
      const summary = await summaryPayload(module, game, update.state, update.placings, this.renderer);
      await this.tracked.post(channel, game.id, 'summary', nonce, {
        ...summary,
        components: finishedButtons(module, game.id),
      });
      return;
    }
    const found = await channel.send({
      content: '…',
      nonce,
      enforceNonce: true,
      allowedMentions: { parse: [] },
    });
    ledger.clear(entry);
    await this.tracked.delete(channel, game.id, found.id);
  }

  /** Redraws a game from the database: lobby, closed lobby, board, turn mention and summary. */
  private async sync(gameId: string): Promise<void> {
    const game = this.service.getGame(gameId);
    if (!game) return;
    if (game.state !== null) {
      const update = this.service.currentUpdate(gameId);
      if (update) await this.boardRedrawn(update);
      return;
    }
    const module = this.service.games.require(game.gameKey);
    const payload =
      game.status === 'lobby'
        ? lobbyPayload(module, game)
        : closedLobbyPayload(module, game, closedLobbyText(this.service, game));
    try {
      const channel = await this.client.channels.fetch(game.channelId);
      if (!channel?.isSendable()) return;
      if (game.boardMessageId) await channel.messages.edit(game.boardMessageId, payload);
      // While the lobby's reply is looked for, a new lobby message would be a second one with live buttons.
      else if (game.status === 'lobby' && !this.service.messages.replyPending(game.id))
        await this.tracked.post(
          channel,
          game.id,
          'board',
          postNonce('board', game.id, game.version),
          payload,
        );
      if (game.status !== 'lobby') this.service.messages.settle(game.id);
    } catch (error) {
      if (isUnknownMessage(error) && game.status !== 'lobby') this.service.messages.settle(game.id);
      else this.logger.warn(`game ${game.id}: could not redraw the lobby`, describe(error));
    }
  }

  /**
   * Draws the update like any other and resolves once its feed is at rest: the board drawn (or the attempt failed,
   * its retry then waits on its own timer), so a settling job holds its place in the queue while it draws.
   */
  private boardRedrawn(update: GameUpdate): Promise<void> {
    const gameId = update.game.id;
    const feed = this.feeds.get(gameId);
    const shown = feed && !feed.latest && !feed.running && feed.shownVersion === update.game.version;
    if (shown) return Promise.resolve();
    // Nothing to coalesce with: the settling job draws at once and frees its place in the queue sooner.
    this.enqueue(update, 0);
    return new Promise((resolve) => {
      this.redrawWaiters.set(gameId, [...(this.redrawWaiters.get(gameId) ?? []), resolve]);
      this.releaseRedrawWaiters();
    });
  }

  private releaseRedrawWaiters(): void {
    for (const [gameId, waiters] of this.redrawWaiters) {
      const feed = this.feeds.get(gameId);
      const drawing = feed && (feed.running || (feed.timer !== null && !feed.paused && feed.failures === 0));
      if (drawing && !this.stopped) continue;
      this.redrawWaiters.delete(gameId);
      for (const resolve of waiters) resolve();
    }
  }

  private notifyIfIdle(): void {
    this.releaseRedrawWaiters();
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
        paused: false,
        pendingDelayMs: Infinity,
        turnKey: null,
        sinceLastTurn: new LinesSinceLastTurn(),
        mover: null,
        pause: null,
        shownVersion: null,
        answering: null,
        boardStage: null,
        flushMover: null,
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
    if (this.stopped || feed.timer !== null || feed.running) return;
    feed.timer = setTimeout(() => {
      feed.timer = null;
      this.flush(gameId, feed).catch((error: unknown) => {
        this.logger.error(`game ${gameId}: the board update stopped on an error`, error);
        this.notifyIfIdle();
      });
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
    // Only the click whose move this flush draws; a click that comes while it runs is answered by answerNow.
    const mover = feed.mover;
    feed.flushMover = mover;
    try {
      await this.publish(update, events, feed);
      feed.failures = 0;
      feed.paused = false;
    } catch (error) {
      this.handleFailure(gameId, feed, update, events, error);
      if (feed.paused) await this.tellPaused(update.game, feed);
    } finally {
      feed.running = false;
      // A click whose board was not drawn (a failure, a re-posted board) is still answered.
      feed.flushMover = null;
      if (mover !== null && feed.mover === mover) this.releaseMover(feed);
    }
    if (feed.latest)
      this.schedule(
        gameId,
        feed,
        feed.paused
          ? this.options.pausedRetryMs
          : feed.failures > 0
            ? this.retryDelay(feed)
            : feed.pendingDelayMs,
      );
    else if (update.finished && feed.timer === null) this.feeds.delete(gameId);
    this.notifyIfIdle();
  }

  private retryDelay(feed: GameFeed): number {
    return Math.min(this.options.maxRetryMs, this.options.retryMs * 2 ** Math.min(feed.failures - 1, 16));
  }

  private handleFailure(
    gameId: string,
    feed: GameFeed,
    update: GameUpdate,
    events: unknown[],
    error: unknown,
  ): void {
    if (!feed.latest) feed.latest = update;
    feed.events = [...events, ...feed.events];
    if (isPermanent(error)) {
      const why = isMissingAccess(error)
        ? this.missingHere(update.game.channelId)
        : isClosedThread(error)
          ? 'the thread is archived or locked'
          : 'the channel is gone';
      if (!feed.paused)
        this.logger.warn(`game ${gameId}: posting paused in channel ${update.game.channelId}: ${why}`);
      feed.paused = true;
      if (feed.pause === null) feed.pause = { reason: why, told: false, noticeId: null };
      return;
    }
    feed.failures += 1;
    this.logger.warn(
      `game ${gameId}: board update failed (attempt ${feed.failures}), will retry`,
      error instanceof Error ? error.message : error,
    );
  }

  /** Why the game's posting is paused ("I am missing …"), or null when it is not. */
  pausedReason(gameId: string): string | null {
    return this.feeds.get(gameId)?.pause?.reason ?? null;
  }

  private parentOf(channelId: string): string | null {
    const channel = this.client.channels.cache.get(channelId);
    return channel?.isThread() ? channel.parentId : null;
  }

  /** The bot's permissions in a channel (a thread's are its parent's), or null when unknown. */
  private grantedIn(channelId: string) {
    const channel = this.client.channels.cache.get(channelId);
    const me = this.client.user;
    const granted = channel && me && 'permissionsFor' in channel ? channel.permissionsFor(me) : null;
    return { channel, granted, inThread: channel?.isThread() ?? false };
  }

  /** What the bot lacks in the channel, as its permissions there say. */
  private missingHere(channelId: string): string {
    const { granted, inThread } = this.grantedIn(channelId);
    const missing = missingPermissionNames(granted, inThread);
    return missing.length > 0
      ? `I am missing ${describeMissing(missing)}`
      : 'I have no access to the channel';
  }

  /**
   * Tells the channel once that the game is paused, when the bot can still write there (it lost Attach Files or
   * Embed Links, not Send Messages); otherwise players learn it from the game's commands.
   */
  private async tellPaused(game: GameRecord, feed: GameFeed): Promise<void> {
    const pause = feed.pause;
    if (!pause || pause.told) return;
    pause.told = true;
    const { channel, granted, inThread } = this.grantedIn(game.channelId);
    const send = inThread ? 'SendMessagesInThreads' : 'SendMessages';
    const closedThread = channel?.isThread() && (channel.archived || channel.locked);
    const canWrite = !closedThread && (granted?.has(['ViewChannel', send]) ?? false);
    if (!canWrite || !channel?.isSendable()) return;
    const module = this.service.games.require(game.gameKey);
    try {
      const sent = await channel.send({
        content: `⚠️ ${module.title} is paused here: ${pause.reason} in this channel. The game goes on by itself as soon as a server admin grants ${pause.reason.includes('missing') ? 'it' : 'access'}.`,
        allowedMentions: { parse: [] },
      });
      pause.noticeId = sent.id;
    } catch (error) {
      this.logger.debug(`game ${game.id}: could not tell the channel it is paused`, describe(error));
    }
  }

  /** Posting works again: the pause notice goes. */
  private async endPause(channel: SendableChannels, gameId: string, feed: GameFeed): Promise<void> {
    const notice = feed.pause?.noticeId ?? null;
    feed.pause = null;
    if (notice) await this.deleteQuietly(channel, gameId, notice);
  }

  private async publish(update: GameUpdate, events: unknown[], feed: GameFeed): Promise<void> {
    await feed.answering;
    const game = this.service.getGame(update.game.id) ?? update.game;
    const channel = await this.client.channels.fetch(game.channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${game.channelId} cannot receive messages`);
    const module = this.service.games.require(game.gameKey);
    if (feed.shownVersion !== update.game.version || !game.boardMessageId) {
      feed.boardStage = this.drawBoard(channel, game, update, events, feed, module);
      try {
        await feed.boardStage;
      } finally {
        feed.boardStage = null;
      }
    }
    await this.endPause(channel, game.id, feed);
    await this.updateTurnNotice(channel, this.service.getGame(game.id) ?? game, update, feed, module);
    if (update.finished && update.placings && !game.summaryPosted && game.endReason !== 'cancelled') {
      const summary = await summaryPayload(module, game, update.state, update.placings, this.renderer);
      await this.tracked.post(channel, game.id, 'summary', postNonce('summary', game.id, 0), {
        ...summary,
        components: finishedButtons(module, game.id),
      });
    }
    await this.settleUnconfirmedPosts(game.id);
    if (update.finished) this.service.messages.settle(game.id);
  }

  private async drawBoard(
    channel: SendableChannels,
    game: GameRecord,
    update: GameUpdate,
    events: unknown[],
    feed: GameFeed,
    module: AnyGameModule,
  ): Promise<void> {
    const payload = await boardPayload(
      {
        module,
        // The game as it was at this update (its version, seats and status go with its state).
        game: update.game,
        state: update.state,
        recentEvents: events,
        recentLines: feed.lines ?? [],
        placings: update.placings,
      },
      this.renderer,
    );
    const humanNext = !update.finished && update.next?.human === true;
    await this.showBoard(channel, game, payload, humanNext, feed);
    feed.shownVersion = update.game.version;
  }

  /**
   * Posts of this game whose outcome Discord never confirmed (a 5xx may still have posted them) and that the
   * game no longer wants (a turn passed, the game ended): found by their nonce and removed.
   */
  private async settleUnconfirmedPosts(gameId: string): Promise<void> {
    for (const entry of this.service.messages.pendingFor(gameId)) {
      if (entry.kind === 'board' || entry.kind === 'notice') await this.resolvePost(entry);
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
    feed: GameFeed,
  ): Promise<void> {
    const fresh = this.freshBoard(game);
    const buried = humanNext && fresh && (await this.isBuried(channel, game));
    if (game.boardMessageId && fresh && !buried) {
      const edit = { ...payload, content: '', attachments: [] };
      if (await this.answerMover(feed, game.boardMessageId, edit, feed.flushMover)) return;
      try {
        await channel.messages.edit(game.boardMessageId, edit);
        return;
      } catch (error) {
        if (isTooOldToEdit(error)) {
          this.logger.info(`game ${game.id}: Discord refuses more edits of the old board, posting a new one`);
          await this.deferMover(feed, feed.flushMover);
          await this.deleteQuietly(channel, game.id, game.boardMessageId);
        } else if (isUnknownMessage(error)) {
          this.logger.info(`game ${game.id}: the board message was deleted, posting a new one`);
        } else throw error;
      }
    } else if (game.boardMessageId) {
      // The click on the old board is answered before the board it sits on goes.
      await this.deferMover(feed);
      await this.deleteQuietly(channel, game.id, game.boardMessageId);
    }
    await this.tracked.post(channel, game.id, 'board', postNonce('board', game.id, game.version), payload);
  }

  /** Draws the board as the answer to the mover's click, when the click was on this board. */
  private async answerMover(
    feed: GameFeed,
    boardMessageId: string,
    edit: MessagePayload,
    only: MoverAnswer | null,
  ): Promise<boolean> {
    // When the board does not reach the click's message this way, it goes by an ordinary edit.
    return (await this.claimMover(feed, boardMessageId, only)?.showBoard(edit)) ?? false;
  }

  /** Whether the board message is young enough to be edited (Discord limits edits of old messages). */
  private freshBoard(game: GameRecord): boolean {
    const age = this.options.now() - (game.boardPostedAt ?? -Infinity);
    return age < this.options.maxBoardAgeMs;
  }

  /** Whether the board is known, without a request, to be near the bottom of its channel. */
  private knownNotBuried(game: GameRecord): boolean {
    const board = game.boardMessageId;
    if (!board) return false;
    const watched = this.watchingSince !== null && BigInt(board) > this.watchingSince;
    if (!watched && !this.seededChannels.has(game.channelId)) return false;
    return this.messagesAfter(game, board) < this.options.buriedAfter;
  }

  private messagesAfter(game: GameRecord, board: string): number {
    const after = (this.recentMessages.get(game.channelId) ?? []).filter(
      (id) => id !== game.turnNoticeMessageId && BigInt(id) > BigInt(board),
    );
    return new Set(after).size;
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
    return this.messagesAfter(game, board) >= this.options.buriedAfter;
  }

  private async seedChannel(channel: SendableChannels, channelId: string, board: string): Promise<boolean> {
    try {
      const after = await channel.messages.fetch({ after: board, limit: RECENT_MESSAGES, cache: false });
      const others = [...after.values()].filter((message) => message.author.id !== this.client.user?.id);
      for (const id of others.map((message) => message.id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)))
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

  /** Keeps, for every seat, the lines since its player's own last move. */
  private rememberLines(feed: GameFeed, update: GameUpdate): void {
    const seats = update.game.seats.map((seat) => seat.index);
    const ownMove = update.actor !== null && update.actor.kind !== 'computer';
    feed.sinceLastTurn.add(update.lines, update.seat, ownMove, seats);
  }

  private async updateTurnNotice(
    channel: SendableChannels,
    game: GameRecord,
    update: GameUpdate,
    feed: GameFeed,
    module: AnyGameModule,
  ): Promise<void> {
    const next = update.finished ? null : update.next;
    const wanted = next?.human && next.userId ? noticeNonce(game, feed.turnKey, next.seat) : null;
    const shown = game.turnNoticeMessageId ? game.turnNoticeKey : null;
    if (wanted !== null && wanted === shown) return;
    if (game.turnNoticeMessageId) await this.deleteQuietly(channel, game.id, game.turnNoticeMessageId);
    if (wanted === null || !next?.userId) return;
    const board = game.boardMessageId
      ? ` The board: https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`
      : '';
    const hint = turnHint(module, update.state, next.seat);
    const since = sinceLastTurnText(feed.sinceLastTurn.othersFor(next.seat));
    await this.tracked.post(channel, game.id, 'notice', wanted, {
      content: `<@${next.userId}>, your turn in ${module.title} — ${hint}.${board}${since}`.slice(0, 2000),
      allowedMentions: { users: [next.userId] },
    });
  }

  /** Deletes a message of the game (a failed delete is kept and retried, never forgotten). */
  private async deleteQuietly(channel: SendableChannels, gameId: string, messageId: string): Promise<void> {
    this.forgetMessage(channel.id, messageId);
    await this.tracked.delete(channel, gameId, messageId);
  }
}

/** How long Discord returns a message for its nonce (it says "a few minutes"; we count on less). */
const NONCE_LIFETIME_MS = 2 * 60_000;

/**
 * The nonce of a turn mention: the seat and the version its turn began at. After a restart the seat that is
 * still to act keeps the mention it has.
 */
function noticeNonce(game: GameRecord, turnKey: string | null, seat: number): string {
  const [keySeat, keyVersion] = (turnKey ?? '').split(':');
  if (keySeat === String(seat) && keyVersion !== undefined) return `n${seat}.${keyVersion}.${game.id}`;
  if (game.turnNoticeMessageId && game.turnNoticeKey?.startsWith(`n${seat}.`)) return game.turnNoticeKey;
  return `n${seat}.${game.version}.${game.id}`;
}

function describe(error: unknown): unknown {
  return error instanceof Error ? error.message : error;
}
