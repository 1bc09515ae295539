import {
  DiscordAPIError,
  type Client,
  type Message,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import type { LogFields, Logger } from '../../logger';
import { realClock, type Clock, type PostKind, type TimerHandle } from '../../service/index';
import type { OutboxEntry } from '../../service/index';
import { isMissingAccess, isRefusal, isUnknownMessage } from '../discord-errors';
import { findLobbyReply } from './leftover-messages';
import type { PublishingRecords } from './records';
import type { TokenRoutes } from './token-routes';
import { PostsUnderWay } from './posts-under-way';

/** Discord keeps a message's nonce (with enforce_nonce) for a few minutes, and nonces are at most 25 characters. */
export function postNonce(kind: PostKind, gameId: string, version: number): string {
  return `${kind[0]}${version}.${gameId}`.slice(0, 25);
}

export interface OutboxRelayOptions {
  /** First wait before a failed delete is tried again (doubles, up to `maxRetryMs`). */
  retryMs: number;
  maxRetryMs: number;
  /** The retry timers' clock (default: the real one). */
  clock?: Clock;
}

/** Games whose outbox entries a start settles at once (a takeover may find hundreds, each waiting on Discord). */
const RESOLVED_AT_ONCE = 8;

/**
 * The bot's side of the outbox: posts and deletes a game's messages through the service's outbox, so that a
 * crash or a lost answer never leaves a message the database does not know: a post is written down with its
 * nonce before it is sent and sent with `enforce_nonce` (a retry, by the REST client or after a restart, gets
 * the same message back); a delete is written down until Discord confirms it, and retried with backoff.
 */
export class OutboxRelay {
  private readonly retryTimers = new Map<number, TimerHandle>();
  /** The posts being sent now, and follow-ups whose attempt got no answer lately. */
  readonly underWay: PostsUnderWay;
  private closed = false;

  private get clock(): Clock {
    return this.options.clock ?? realClock;
  }

  constructor(
    private readonly client: Client,
    /** The game records and the outbox (the only store access). */
    private readonly records: Pick<PublishingRecords, 'game' | 'outbox'>,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
    /** The game's live interaction tokens: posts go as their follow-ups and deletes through them when they can. */
    private readonly routes: TokenRoutes | null = null,
  ) {
    this.underWay = new PostsUnderWay(this.clock);
  }

  /** Posts `payload` as the game's `kind` message and records it on the game. */
  async post(
    channel: SendableChannels,
    gameId: string,
    kind: PostKind,
    nonce: string,
    payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>,
  ): Promise<Message> {
    const outbox = this.records.outbox;
    // An earlier attempt of this very post in the channel whose outcome is unknown: sent again there with its
    // nonce, so that Discord returns the message if it was posted. A follow-up instead would post a second.
    const earlier = (await outbox.pendingFor(gameId)).find(
      (pending) => pending.kind === kind && pending.nonce === nonce && pending.token === null,
    );
    if (!earlier) {
      const followedUp = await this.postAsFollowUp(channel, gameId, kind, nonce, payload);
      if (followedUp) return followedUp;
    }
    const entry = earlier ?? (await outbox.beginPost(gameId, channel.id, kind, nonce));
    return this.underWay.sending(entry, channel.id, async () => {
      let message: Message;
      try {
        message = await channel.send({ ...payload, nonce, enforceNonce: true });
      } catch (error) {
        // Refused by Discord: nothing was posted. Any other failure may have posted it: the entry stays.
        if (isRefusal(error)) await outbox.clear(entry);
        throw error;
      }
      await outbox.posted(entry, message.id);
      return message;
    });
  }

  /**
   * Posts as a follow-up of the game's live interaction token, written down first like a channel post (marked
   * as a follow-up: no nonce finds it). Null when the game has no live token or Discord refused it: nothing was
   * posted, the caller posts in the channel.
   */
  private async postAsFollowUp(
    channel: SendableChannels,
    gameId: string,
    kind: PostKind,
    nonce: string,
    payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>,
  ): Promise<Message | null> {
    const routes = this.routes;
    const kept = await routes?.tokenForPost(gameId);
    if (!kept || !routes) return null;
    const outbox = this.records.outbox;
    const entry = await outbox.beginPost(gameId, channel.id, kind, nonce, 'follow-up');
    return this.underWay.sending(entry, channel.id, async () => {
      let sent;
      try {
        sent = await routes.followUpWith(kept, payload);
      } catch (error) {
        if (isRefusal(error)) await outbox.clear(entry);
        else this.underWay.unanswered(entry);
        throw error;
      }
      if (!sent) {
        await outbox.clear(entry);
        return null;
      }
      await outbox.posted(entry, sent.message.id);
      return sent.message;
    });
  }

  /** Whether the relay was closed (the bot stopping): the database may be closed as well. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Deletes a message of the game; a failure is kept and retried until Discord confirms. */
  async delete(channel: SendableChannels | string, gameId: string, messageId: string): Promise<void> {
    const channelId = typeof channel === 'string' ? channel : channel.id;
    const entry = await this.records.outbox.beginDelete(gameId, channelId, messageId);
    await this.tryDelete(entry);
  }

  /**
   * Settles what a crash left in the outbox: posts are resolved by their nonce, deletes tried again. A lobby
   * reply that cannot be found yet is looked for again with backoff; `replySettled` is told its game once it is
   * (the game's lobby may then have to be posted).
   */
  async resolvePending(
    resolvePost: (entry: OutboxEntry) => Promise<void>,
    replySettled: (gameId: string) => void = () => {},
    include: (entry: OutboxEntry) => boolean | Promise<boolean> = () => true,
  ): Promise<void> {
    // Each resolution waits on Discord (a search, a delete): several games at once, one game's in their order.
    const byGame = new Map<string, OutboxEntry[]>();
    for (const entry of await this.records.outbox.pending()) {
      const ofGame = byGame.get(entry.gameId);
      if (ofGame) ofGame.push(entry);
      else byGame.set(entry.gameId, [entry]);
    }
    const games = [...byGame.values()];
    const settleNext = async (): Promise<void> => {
      for (let entries = games.shift(); entries; entries = games.shift())
        for (const entry of entries) {
          if (this.closed) return;
          if (this.underWay.isSending(entry) || !(await include(entry))) continue;
          try {
            if (entry.kind === 'delete') await this.tryDelete(entry);
            else if (entry.kind === 'reply') await this.settleReply(entry, replySettled);
            else await resolvePost(entry);
          } catch (error) {
            const what = `outbox entry ${entry.id} (${entry.kind}): not settled yet`;
            this.logger.warn(what, describe(error), fieldsOf(entry));
          }
        }
    };
    await Promise.all(Array.from({ length: RESOLVED_AT_ONCE }, settleNext));
  }

  /** Stops the retry timers (the entries stay in the database for the next start). */
  close(): void {
    this.closed = true;
    for (const timer of this.retryTimers.values()) this.clock.clearTimeout(timer);
    this.retryTimers.clear();
  }

  /**
   * Resolves a lobby reply, or keeps looking for it with backoff while Discord cannot tell; a reply settled by a
   * later look is told to `settled` (the first look happens before the restart's sync).
   */
  private async settleReply(
    entry: OutboxEntry,
    settled: (gameId: string) => void,
    retried = false,
  ): Promise<void> {
    try {
      await this.resolveReply(entry);
    } catch (error) {
      this.logger.warn(
        `lobby reply of game ${entry.gameId}: not found yet, will look again`,
        describe(error),
        fieldsOf(entry),
      );
      const next = { ...entry, attempts: entry.attempts + 1 };
      this.retryLater(next, () => this.settleReply(next, settled, true));
      return;
    }
    if (retried) settled(entry.gameId);
  }

  /**
   * A lobby reply whose message id was not recorded: adopted as the lobby's message when the game has none,
   * deleted otherwise (a closed lobby keeps no live buttons).
   */
  private async resolveReply(entry: OutboxEntry): Promise<void> {
    const outbox = this.records.outbox;
    const message = await findLobbyReply(this.client, entry);
    if (this.closed) return;
    const game = await this.records.game(entry.gameId);
    if (!message) return outbox.clear(entry);
    if (game && game.boardMessageId === null && (game.status === 'lobby' || game.status === 'active'))
      return outbox.posted(entry, message.id);
    await outbox.clear(entry);
    if (game?.boardMessageId !== message.id) await this.delete(entry.channelId, entry.gameId, message.id);
  }

  /** Tries a pending delete again (one a crash or a failure left in the outbox). */
  async tryDelete(entry: OutboxEntry): Promise<void> {
    const outbox = this.records.outbox;
    try {
      const viaToken = entry.messageId !== null && (await this.routes?.delete(entry.gameId, entry.messageId));
      if (!viaToken)
        await this.client.rest.delete(`/channels/${entry.channelId}/messages/${entry.messageId}`);
      // Shut down meanwhile: the database may be closed; the entry stays and the next start settles it.
      if (this.closed) return;
      await outbox.clear(entry);
    } catch (error) {
      if (this.closed) return;
      if (isUnknownMessage(error) || isGone(error)) return outbox.clear(entry);
      // No access to the channel (50001) or no permission there (50013): trying again cannot help, and a bot
      // removed from a server would otherwise retry for ever.
      if (isMissingAccess(error)) {
        this.logger.info(
          `gave up deleting message ${entry.messageId}: ${describe(error)}`,
          undefined,
          fieldsOf(entry),
        );
        return outbox.clear(entry);
      }
      await outbox.failed(entry);
      this.logger.debug(
        `could not delete message ${entry.messageId}, will retry`,
        describe(error),
        fieldsOf(entry),
      );
      const next = { ...entry, attempts: entry.attempts + 1 };
      this.retryLater(next, () => this.tryDelete(next));
    }
  }

  private retryLater(entry: OutboxEntry, retry: () => Promise<void>): void {
    if (this.closed || this.retryTimers.has(entry.id)) return;
    const delay = Math.min(this.options.maxRetryMs, this.options.retryMs * 2 ** Math.min(entry.attempts, 16));
    const timer = this.clock.setTimeout(() => {
      this.retryTimers.delete(entry.id);
      if (!this.closed)
        retry().catch((error: unknown) =>
          this.logger.error(
            `outbox entry ${entry.id} (${entry.kind}): the retry failed`,
            error,
            fieldsOf(entry),
          ),
        );
    }, delay);
    this.retryTimers.set(entry.id, timer);
  }
}

/** The channel is gone: its messages can no longer be deleted by the bot. */
function isGone(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === 10003;
}

function describe(error: unknown): unknown {
  return error instanceof Error ? error.message : error;
}

/** The ids an outbox entry's log lines are about, as log fields. */
function fieldsOf(entry: OutboxEntry): LogFields {
  return { gameId: entry.gameId, channelId: entry.channelId, outboxId: entry.id };
}
