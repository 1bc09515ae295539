/**
 * A game's message changes sent through its live interaction tokens (service/interaction-tokens.ts): Discord does
 * not count these webhook routes against the bot's global rate limit. An edit or delete goes through a token that
 * reaches the message (the interaction's original response or one of its follow-ups), a post goes as a follow-up
 * of the longest-lived token. Every request goes without the bot's Authorization (discord.js's InteractionWebhook
 * sends `auth: false`). A token Discord refuses (expired 401 / 50027, unknown webhook 10015) is forgotten and the
 * caller takes the channel route, once. Errors leave this file without the token in them.
 */
import {
  DiscordAPIError,
  InteractionWebhook,
  RESTJSONErrorCodes,
  type Client,
  type Message,
  type MessageCreateOptions,
  type MessageEditOptions,
  type InteractionReplyOptions,
} from 'discord.js';
import type { Logger } from '../../logger';
import type { Clock, InteractionTokens, KeptToken } from '../../service/index';
import { discordCode, isUnknownMessage } from '../discord-errors';
import { keptByThisBot } from './token-capture';

/** A token is used only while it has this long left (a request may wait for its bucket). */
const TOKEN_MARGIN_MS = 15_000;
/** A token refused as unknown this soon after it was kept may only be waiting for its first answer. */
const ACKNOWLEDGE_GRACE_MS = 10_000;
/**
 * The pace kept per token, below Discord's bucket (about 5 requests per 2 s for one token, its callback
 * included): discord.js learns a bucket per route, and a token's follow-ups and edits are different routes.
 */
export const TOKEN_PACE = { limit: 4, windowMs: 2200 };
/** How long Discord accepts an interaction token. */
const TOKEN_LIFETIME_MS = 15 * 60_000;
/** Longer than this for a token's turn, and the request takes the channel route: nobody waits for a pace. */
const MAX_PACE_WAIT_MS = 300;
/** A delete nobody watches for waits up to a whole pace window for its token rather than spend a global request. */
const MAX_DELETE_WAIT_MS = TOKEN_PACE.windowMs;

export interface TokenRoutesParts {
  client: Client;
  tokens: InteractionTokens;
  logger: Logger;
  clock: Clock;
}

/** A follow-up posted: the message and the token that can edit or delete it. */
export interface FollowUp {
  message: Message;
  kept: KeptToken;
}

/** Counts of what went which way (for tests and the benchmark). */
export interface TokenRouteCounts {
  edits: number;
  followUps: number;
  deletes: number;
  refused: number;
}

export class TokenRoutes {
  readonly counts: TokenRouteCounts = { edits: 0, followUps: 0, deletes: 0, refused: 0 };
  /** By token: when this process sent its latest requests (the callback counted from when it was kept). */
  private readonly sent = new Map<string, number[]>();
  /** Tokens another bot kept, taken as spent when first used here: when that was (their first turn is waited for). */
  private readonly takenOver = new Map<string, number>();

  constructor(private readonly parts: TokenRoutesParts) {}

  /** Edits the game's message through a token that reaches it; false when none does (take the channel route). */
  async edit(gameId: string, messageId: string, payload: MessageEditOptions): Promise<boolean> {
    const kept = await this.paced(await this.reaching(gameId, messageId));
    if (!kept) return false;
    const original = kept.originalMessageId === messageId ? '@original' : messageId;
    try {
      await this.webhook(kept).editMessage(original, payload);
      this.counts.edits += 1;
      return true;
    } catch (error) {
      if (await this.refused(kept, error)) return false;
      throw scrubbed(error, kept.token);
    }
  }

  /**
   * Posts `payload` as a follow-up of the game's longest-lived token. Null when the game has none or Discord
   * refused it (nothing was posted: take the channel route); throws when the outcome is unknown.
   */
  async followUp(gameId: string, payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>) {
    const kept = await this.tokenForPost(gameId);
    if (!kept) return null;
    return this.followUpWith(kept, payload);
  }

  /** The token a follow-up goes with now, its turn in its pace taken (null: the channel route). */
  async tokenForPost(gameId: string): Promise<KeptToken | null> {
    return this.paced(await this.parts.tokens.live(gameId, TOKEN_MARGIN_MS));
  }

  async followUpWith(
    kept: KeptToken,
    payload: Omit<MessageCreateOptions, 'nonce' | 'enforceNonce'>,
  ): Promise<FollowUp | null> {
    try {
      const message = await this.webhook(kept).send(payload as InteractionReplyOptions);
      this.counts.followUps += 1;
      await this.parts.tokens.posted(kept, message.id);
      return { message, kept };
    } catch (error) {
      if (await this.refused(kept, error)) return null;
      throw scrubbed(error, kept.token);
    }
  }

  /**
   * Deletes the game's message through a token that reaches it: true when it is gone (deleted, or already
   * gone), false when no token reaches it (take the channel route).
   */
  async delete(gameId: string, messageId: string): Promise<boolean> {
    const kept = await this.paced(await this.reaching(gameId, messageId), MAX_DELETE_WAIT_MS);
    if (!kept) return false;
    try {
      await this.webhook(kept).deleteMessage(kept.originalMessageId === messageId ? '@original' : messageId);
      this.counts.deletes += 1;
    } catch (error) {
      if (await this.refused(kept, error)) return false;
      if (!isUnknownMessage(error)) throw scrubbed(error, kept.token);
    }
    await this.parts.tokens.removed(gameId, messageId);
    return true;
  }

  /** The game's live tokens that can edit or delete the message (its original response, or a follow-up). */
  private async reaching(gameId: string, messageId: string): Promise<KeptToken[]> {
    const live = await this.parts.tokens.live(gameId, TOKEN_MARGIN_MS);
    return live.filter((kept) => kept.originalMessageId === messageId || kept.messageIds.includes(messageId));
  }

  /**
   * Of `candidates` (the longest-lived first), the first whose pace allows a request now, its turn taken; when
   * none does, waits for the soonest turn if that is near. Null when there is none (or no turn near).
   */
  private async paced(
    candidates: readonly KeptToken[],
    maxWaitMs = MAX_PACE_WAIT_MS,
  ): Promise<KeptToken | null> {
    const first = candidates[0];
    if (!first) return null;
    const { clock } = this.parts;
    for (;;) {
      const now = clock.now();
      for (const kept of candidates) {
        const log = this.recent(kept, now);
        if (log.length < TOKEN_PACE.limit) {
          log.push(now);
          return kept;
        }
      }
      const wait = Math.min(
        ...candidates.map((kept) => (this.recent(kept, now)[0] ?? now) + TOKEN_PACE.windowMs - now),
      );
      // A token taken over is waited for up to its first window rather than spend a global request meanwhile.
      const presumed = Math.max(
        0,
        ...candidates.map(
          (kept) => (this.takenOver.get(kept.token) ?? -Infinity) + TOKEN_PACE.windowMs - now,
        ),
      );
      if (wait > Math.max(maxWaitMs, presumed)) return null;
      await new Promise<void>((resolve) => clock.setTimeout(resolve, Math.max(1, wait)));
    }
  }

  /**
   * The token's requests within the pace's window (kept in `sent`, oldest first). A token first used here that
   * another bot kept (a takeover) is taken as used to its limit just now: that bot may have spent it.
   */
  private recent(kept: KeptToken, now: number): number[] {
    let log = this.sent.get(kept.token);
    if (!log && keptByThisBot(this.parts.client, kept.token)) log = [kept.receivedAt];
    else if (!log && this.takenOver.has(kept.token)) log = [];
    else if (!log) {
      log = Array.from({ length: TOKEN_PACE.limit }, () => now);
      this.takenOver.set(kept.token, now);
    }
    log = log.filter((at) => at > now - TOKEN_PACE.windowMs);
    this.sent.set(kept.token, log);
    if (this.sent.size > 2000) this.forgetQuietTokens(now);
    return log;
  }

  private forgetQuietTokens(now: number): void {
    for (const [token, log] of this.sent)
      if (log.every((at) => at <= now - TOKEN_PACE.windowMs)) this.sent.delete(token);
    for (const [token, at] of this.takenOver) if (at < now - TOKEN_LIFETIME_MS) this.takenOver.delete(token);
  }

  private webhook(kept: KeptToken): InteractionWebhook {
    return new InteractionWebhook(this.parts.client as Client<true>, kept.applicationId, kept.token);
  }

  /** Whether Discord refused the token itself; a refused token is forgotten (unless it may be just too new). */
  private async refused(kept: KeptToken, error: unknown): Promise<boolean> {
    if (!(error instanceof DiscordAPIError)) return false;
    const code = discordCode(error);
    const expired = error.status === 401 || code === RESTJSONErrorCodes.InvalidWebhookToken;
    const unknown = code === RESTJSONErrorCodes.UnknownWebhook;
    if (!expired && !unknown) return false;
    this.counts.refused += 1;
    const young = this.parts.clock.now() - kept.receivedAt < ACKNOWLEDGE_GRACE_MS;
    if (expired || !young) await this.parts.tokens.forget(kept);
    this.parts.logger.debug(
      `game ${kept.gameId}: an interaction token was refused (${code ?? error.status})`,
    );
    return true;
  }
}

/** The error without the token in its URL or text (errors are logged; a token must never be). */
function scrubbed(error: unknown, token: string): unknown {
  if (!(error instanceof Error)) return error;
  const hide = (text: string) => text.split(token).join('[token]');
  error.message = hide(error.message);
  if (error.stack) error.stack = hide(error.stack);
  if (error instanceof DiscordAPIError) {
    Object.defineProperty(error, 'url', { value: hide(error.url), configurable: true, writable: true });
  }
  return error;
}
