import {
  DiscordAPIError,
  type Client,
  type Message,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import type { Logger } from '../logger';
import type { GameService, PostKind } from '../service/index';
import type { OutboxEntry } from '../store/index';
import { isUnknownMessage } from './discord-errors';

/** Discord keeps a message's nonce (with enforce_nonce) for a few minutes, and nonces are at most 25 characters. */
export function postNonce(kind: PostKind, gameId: string, version: number): string {
  return `${kind[0]}${version}.${gameId}`.slice(0, 25);
}

export interface TrackedMessagesOptions {
  /** First wait before a failed delete is tried again (doubles, up to `maxRetryMs`). */
  retryMs: number;
  maxRetryMs: number;
}

/**
 * Posts and deletes a game's messages through the service's ledger, so that a crash or a lost answer never
 * leaves a message the database does not know: a post is written down with its nonce before it is sent and
 * sent with `enforce_nonce` (a retry, by the REST client or after a restart, gets the same message back); a
 * delete is written down until Discord confirms it, and retried with backoff.
 */
export class TrackedMessages {
  private readonly retryTimers = new Map<number, ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly service: GameService,
    private readonly logger: Logger,
    private readonly options: TrackedMessagesOptions,
  ) {}

  /** Posts `payload` as the game's `kind` message and records it on the game. */
  async post(
    channel: SendableChannels,
    gameId: string,
    kind: PostKind,
    nonce: string,
    payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>,
  ): Promise<Message> {
    const ledger = this.service.messages;
    const entry =
      ledger.pendingFor(gameId).find((pending) => pending.kind === kind && pending.nonce === nonce) ??
      ledger.beginPost(gameId, channel.id, kind, nonce);
    let message: Message;
    try {
      message = await channel.send({ ...payload, nonce, enforceNonce: true });
    } catch (error) {
      // Refused by Discord: nothing was posted. Any other failure may have posted it: the entry stays.
      if (isRefusal(error)) ledger.clear(entry);
      throw error;
    }
    ledger.posted(entry, message.id);
    return message;
  }

  /** Deletes a message of the game; a failure is kept and retried until Discord confirms. */
  async delete(channel: SendableChannels | string, gameId: string, messageId: string): Promise<void> {
    const channelId = typeof channel === 'string' ? channel : channel.id;
    const entry = this.service.messages.beginDelete(gameId, channelId, messageId);
    await this.tryDelete(entry);
  }

  /** Settles what a crash left in the outbox: posts are resolved by their nonce, deletes tried again. */
  async resolvePending(resolvePost: (entry: OutboxEntry) => Promise<void>): Promise<void> {
    for (const entry of this.service.messages.pending()) {
      if (this.closed) return;
      try {
        if (entry.kind === 'delete') await this.tryDelete(entry);
        else if (entry.kind === 'reply') await this.resolveReply(entry);
        else await resolvePost(entry);
      } catch (error) {
        this.logger.warn(`outbox entry ${entry.id} (${entry.kind}): not settled yet`, describe(error));
      }
    }
  }

  /** Stops the retry timers (the entries stay in the database for the next start). */
  close(): void {
    this.closed = true;
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
  }

  /**
   * A lobby reply whose message id was not recorded: found through the interaction's token (valid for 15
   * minutes), adopted as the lobby's message when the game has none, deleted otherwise.
   */
  private async resolveReply(entry: OutboxEntry): Promise<void> {
    const ledger = this.service.messages;
    let message: { id: string } | null = null;
    try {
      message = (await this.client.rest.get(
        `/webhooks/${this.client.application?.id ?? this.client.user?.id}/${entry.token}/messages/@original`,
      )) as { id: string };
    } catch (error) {
      if (!(error instanceof DiscordAPIError)) throw error;
      // No reply was made, or its token expired: nothing can be found any more.
    }
    const game = this.service.getGame(entry.gameId);
    if (!message) return ledger.clear(entry);
    if (game && game.boardMessageId === null && (game.status === 'lobby' || game.status === 'active'))
      return ledger.posted(entry, message.id);
    ledger.clear(entry);
    if (game?.boardMessageId !== message.id) await this.delete(entry.channelId, entry.gameId, message.id);
  }

  private async tryDelete(entry: OutboxEntry): Promise<void> {
    const ledger = this.service.messages;
    try {
      await this.client.rest.delete(`/channels/${entry.channelId}/messages/${entry.messageId}`);
      ledger.clear(entry);
    } catch (error) {
      if (isUnknownMessage(error) || isGone(error)) return ledger.clear(entry);
      ledger.failed(entry);
      this.logger.debug(`could not delete message ${entry.messageId}, will retry`, describe(error));
      this.retryLater({ ...entry, attempts: entry.attempts + 1 });
    }
  }

  private retryLater(entry: OutboxEntry): void {
    if (this.closed || this.retryTimers.has(entry.id)) return;
    const delay = Math.min(this.options.maxRetryMs, this.options.retryMs * 2 ** Math.min(entry.attempts, 16));
    const timer = setTimeout(() => {
      this.retryTimers.delete(entry.id);
      void this.tryDelete(entry);
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
