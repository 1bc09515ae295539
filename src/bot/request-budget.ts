/**
 * Discord's global rate limit: 50 requests a second for all of a bot's bot-token requests, whichever process or
 * gateway connection sends them (interaction responses do not count). Each process of a sharded bot keeps to an
 * equal share, so that together they stay within it; the processes are counted from the shards this one holds
 * (every process is given as many shards as the others).
 *
 * The share is kept over every sliding second, not in windows of its own: discord.js's limiter counts in windows
 * that start at a process's first request, and Discord's windows start elsewhere, so two processes at half the
 * budget each could still put up to twice their share into one of Discord's seconds (measured with bench:scale).
 * With at most `share` requests in any `windowMs` (a second and a margin for the way to Discord), no second of
 * Discord's can hold more than the sum of the shares.
 */
import { DefaultRestOptions, type RESTOptions } from 'discord.js';
import type { GatewayShards } from './bot';

export const DISCORD_GLOBAL_REQUESTS_PER_SECOND = 50;

/** A second, and the spread of the time a request takes to reach Discord. */
export const BUDGET_WINDOW_MS = 1100;

export function requestsPerSecondOf(shards: GatewayShards | undefined): number {
  if (shards === undefined || shards === 'auto') return DISCORD_GLOBAL_REQUESTS_PER_SECOND;
  const processes = Math.ceil(shards.count / Math.max(1, shards.ids.length));
  return Math.max(1, Math.floor(DISCORD_GLOBAL_REQUESTS_PER_SECOND / processes));
}

export interface BudgetClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_TIME: BudgetClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
};

/** At most `perWindow` requests in any `windowMs`; the others wait, in the order they asked. */
export class SlidingRequestBudget {
  /** When each of the last `perWindow` requests left, oldest first. */
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly perWindow: number,
    readonly windowMs: number = BUDGET_WINDOW_MS,
    private readonly clock: BudgetClock = REAL_TIME,
  ) {}

  /** Resolves when one more request may leave (and counts it as sent then). */
  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForRoom());
    this.queue = turn;
    return turn;
  }

  private async waitForRoom(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
      if (this.sent.length < this.perWindow) {
        this.sent.push(now);
        return;
      }
      await this.clock.sleep(this.sent[0]! + this.windowMs - now);
    }
  }
}

/** Whether a request counts against the global limit: it carries the bot's token (interaction callbacks do not). */
function carriesBotToken(init: { headers?: unknown }): boolean {
  const headers = new Headers(init.headers as HeadersInit | undefined);
  return /^Bot /.test(headers.get('authorization') ?? '');
}

/**
 * The REST options that keep this process's bot-token requests within `perSecond` over every sliding window.
 *
 * The sliding budget waits inside `makeRequest`, where discord.js's 15 s request timeout already runs, so the
 * requests must not queue there: discord.js's own limiter (which queues before the timeout starts) lets through a
 * little less than the sliding budget does in the long run, and the sliding budget only smooths its bursts (a
 * wait of about a second at most). With discord.js at the full share, a busy bot queued minutes of requests in
 * the sliding budget and they all timed out (bench:scale with 2,000 games).
 */
export function budgetedRestOptions(
  perSecond: number,
  makeRequest: RESTOptions['makeRequest'] = DefaultRestOptions.makeRequest,
): Pick<RESTOptions, 'makeRequest' | 'globalRequestsPerSecond'> {
  const budget = new SlidingRequestBudget(perSecond);
  return {
    globalRequestsPerSecond: Math.max(1, Math.floor((perSecond * 1000) / BUDGET_WINDOW_MS)),
    makeRequest: async (url, init) => {
      if (carriesBotToken(init)) await budget.take();
      return makeRequest(url, init);
    },
  };
}
