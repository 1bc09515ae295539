/**
 * The interaction tokens of each game: a person's click or command on a game opens webhook routes for 15 minutes
 * (edits of the interaction's original message, follow-ups, their edits and deletes) that Discord does not count
 * against the bot's global rate limit. They are kept in the storage, so a process taking the game's shard over
 * uses them too, for a little less than their life (Discord counts from when it sent the interaction), and
 * forgotten when they expire or Discord refuses them. They are credentials: never logged, never in a message.
 */
import type { KeptToken } from '../store/index';
import type { Storage } from '../store/storage';
import type { Clock } from './clock';

/** How long a token is used: Discord's 15 minutes less a margin for clocks and requests on their way. */
export const TOKEN_KEPT_MS = 14 * 60_000;
/**
 * How many tokens that reach nothing the newest does not are kept besides it: each token has a bucket of its
 * own at Discord (about 5 requests per 2 s), so a quick player's last clicks share a game's requests.
 */
const SPARE_TOKENS = 2;
/** Expired tokens are deleted this often (at most) while tokens are kept and used: one write, not one per read. */
const PRUNE_EVERY_MS = 60_000;

/** A token to keep: the interaction's application, its token, and the game message it answered on, if any. */
export interface IssuedToken {
  applicationId: string;
  token: string;
  /** The game message that is the interaction's original response (the board or lobby clicked), or null. */
  originalMessageId: string | null;
  /** When Discord created the interaction (its id's timestamp). */
  issuedAt: number;
}

export type { KeptToken };

export class InteractionTokens {
  private prunedAt = -Infinity;

  constructor(
    private readonly storage: Pick<Storage, 'tokens'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Keeps the token for the game. Older tokens it makes useless go, but for the newest few (their buckets
   * share the game's requests): those that posted nothing still shown and whose original message is none or the
   * same as this one's (this one lives longer).
   */
  async keep(gameId: string, issued: IssuedToken): Promise<void> {
    const now = this.clock.now();
    const expiresAt = Math.min(issued.issuedAt, now) + TOKEN_KEPT_MS;
    if (expiresAt <= now) return;
    const covered = (await this.storage.tokens.live(gameId, now)).filter(
      (older) =>
        older.token !== issued.token &&
        older.messageIds.length === 0 &&
        (older.originalMessageId === null || older.originalMessageId === issued.originalMessageId),
    );
    // Only while it posted nothing (checked by the delete itself: a follow-up may be on its way now).
    for (const older of covered.slice(SPARE_TOKENS))
      await this.storage.tokens.forgetUnused(gameId, older.token);
    await this.storage.tokens.keep({
      gameId,
      applicationId: issued.applicationId,
      token: issued.token,
      originalMessageId: issued.originalMessageId,
      messageIds: [],
      receivedAt: now,
      expiresAt,
    });
    await this.pruneNow(now);
  }

  /** The game's tokens valid for at least `marginMs` more, the longest-lived first. */
  async live(gameId: string, marginMs = 0): Promise<KeptToken[]> {
    const now = this.clock.now();
    await this.pruneNow(now);
    return (await this.storage.tokens.live(gameId, now)).filter((kept) => kept.expiresAt - now > marginMs);
  }

  /** The live token that can edit or delete `messageId` (its original response or one of its follow-ups). */
  async forMessage(gameId: string, messageId: string, marginMs = 0): Promise<KeptToken | null> {
    const owns = (kept: KeptToken) =>
      kept.originalMessageId === messageId || kept.messageIds.includes(messageId);
    return (await this.live(gameId, marginMs)).find(owns) ?? null;
  }

  /** The token a new follow-up is posted with: the longest-lived. */
  async forFollowUp(gameId: string, marginMs = 0): Promise<KeptToken | null> {
    return (await this.live(gameId, marginMs))[0] ?? null;
  }

  /** The token posted `messageId` as a follow-up: it alone can edit or delete it. */
  async posted(kept: KeptToken, messageId: string): Promise<void> {
    const current = await this.current(kept);
    if (current?.messageIds.includes(messageId)) return;
    const messageIds = [...(current?.messageIds ?? []), messageId];
    if (await this.storage.tokens.setMessages(kept.gameId, kept.token, messageIds)) return;
    // Forgotten meanwhile as unused (a newer click came while this follow-up was on its way): kept again.
    if (kept.expiresAt > this.clock.now())
      await this.storage.tokens.keep({ ...kept, messageIds: [messageId] });
  }

  /** `messageId` is gone (deleted, or no longer the game's): no token needs to reach it. */
  async removed(gameId: string, messageId: string): Promise<void> {
    for (const kept of await this.storage.tokens.live(gameId, this.clock.now())) {
      if (!kept.messageIds.includes(messageId)) continue;
      const left = kept.messageIds.filter((id) => id !== messageId);
      await this.storage.tokens.setMessages(gameId, kept.token, left);
    }
  }

  /** Discord refused the token (expired, unknown): it is forgotten. */
  forget(kept: KeptToken): Promise<void> {
    return this.storage.tokens.forget(kept.gameId, kept.token);
  }

  /** Deletes the expired tokens of every game, when the last time is a while ago. */
  private async pruneNow(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.storage.tokens.prune(now);
  }

  private async current(kept: KeptToken): Promise<KeptToken | null> {
    const live = await this.storage.tokens.live(kept.gameId, this.clock.now());
    return live.find((row) => row.token === kept.token) ?? null;
  }
}
