/**
 * This process's posts whose outcome Discord's answer has not settled yet: those being sent now (their answer
 * records them, so a search must not take them for a crash's leftover), and follow-ups whose attempt got no
 * answer lately (a timeout, a lost connection: they may still arrive).
 */
import type { Clock, OutboxEntry } from '../../service/index';

/**
 * How long after a follow-up's attempt failed without Discord's answer it may still arrive: until then, not
 * finding it does not prove it was never posted (REST's timeout is 15 s). Later still is late-follow-ups.ts's.
 */
export const FOLLOW_UP_DOUBT_MS = 20_000;

export class PostsUnderWay {
  /** The posts being sent: outbox entry to the channel of its post. */
  private readonly channelOf = new Map<number, string>();
  /** Follow-ups (by outbox entry) whose attempt failed without an answer, and when. */
  private readonly inDoubt = new Map<number, number>();

  constructor(private readonly clock: Clock) {}

  /** Runs `send`, the post of `entry` in `channelId`, and what records its outcome: under way meanwhile. */
  async sending<T>(entry: OutboxEntry, channelId: string, send: () => Promise<T>): Promise<T> {
    this.channelOf.set(entry.id, channelId);
    try {
      return await send();
    } finally {
      this.channelOf.delete(entry.id);
    }
  }

  /** Whether this process is sending the entry's post now (its answer, not a search, settles it). */
  isSending(entry: OutboxEntry): boolean {
    return this.channelOf.has(entry.id);
  }

  /** Whether this process is sending a post in the channel now (a message there may not be recorded yet). */
  isSendingIn(channelId: string): boolean {
    for (const channel of this.channelOf.values()) if (channel === channelId) return true;
    return false;
  }

  /** The entry's follow-up failed without an answer: it may still arrive. */
  unanswered(entry: OutboxEntry): void {
    this.inDoubt.set(entry.id, this.clock.now());
  }

  /** Whether the entry's follow-up failed without an answer lately: it may still reach the channel. */
  followUpInDoubt(entry: OutboxEntry): boolean {
    const failedAt = this.inDoubt.get(entry.id);
    if (failedAt === undefined) return false;
    if (this.clock.now() - failedAt < FOLLOW_UP_DOUBT_MS) return true;
    this.inDoubt.delete(entry.id);
    return false;
  }
}
