/**
 * Discord's global rate limit: every bot-token request of one bot counts against 50 per second, whichever
 * process or connection sends it (interaction callbacks and webhook calls with an interaction token do not).
 * The fake counts per token over a sliding second, refuses the excess with a global 429, and remembers the
 * busiest second it saw.
 */
export class GlobalBudget {
  private readonly recent = new Map<string, number[]>();
  private peak = 0;

  /** `perSecond` null: count, never refuse. */
  constructor(private readonly perSecond: number | null) {}

  /** Counts one request at `now` (ms); returns the seconds to wait when it is over the budget, else null. */
  take(token: string, now: number): number | null {
    const times = this.recent.get(token) ?? [];
    while (times.length > 0 && times[0]! <= now - 1000) times.shift();
    if (this.perSecond !== null && times.length >= this.perSecond) {
      return Math.max(0.001, (times[0]! + 1000 - now) / 1000);
    }
    times.push(now);
    this.recent.set(token, times);
    this.peak = Math.max(this.peak, times.length);
    return null;
  }

  /** The most requests one token had accepted within any one second. */
  get peakPerSecond(): number {
    return this.peak;
  }
}
