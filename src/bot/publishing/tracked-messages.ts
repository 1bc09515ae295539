import {
  DiscordAPIError,
  Routes,
  SnowflakeUtil,
  type APIMessage,
  type Client,
  type Message,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import type { LogFields, Logger } from '../../logger';
import { realClock, type Clock, type PostKind, type TimerHandle } from '../../service/index';
import type { OutboxEntry } from '../../service/index';
import { isMissingAccess, isUnknownMessage } from '../discord-errors';
import type { PublishingRecords } from './records';
import type { TokenRoutes } from './token-routes';

/** How far before its outbox entry a lobby reply is looked for (the clocks of the bot and Discord differ). */
const REPLY_SEARCH_MARGIN_MS = 60_000;

/** Discord keeps a message's nonce (with enforce_nonce) for a few minutes, and nonces are at most 25 characters. */
export function postNonce(kind: PostKind, gameId: string, version: number): string {
  return `${kind[0]}${version}.${gameId}`.slice(0, 25);
}

export interface TrackedMessagesOptions {
  /** First wait before a failed delete is tried again (doubles, up to `maxRetryMs`). */
  retryMs: number;
  maxRetryMs: number;
  /** The retry timers' clock (default: the real one). */
  clock?: Clock;
}

/**
 * Posts and deletes a game's messages through the service's ledger, so that a crash or a lost answer never
 * leaves a message the database does not know: a post is written down with its nonce before it is sent and
 * sent with `enforce_nonce` (a retry, by the REST client or after a restart, gets the same message back); a
 * delete is written down until Discord confirms it, and retried with backoff.
 */
export class TrackedMessages {
  private readonly retryTimers = new Map<number, TimerHandle>();
  private closed = false;

  private get clock(): Clock {
    return this.options.clock ?? realClock;
  }

  constructor(
    private readonly client: Client,
    /** The game records and the outbox (the only store access). */
    private readonly records: Pick<PublishingRecords, 'game' | 'ledger'>,
    private readonly logger: Logger,
    private readonly options: TrackedMessagesOptions,
    /** The game's live interaction tokens: posts go as their follow-ups and deletes through them when they can. */
    private readonly routes: TokenRoutes | null = null,
  ) {}

  /** Posts `payload` as the game's `kind` message and records it on the game. */
  async post(
    channel: SendableChannels,
    gameId: string,
    kind: PostKind,
    nonce: string,
    payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>,
  ): Promise<Message> {
    const ledger = this.records.ledger;
    const followedUp = await this.postAsFollowUp(channel, gameId, kind, nonce, payload);
    if (followedUp) return followedUp;
    const entry =
      (await ledger.pendingFor(gameId)).find(
        (pending) => pending.kind === kind && pending.nonce === nonce && pending.token === null,
      ) ?? (await ledger.beginPost(gameId, channel.id, kind, nonce));
    let message: Message;
    try {
      message = await channel.send({ ...payload, nonce, enforceNonce: true });
    } catch (error) {
      // Refused by Discord: nothing was posted. Any other failure may have posted it: the entry stays.
      if (isRefusal(error)) await ledger.clear(entry);
      throw error;
    }
    await ledger.posted(entry, message.id);
    return message;
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
    const kept = await this.routes?.tokenForPost(gameId);
    if (!kept || !this.routes) return null;
    const ledger = this.records.ledger;
    const entry = await ledger.beginPost(gameId, channel.id, kind, nonce, 'follow-up');
    let sent;
    try {
      sent = await this.routes.followUpWith(kept, payload);
    } catch (error) {
      if (isRefusal(error)) await ledger.clear(entry);
      throw error;
    }
    if (!sent) {
      await ledger.clear(entry);
      return null;
    }
    await ledger.posted(entry, sent.message.id);
    return sent.message;
  }

  /** Deletes a message of the game; a failure is kept and retried until Discord confirms. */
  async delete(channel: SendableChannels | string, gameId: string, messageId: string): Promise<void> {
    const channelId = typeof channel === 'string' ? channel : channel.id;
    const entry = await this.records.ledger.beginDelete(gameId, channelId, messageId);
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
    for (const entry of await this.records.ledger.pending()) {
      if (this.closed) return;
      if (!(await include(entry))) continue;
      try {
        if (entry.kind === 'delete') await this.tryDelete(entry);
        else if (entry.kind === 'reply') await this.settleReply(entry, replySettled);
        else await resolvePost(entry);
      } catch (error) {
        this.logger.warn(
          `outbox entry ${entry.id} (${entry.kind}): not settled yet`,
          describe(error),
          fieldsOf(entry),
        );
      }
    }
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
    const ledger = this.records.ledger;
    const message = await this.findReply(entry);
    if (this.closed) return;
    const game = await this.records.game(entry.gameId);
    if (!message) return ledger.clear(entry);
    if (game && game.boardMessageId === null && (game.status === 'lobby' || game.status === 'active'))
      return ledger.posted(entry, message.id);
    await ledger.clear(entry);
    if (game?.boardMessageId !== message.id) await this.delete(entry.channelId, entry.gameId, message.id);
  }

  /**
   * The reply's message: through the interaction's token (valid for 15 minutes), else among the channel's
   * messages since the entry was written, as the bot's message carrying the game's lobby buttons. Null when
   * neither finds it (no reply was made); throws while Discord cannot tell (a server error).
   */
  private async findReply(entry: OutboxEntry): Promise<{ id: string } | null> {
    // No token (never recorded) tells as little as a refused one.
    let tokenRefused = entry.token === null;
    if (entry.token !== null) {
      try {
        return await this.originalResponse(entry.token);
      } catch (error) {
        tokenRefused = error instanceof DiscordAPIError;
      }
    }
    try {
      return await this.findLobbyMessage(entry);
    } catch (error) {
      // Discord refused both (the token expired, the bot cannot read the channel): nothing can be found.
      if (tokenRefused && isRefusal(error)) return null;
      throw error;
    }
  }

  /**
   * An interaction's original response, read through its token without the bot's token: an expired interaction
   * token answers 401, and a 401 to a request that carried the bot's token makes the REST client forget it
   * (every later post or edit would fail until a restart).
   */
  private async originalResponse(token: string): Promise<{ id: string }> {
    const applicationId = this.client.application?.id ?? this.client.user?.id ?? '';
    return (await this.client.rest.get(Routes.webhookMessage(applicationId, token, '@original'), {
      auth: false,
    })) as { id: string };
  }

  private findLobbyMessage(entry: OutboxEntry): Promise<{ id: string } | null> {
    return this.findOwnMessage(entry, (controls) => controls.includes(`:lobby:${entry.gameId}:`));
  }

  /**
   * The bot's first message in the entry's channel since the entry was written (a margin before it) whose
   * controls (their custom ids, as JSON) are `wanted`; null when there is none.
   */
  async findOwnMessage(
    entry: OutboxEntry,
    wanted: (controls: string) => boolean,
  ): Promise<{ id: string } | null> {
    const after = SnowflakeUtil.generate({ timestamp: entry.createdAt - REPLY_SEARCH_MARGIN_MS }).toString();
    const messages = (await this.client.rest.get(Routes.channelMessages(entry.channelId), {
      query: new URLSearchParams({ after, limit: '100' }),
    })) as APIMessage[];
    const own = (message: APIMessage) =>
      message.author.id === this.client.user?.id && wanted(JSON.stringify(message.components ?? []));
    return messages.find(own) ?? null;
  }

  /** Tries a pending delete again (one a crash or a failure left in the outbox). */
  async tryDelete(entry: OutboxEntry): Promise<void> {
    const ledger = this.records.ledger;
    try {
      const viaToken = entry.messageId !== null && (await this.routes?.delete(entry.gameId, entry.messageId));
      if (!viaToken)
        await this.client.rest.delete(`/channels/${entry.channelId}/messages/${entry.messageId}`);
      // Shut down meanwhile: the database may be closed; the entry stays and the next start settles it.
      if (this.closed) return;
      await ledger.clear(entry);
    } catch (error) {
      if (this.closed) return;
      if (isUnknownMessage(error) || isGone(error)) return ledger.clear(entry);
      // No access to the channel (50001) or no permission there (50013): trying again cannot help, and a bot
      // removed from a server would otherwise retry for ever.
      if (isMissingAccess(error)) {
        this.logger.info(
          `gave up deleting message ${entry.messageId}: ${describe(error)}`,
          undefined,
          fieldsOf(entry),
        );
        return ledger.clear(entry);
      }
      await ledger.failed(entry);
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

/** Discord answered with a refusal (4xx other than a rate limit): the request had no effect. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429
  );
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
