/**
 * What one flush of a game's feed does in its channel: draws the board and edits it in place (or posts it anew
 * when it is old, deleted or buried), ends a posting pause, keeps the turn mention, posts the summary at the end,
 * and settles posts Discord never confirmed; a failure is a retry or a pause. Also answers a mover's click.
 */
import type { Client, SendableChannels } from 'discord.js';
import type { AnyGameModule } from '../../games/contract';
import type { Logger } from '../../logger';
import type { GameInfo, OutboxEntry, PublicUpdate } from '../../service/index';
import type { Renderer } from '../../workers/render-pool';
import { finishedButtons } from '../archive-views';
import { isPermanent, isTooOldToEdit, isUnknownMessage } from '../discord-errors';
import type { MoverAnswer } from './mover-answer';
import { postNonce, type OutboxRelay } from './outbox-relay';
import type { MessagePayload } from '../views';
import { boardBehind, boardImage, flushImages, personToAct, renderOrder, showVersion } from './flush-images';
import type { BuriedBoardWatch } from './buried-board';
import { ChannelMentions } from './channel-mentions';
import type { FeedBatch, FlushOutcome, GameFeed } from './game-feed';
import type { MoverClicks } from './mover-clicks';
import { gameTitle, languageOf } from '../game-words';
import { describeError, type PublisherOptions } from './options';
import type { PostingPauses } from './posting-pauses';
import type { PublishingRecords } from './records';
import type { TurnMentions } from './turn-mentions';
import type { TokenRoutes } from './token-routes';

/** One followed game's parts. */
export interface FollowedGame {
  feed: GameFeed;
  movers: MoverClicks;
  turns: TurnMentions;
  /** The game version the board message shows (drawn by a flush or in answer to a mover's click). */
  shownVersion: number | null;
}

export interface BoardPostingParts {
  client: Client;
  records: PublishingRecords;
  renderer: Renderer;
  relay: OutboxRelay;
  /** The game's live interaction tokens, when the service keeps them: edits go through them first. */
  routes?: TokenRoutes | null;
  buried: BuriedBoardWatch;
  pauses: PostingPauses;
  logger: Logger;
  options: Pick<PublisherOptions, 'clock' | 'maxBoardAgeMs'>;
  /** Settles a post a crash (or a lost answer) left unconfirmed. */
  resolvePost: (entry: OutboxEntry) => Promise<void>;
  /** Told when a game's board message shows a new version (before the flush's turn mention and summary). */
  boardShown: (gameId: string) => void;
  /** Told when a flush has drawn the board of `version` (before it is sent: settling jobs wait no longer). */
  boardDrawn?: (gameId: string, version: number) => void;
  /** Whether a settling job (after a start or a takeover) waits for the game's board. */
  settlingWaits?: (gameId: string) => boolean;
}

export class BoardPosting {
  private readonly channelMentions: ChannelMentions;

  constructor(private readonly parts: BoardPostingParts) {
    this.channelMentions = new ChannelMentions({
      records: parts.records,
      relay: parts.relay,
      resolvePost: parts.resolvePost,
      deleteMessage: (channel, gameId, messageId) => this.deleteQuietly(channel, gameId, messageId),
    });
  }

  /**
   * One flush of the game's feed: the batch shown, or failed for now (retried), or paused (the channel is lost
   * to the bot: the pause is noted and the channel told).
   */
  async flush(
    gameId: string,
    followed: FollowedGame,
    batch: FeedBatch,
    rendered: () => void = () => {},
  ): Promise<FlushOutcome> {
    // Only the click whose move this flush draws; a click that comes while it runs is answered by answerMover.
    const drawn = followed.movers.current();
    try {
      await this.publish(batch.update, batch.events, followed, drawn, rendered);
      return 'published';
    } catch (error) {
      rendered();
      // Stopped while it waited on Discord: what failed since (the closed database) is for the next start.
      if (this.parts.relay.isClosed) return 'failed';
      if (!isPermanent(error)) {
        const attempt = followed.feed.failedAttempts + 1;
        this.parts.logger.warn(
          `game ${gameId}: board update failed (attempt ${attempt}), will retry`,
          describeError(error),
        );
        return 'failed';
      }
      const game = batch.update.game;
      this.parts.pauses.begin(game, error, followed.feed.paused);
      const language = languageOf(game);
      await this.parts.pauses.tell(
        game,
        gameTitle(this.parts.records.module(game.gameKey), language),
        language,
      );
      return 'paused';
    } finally {
      // A click whose board was not drawn (a failure, a re-posted board) is still answered.
      followed.movers.flushEnded(drawn);
    }
  }

  /**
   * Shows `update` in its channel; `drawn` is the click whose move it draws, if any; `rendered` is told once
   * its images are drawn, before anything waits on Discord. Throws what Discord refused.
   */
  private async publish(
    update: PublicUpdate,
    events: unknown[],
    followed: FollowedGame,
    drawn: MoverAnswer | null,
    rendered: () => void,
  ) {
    const { records, client } = this.parts;
    const module = records.module(update.game.gameKey);
    const render = renderOrder(update, drawn, this.parts.settlingWaits?.(update.game.id) ?? false);
    // A click being answered draws the board itself (answerMover): drawing it here too would draw it twice.
    await followed.movers.answered();
    const game = (await records.game(update.game.id)) ?? update.game;
    const images = await flushImages(this.parts.renderer, game, update, events, followed, module, render);
    rendered();
    this.parts.boardDrawn?.(update.game.id, update.game.version);
    // The board drawn above, or drawn now if the message no longer shows the version it showed then.
    const board = async () =>
      images.board ?? boardImage(this.parts.renderer, update, events, followed, module, render);
    const channel = await client.channels.fetch(game.channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${game.channelId} cannot receive messages`);
    // A board or mention an earlier process posted but never recorded (it died, or its shards passed here), and
    // one it was deleting, go before this one posts its own, so that the channel never shows two; one with the
    // nonce about to be posted is the very message the post will find again.
    await this.settleUnconfirmedPosts(
      game.id,
      [
        postNonce('board', game.id, game.version),
        followed.turns.plan(game, update, module).post?.nonce ?? null,
      ],
      true,
    );
    if (boardBehind(followed, update, game))
      await followed.movers.drawBoard(
        this.drawBoard(channel, game, update, followed, drawn, board),
        update.game.version,
      );
    const notice = this.parts.pauses.end(game.id);
    if (notice) await this.deleteQuietly(channel, game.id, notice);
    await this.updateTurnMention(channel, (await records.game(game.id)) ?? game, update, followed, module);
    // Drawn above when the update ends the game and no summary was posted; one an earlier process posted but
    // never recorded is the game's once found (settled above).
    if (images.summary && !(await records.game(game.id))?.summaryPosted)
      await this.parts.relay.post(channel, game.id, 'summary', postNonce('summary', game.id, 0), {
        ...images.summary,
        components: finishedButtons(module, game.id, undefined, languageOf(game)),
      });
    await this.settleUnconfirmedPosts(game.id);
    if (update.finished) await records.outbox.settle(game.id);
  }

  /** Draws the pending update on the board as the answer to the mover's click, when the board can be edited. */
  async answerMover(gameId: string, followed: FollowedGame): Promise<void> {
    // The running flush's board goes first (its failure is that flush's to handle).
    await followed.movers.boardOut();
    const pending = followed.feed.pending;
    const game = await this.parts.records.game(gameId);
    if (!pending || !game?.boardMessageId || !this.freshBoard(game)) return;
    const { update, events } = pending;
    const humanNext = personToAct(update);
    if (humanNext && this.parts.buried.isBuried(game)) return;
    try {
      const module = this.parts.records.module(game.gameKey);
      // A person is to see this board soon: at least urgent, even if the click was deferred meanwhile.
      const render = renderOrder(update, followed.movers.current(), false) ?? { urgent: true };
      const payload = await boardImage(this.parts.renderer, update, events, followed, module, render);
      const edit = { ...payload, content: '', attachments: [] };
      if (await followed.movers.showBoard(game.boardMessageId, edit, update.game.version)) {
        showVersion(followed, update.game.version);
        this.parts.boardShown(gameId);
      }
    } catch (error) {
      this.parts.logger.debug(`game ${gameId}: could not draw the board for the mover`, describeError(error));
    }
  }

  /** Deletes a message of the game (a failed delete is kept and retried, never forgotten). */
  async deleteQuietly(channel: SendableChannels, gameId: string, messageId: string): Promise<void> {
    this.parts.buried.forgetMessage(channel.id, messageId);
    await this.parts.relay.delete(channel, gameId, messageId);
  }

  private async drawBoard(
    channel: SendableChannels,
    game: GameInfo,
    update: PublicUpdate,
    followed: FollowedGame,
    drawn: MoverAnswer | null,
    board: () => Promise<MessagePayload>,
  ): Promise<void> {
    const humanNext = personToAct(update);
    const shown = { version: update.game.version, humanNext };
    await this.showBoard(channel, game, await board(), shown, followed.movers, drawn);
    showVersion(followed, update.game.version);
    this.parts.boardShown(game.id);
  }

  /**
   * Edits the board in place, or posts it anew (retiring the old one) when it is old, was deleted, or, when a
   * human is to act, is buried under other messages so that the player would have to scroll up for it.
   */
  private async showBoard(
    channel: SendableChannels,
    game: GameInfo,
    payload: MessagePayload,
    { version, humanNext }: { version: number; humanNext: boolean },
    movers: MoverClicks,
    drawn: MoverAnswer | null,
  ): Promise<void> {
    const { logger, relay } = this.parts;
    const fresh = this.freshBoard(game);
    const buried = humanNext && fresh && this.parts.buried.isBuried(game);
    if (game.boardMessageId && fresh && !buried) {
      const edit = { ...payload, content: '', attachments: [] };
      if (await movers.showBoard(game.boardMessageId, edit, version, drawn)) return;
      try {
        // A newer click was answered with its own board meanwhile: this older one must not go over it.
        if (movers.overtaken(version)) return;
        // Through a live token that reaches the board, else (none, or Discord refused it) the channel route.
        if (await this.parts.routes?.edit(game.id, game.boardMessageId, edit)) return;
        if (movers.overtaken(version)) return;
        await channel.messages.edit(game.boardMessageId, edit);
        return;
      } catch (error) {
        if (isTooOldToEdit(error)) {
          logger.info(`game ${game.id}: Discord refuses more edits of the old board, posting a new one`);
          await movers.defer(drawn);
          await this.deleteQuietly(channel, game.id, game.boardMessageId);
        } else if (isUnknownMessage(error)) {
          logger.info(`game ${game.id}: the board message was deleted, posting a new one`);
        } else throw error;
      }
    } else if (game.boardMessageId) {
      // The click on the old board is answered before the board it sits on goes.
      await movers.defer();
      await this.deleteQuietly(channel, game.id, game.boardMessageId);
    }
    await relay.post(channel, game.id, 'board', postNonce('board', game.id, game.version), payload);
  }

  private async updateTurnMention(
    channel: SendableChannels,
    game: GameInfo,
    update: PublicUpdate,
    followed: FollowedGame,
    module: AnyGameModule,
  ): Promise<void> {
    const plan = followed.turns.plan(game, update, module);
    if (plan.remove) await this.deleteQuietly(channel, game.id, plan.remove);
    if (!plan.post) return;
    // A closed game's mention goes before this one is posted: the channel never shows two.
    await this.channelMentions.clearOthers(channel, game.id);
    await this.parts.relay.post(channel, game.id, 'notice', plan.post.nonce, {
      content: plan.post.content,
      allowedMentions: { users: [plan.post.userId] },
    });
  }

  /**
   * Posts of this game whose outcome Discord never confirmed (a 5xx may still have posted them) and that the
   * game no longer wants (a turn passed, the game ended): found by their nonce and removed; a summary found is
   * kept as the game's. With `deletes`, the deletes an earlier process left unfinished too (before this one
   * posts, so that its old mention is gone).
   */
  private async settleUnconfirmedPosts(
    gameId: string,
    keep: readonly (string | null)[] = [],
    deletes = false,
  ): Promise<void> {
    for (const entry of await this.parts.records.outbox.pendingFor(gameId)) {
      // A follow-up has no nonce that finds it again: its leftover is settled before anything is posted.
      if (entry.nonce !== null && keep.includes(entry.nonce) && entry.token === null) continue;
      if (entry.kind === 'board' || entry.kind === 'notice' || entry.kind === 'summary')
        await this.parts.resolvePost(entry);
      else if (deletes && entry.kind === 'delete') await this.parts.relay.tryDelete(entry);
    }
  }

  /** Whether the board message is young enough to be edited (Discord limits edits of old messages). */
  private freshBoard(game: GameInfo): boolean {
    const age = this.parts.options.clock.now() - (game.boardPostedAt ?? -Infinity);
    return age < this.parts.options.maxBoardAgeMs;
  }
}
