/**
 * Discord's global rate limit: every bot-token request of one bot counts against 50 per second, whichever
 * process or connection sends it (interaction callbacks and webhook calls with an interaction token do not).
 * The fake counts per token in windows of one second, each starting with the first request after the last one
 * ended (as discord.js counts its own), refuses the excess with a global 429, and remembers the fullest window.
 */
export class GlobalBudget {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private peak = 0;

  /** `perSecond` null: count, never refuse. */
  constructor(private readonly perSecond: number | null) {}

  /** Counts one request at `now` (ms); returns the seconds to wait when it is over the budget, else null. */
  take(token: string, now: number): number | null {
    let window = this.windows.get(token);
    if (!window || now >= window.start + 1000) {
      window = { start: now, count: 0 };
      this.windows.set(token, window);
    }
    if (this.perSecond !== null && window.count >= this.perSecond) {
      return Math.max(0.001, (window.start + 1000 - now) / 1000);
    }
    window.count += 1;
    this.peak = Math.max(this.peak, window.count);
    return null;
  }

  /** The most requests one token had accepted within one window of a second. */
  get peakPerSecond(): number {
    return this.peak;
  }
}
