/**
 * Keeps one live board message per game: it hands the service's updates to each game's parts (followed-game.ts:
 * its feed, game-feed.ts, shown through board-posting.ts; its movers' clicks, answered by click-answers.ts; its
 * turn mentions), beside posting pauses, the buried-board watch and settling the channels after a start
 * (channel-sync.ts, board-redraws.ts).
 */
import type { Language } from '../../i18n/index';
import type { Client, MessageComponentInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import type { PublicUpdate, ServiceGate } from '../../service/index';
import { EVERY_GAME, type GameOwnership } from '../../service/context';
import { UrgentChannels } from './request-budget';
import type { Renderer } from '../../workers/render-pool';
import { BoardPosting, type FollowedGame } from './board-posting';
import { personToAct } from './flush-images';
import { BoardRedraws } from './board-redraws';
import { BuriedBoardWatch, discordMessagesAfter, watchGateway } from './buried-board';
import { ChannelResumes } from './channel-resumes';
import { ChannelSync } from './channel-sync';
import { DEFAULT_PUBLISHER_OPTIONS, describeError, type PublisherOptions } from './options';
import { discordPauseChannels, PostingPauses, wakeOnPermissionChanges, wakePaused } from './posting-pauses';
import { serviceRecords, type PublishingRecords } from './records';
import { newFollowedGame } from './followed-game';
import { ClickAnswers } from './click-answers';
import { TokenRoutes } from './token-routes';
import { RedrawPace } from './redraw-pace';
import { redrawKind, RedrawSlots } from './redraw-slots';
import { SettlingQueue } from './settling-queue';
import { OutboxRelay } from './outbox-relay';
import { IdleWaiters } from './idle-waiters';

export { DEFAULT_PUBLISHER_OPTIONS, type PublisherOptions } from './options';

export class BoardPublisher {
  private readonly games = new Map<string, FollowedGame>();
  private readonly options: PublisherOptions;
  private readonly records: PublishingRecords;
  private readonly relay: OutboxRelay;
  private readonly buried: BuriedBoardWatch;
  private readonly pauses: PostingPauses;
  private readonly posting: BoardPosting;
  private readonly channelSync: ChannelSync;
  private readonly clicks: ClickAnswers;
  /** The channels to bring up to date after a start, a few at a time. */
  private readonly settling: SettlingQueue;
  /** Settling jobs waiting for their game's board to be drawn. */
  private readonly redraws = new BoardRedraws(this.games, () => this.stopped);
  private readonly idleWaiters = new IdleWaiters(() => !this.isIdle());
  private readonly resumes: ChannelResumes;
  /** The games' messages through their live interaction tokens (null: the service keeps none). */
  readonly routes: TokenRoutes | null;
  private readonly pace: RedrawPace;
  /** The cap on the redraws nobody waits on that run at once. */
  private readonly slots: RedrawSlots;
  private stopped = false;

  constructor(
    private readonly client: Client,
    private readonly service: ServiceGate,
    renderer: Renderer,
    private readonly logger: Logger,
    options: Partial<PublisherOptions> = {},
    /** The games this process publishes for after a start or a change of shards (default: every game). */
    private readonly ownership: GameOwnership = EVERY_GAME,
    /** Marked here: the channels where a person is to act, whose requests go before the others. */
    private readonly urgent: UrgentChannels = new UrgentChannels(),
  ) {
    this.options = { ...DEFAULT_PUBLISHER_OPTIONS, ...options };
    this.pace = new RedrawPace(this.options);
    this.slots = new RedrawSlots(this.options.backgroundRedraws);
    const records = serviceRecords(service);
    // The interaction tokens the games' messages go through (null: the service keeps none, or they are off).
    const tokens = this.options.interactionTokens ? (records.tokens ?? null) : null;
    const routes = tokens ? new TokenRoutes({ client, tokens, logger, clock: this.options.clock }) : null;
    this.routes = routes;
    const relay = new OutboxRelay(client, records, logger, this.options, routes);
    this.relay = relay;
    this.records = records;
    this.buried = new BuriedBoardWatch(this.options, discordMessagesAfter(client, logger));
    this.pauses = new PostingPauses(discordPauseChannels(client), logger);
    const shared = { client, records, renderer, relay, routes, logger, options: this.options };
    this.channelSync = new ChannelSync(shared);
    this.posting = new BoardPosting({
      ...shared,
      buried: this.buried,
      pauses: this.pauses,
      resolvePost: (entry) => this.channelSync.resolvePost(entry),
      boardShown: () => this.redraws.release(),
      boardDrawn: (gameId, version) => this.redraws.rendered(gameId, version),
      settlingWaits: (gameId) => this.redraws.awaited(gameId),
    });
    this.clicks = new ClickAnswers({
      records,
      logger,
      ownership,
      refresh: { ...shared, boardShown: () => this.redraws.release() },
      slots: this.slots,
      tokens,
      follow: (gameId) => this.follow(gameId),
      answerMover: (gameId, followed) => this.posting.answerMover(gameId, followed),
      settled: () => this.notifyIfIdle(),
    });
    this.settling = new SettlingQueue(
      this.options.settlingConcurrency,
      (gameId) => this.sync(gameId),
      (gameId, error) =>
        logger.warn(`game ${gameId}: could not bring its channel up to date`, describeError(error)),
      () => this.notifyIfIdle(),
      { gapMs: this.options.settlingGapMs, clock: this.options.clock },
    );
    this.resumes = new ChannelResumes({
      records,
      relay,
      channelSync: this.channelSync,
      settling: this.settling,
      urgent,
      ownership,
      logger,
      resolved: () => this.notifyIfIdle(),
    });
  }

  /** Starts listening to the service; returns the function that stops it. */
  attach(): () => void {
    const stopWatching = watchGateway(this.client, this.buried, this.options.clock.now());
    const stopWaking = wakeOnPermissionChanges(
      this.client,
      (where) => void wakePaused(this.games, (gameId) => this.records.game(gameId), where, this.logger),
    );
    // A tournament's games show no board: the tournament's standings message shows them (bot/tournament.ts).
    const detach = this.service.on('update', (update) => {
      if (!update.game.options.tournament) this.enqueue(update);
    });
    return () => {
      detach();
      stopWaking();
      stopWatching();
    };
  }

  /** Draws the update soon (`delayMs`, default: publishing/redraw-pace.ts: at once for a player's move). */
  enqueue(update: PublicUpdate, delayMs?: number): void {
    const followed = this.follow(update.game.id);
    if (followed.feed.outdated(update)) return;
    followed.turns.note(update);
    this.urgent.mark(update.game.channelId, personToAct(update));
    followed.feed.offer(update, delayMs ?? this.pace.delay(update, this.options.clock.now()));
    this.slots.hurry(update.game.id, redrawKind(update, this.awaited(update.game.id, followed)));
    this.redraws.noteUpdate(update.game.id);
  }

  /** The click that made the game's latest move: answered with the redrawn board (click-answers.ts). */
  answerMoveWith(gameId: string, interaction: MessageComponentInteraction, drawnVersion?: number): void {
    this.clicks.answerMoveWith(gameId, interaction, drawnVersion);
  }

  /** A click on a stale control of the game's board message: false when it is not one (click-answers.ts). */
  refreshFor(gameId: string, interaction: MessageComponentInteraction): Promise<boolean> {
    return this.clicks.refreshFor(gameId, interaction);
  }

  /**
   * A private reply to `userId` in the channel, answering the interaction `interactionId`: it sits below the
   * board, so the board is posted again at the bottom at the next move (see BuriedBoardWatch).
   */
  notePrivateReply(channelId: string, userId: string, interactionId: string): () => void {
    return this.buried.notePrivateReply(channelId, userId, interactionId);
  }

  /** Why the game's posting is paused ("I am missing …"), or null when it is not. */
  pausedReason(gameId: string, language?: Language): string | null {
    return this.pauses.reason(gameId, language);
  }

  /**
   * After a (re)start, or gaining shards (the guilds `only` names): settles what a crash left in the outbox and
   * brings the owned games' channels to what the database implies (publishing/channel-resumes.ts).
   */
  resume(only: (guildId: string) => boolean = () => true): Promise<void> {
    return this.resumes.resume(only);
  }

  /** Lost shards: their games are drawn from here no more (what they owe stays in the outbox for the next owner). */
  async dropUnowned(): Promise<void> {
    const unowned: string[] = [];
    for (const gameId of [...this.games.keys()]) {
      const game = await this.records.game(gameId);
      if (game !== null && !this.ownership.ownsGuild(game.guildId)) unowned.push(gameId);
    }
    if (unowned.length > 0) this.forget(unowned);
  }

  /** Stops drawing these games for good: their channel is gone (nothing is owed there any more). */
  forget(gameIds: readonly string[]): void {
    for (const gameId of gameIds) {
      const followed = this.games.get(gameId);
      followed?.feed.stop();
      followed?.movers.release();
      this.games.delete(gameId);
      this.pauses.forget(gameId);
      this.pace.forget(gameId);
      this.slots.cancel(gameId);
    }
    this.notifyIfIdle();
  }

  /** Stops every timer (what is still owed stays in the database for the next start). */
  stop(): void {
    this.stopped = true;
    this.settling.stop();
    this.slots.stop();
    this.relay.close();
    this.channelSync.close();
    for (const { feed, movers } of this.games.values()) {
      feed.stop();
      movers.release();
    }
    this.notifyIfIdle();
  }

  /** Resolves once every pending board change has been sent (or given up). */
  idle(): Promise<void> {
    return this.idleWaiters.wait();
  }

  private isIdle(): boolean {
    if (this.resumes.busy || !this.settling.isIdle()) return false;
    for (const { feed, movers } of this.games.values()) if (feed.busy || movers.busy) return false;
    return true;
  }

  /** Redraws a game from the database: lobby, closed lobby, board, turn mention and summary. */
  private async sync(gameId: string): Promise<void> {
    const game = await this.records.game(gameId);
    if (!game || game.options.tournament) return;
    if (game.state === null) return this.channelSync.redrawLobby(game);
    const update = await this.records.currentUpdate(gameId);
    // Nothing to coalesce with: the settling job draws at once and frees its place in the queue sooner.
    if (update) await this.redraws.redrawn(update, () => this.enqueue(update, 0));
  }

  private notifyIfIdle(): void {
    this.redraws.release();
    this.idleWaiters.check();
  }

  /** A click or a settling job (bounded by settlingConcurrency) waits for the game's board: it takes no slot. */
  private awaited(gameId: string, followed: FollowedGame): boolean {
    return followed.movers.hasClick || this.redraws.awaited(gameId);
  }

  /** The game's parts, made when it is first seen. */
  private follow(gameId: string): FollowedGame {
    const known = this.games.get(gameId);
    if (known) return known;
    const followed: FollowedGame = newFollowedGame(gameId, {
      logger: this.logger,
      options: this.options,
      records: this.records,
      admit: (update) => this.slots.enter(gameId, redrawKind(update, this.awaited(gameId, followed))),
      flush: (batch, rendered) => {
        this.pace.drawn(gameId, this.options.clock.now());
        return this.posting.flush(gameId, followed, batch, rendered);
      },
      settled: () => this.notifyIfIdle(),
      finished: () => {
        this.pace.forget(gameId);
        this.games.delete(gameId);
        this.pauses.forget(gameId);
      },
    });
    if (this.stopped) followed.feed.stop();
    this.games.set(gameId, followed);
    return followed;
  }
}
