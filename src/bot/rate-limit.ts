/**
 * Per-user limits on what reaches the bot: a token bucket for commands and clicks, a sliding window for
 * simulations. Both are in memory (a restart forgets them) and forget users once they are back to full.
 */

/** The most users a limiter keeps before it forgets the ones who are back to their full allowance. */
const SWEEP_AT = 10_000;

/**
 * A bucket of `burst` tokens per user that gains one every `refillMs`: each command or click takes one, and
 * none is left means "slow down". Steady play (a click or two a second) never empties it.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly refillMs: number,
    private readonly now: () => number,
  ) {}

  /** Takes a token of `userId`'s: 0 when there was one, else how many ms until there is. */
  take(userId: string): number {
    const now = this.now();
    const tokens = this.tokensOf(userId, now);
    if (tokens >= 1) {
      this.buckets.set(userId, { tokens: tokens - 1, at: now });
      if (this.buckets.size > SWEEP_AT) this.sweep(now);
      return 0;
    }
    return Math.ceil((1 - tokens) * this.refillMs);
  }

  private tokensOf(userId: string, now: number): number {
    const bucket = this.buckets.get(userId);
    if (!bucket) return this.burst;
    return Math.min(this.burst, bucket.tokens + (now - bucket.at) / this.refillMs);
  }

  private sweep(now: number): void {
    for (const userId of [...this.buckets.keys()])
      if (this.tokensOf(userId, now) >= this.burst) this.buckets.delete(userId);
  }
}

/** At most `limit` uses per user in any `windowMs`. */
export class SlidingWindow {
  private readonly uses = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a use of `userId`'s: 0 when allowed, else how many ms until the oldest use leaves the window. */
  take(userId: string): number {
    const now = this.now();
    const recent = this.recentOf(userId, now);
    if (recent.length >= this.limit) return recent[0]! + this.windowMs - now;
    this.uses.set(userId, [...recent, now]);
    if (this.uses.size > SWEEP_AT) this.sweep(now);
    return 0;
  }

  private recentOf(userId: string, now: number): number[] {
    return (this.uses.get(userId) ?? []).filter((at) => at > now - this.windowMs);
  }

  private sweep(now: number): void {
    for (const userId of [...this.uses.keys()])
      if (this.recentOf(userId, now).length === 0) this.uses.delete(userId);
  }
}
