/**
 * Discord's global rate limit: 50 requests a second for all of a bot's bot-token requests, whichever process or
 * gateway connection sends them. Requests on the routes an interaction token opens do not count, and do not
 * wait here. Each process of a sharded bot keeps to an equal share, so that together they stay within it; the
 * processes are counted from the shards this one holds (every process is given as many shards as the others).
 *
 * The share is kept over every sliding second, not in windows of its own: discord.js's limiter counts in windows
 * that start at a process's first request, and Discord's windows start elsewhere, so two processes at half the
 * budget each could still put up to twice their share into one of Discord's seconds (measured with bench:scale).
 * With at most `share` requests in any `windowMs` (a second and a margin for the way to Discord), no second of
 * Discord's can hold more than the sum of the shares.
 */
import { DefaultRestOptions, type RESTOptions } from 'discord.js';
import type { GatewayShards } from '../gateway-shards';
import { followUpsOnce } from './follow-ups-once';

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

/**
 * Which requests leave first when several wait: `urgent` for a channel where a person is to act, `background`
 * for a read nobody waits on (a restart's reads of the channels' latest messages: one per open board).
 */
export type RequestPriority = 'urgent' | 'normal' | 'background';

/** Marks a request (a header, removed before it is sent) as a background one. */
export const BACKGROUND_REQUEST_HEADER = 'x-hare-background';

/** A request waiting for its turn in the budget. */
interface Waiting {
  leave: () => void;
  refuse: (reason: Error) => void;
}

/**
 * At most `perWindow` requests in any `windowMs`, and spread over it: a tenth of them (one at least) in the same
 * part of it. The others wait, in the order they asked, the urgent ones first and the background ones last.
 * Spread, because a share spent at once leaves a person's board, asked for just after, waiting for the whole
 * window.
 */
export class SlidingRequestBudget {
  /** When each of the last `perWindow` requests left, oldest first. */
  private readonly sent: number[] = [];
  private readonly queues: Record<RequestPriority, Waiting[]> = { urgent: [], normal: [], background: [] };
  private pumping = false;
  private closedWith: Error | null = null;
  /** At most `burst` requests in any `burstMs`. */
  private readonly burst: number;
  private readonly burstMs: number;

  constructor(
    readonly perWindow: number,
    readonly windowMs: number = BUDGET_WINDOW_MS,
    private readonly clock: BudgetClock = REAL_TIME,
  ) {
    this.burst = Math.max(1, Math.floor(perWindow / 10));
    this.burstMs = (windowMs * this.burst) / perWindow;
  }

  /** How many requests wait. */
  get waiting(): number {
    const { urgent, normal, background } = this.queues;
    return urgent.length + normal.length + background.length;
  }

  /** Resolves when one more request may leave (and counts it as sent then); rejects once the budget is closed. */
  take(priority: RequestPriority = 'normal'): Promise<void> {
    return new Promise((leave, refuse) => {
      if (this.closedWith) return refuse(this.closedWith);
      this.queues[priority].push({ leave, refuse });
      void this.pump();
    });
  }

  /** No request leaves any more: those waiting and any asked later are refused with `reason`. */
  close(reason: Error): void {
    this.closedWith = reason;
    for (const queue of Object.values(this.queues))
      for (const waiting of queue.splice(0)) waiting.refuse(reason);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting > 0) {
        const now = this.clock.now();
        while (this.sent.length > 0 && this.sent[0]! <= now - this.windowMs) this.sent.shift();
        const freeAt = this.nextFreeAt();
        if (freeAt <= now) {
          this.sent.push(now);
          const { urgent, normal, background } = this.queues;
          (urgent.shift() ?? normal.shift() ?? background.shift())!.leave();
        } else await this.clock.sleep(freeAt - now);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** When the next request may leave, by both limits. */
  private nextFreeAt(): number {
    const { sent } = this;
    const byWindow = sent.length < this.perWindow ? -Infinity : sent[0]! + this.windowMs;
    const byBurst = sent.length < this.burst ? -Infinity : sent[sent.length - this.burst]! + this.burstMs;
    return Math.max(byWindow, byBurst);
  }
}

/**
 * Whether Discord counts a request against the global limit: it carries the bot's token and is not on a route an
 * interaction token opens (the callback, and the webhook routes of the token), which Discord leaves outside it.
 */
export function isGlobalBound(url: string, init: { headers?: unknown }): boolean {
  const headers = new Headers(init.headers as HeadersInit | undefined);
  return /^Bot /.test(headers.get('authorization') ?? '') && !isInteractionRoute(url);
}

/** `/interactions/{id}/{token}/callback` and `/webhooks/{application}/{token}[/…]`. */
export function isInteractionRoute(url: string): boolean {
  const path = new URL(url, 'http://localhost').pathname;
  return /\/interactions\/\d+\/[^/]+\/callback$/.test(path) || /\/webhooks\/\d+\/[^/]+(\/|$)/.test(path);
}

/** The channels whose requests go first: where a person is to act (their board and turn mention). */
export class UrgentChannels {
  private readonly channels = new Set<string>();

  mark(channelId: string, urgent: boolean): void {
    if (urgent) this.channels.add(channelId);
    else this.channels.delete(channelId);
  }

  /** Whether the request (by its URL) is for one of these channels. */
  isFor(url: string): boolean {
    const channel = /\/channels\/(\d+)/.exec(url)?.[1];
    return channel !== undefined && this.channels.has(channel);
  }
}

/** The request's headers without BACKGROUND_REQUEST_HEADER, and whether it carried it. */
function withoutBackgroundMark(headers: unknown): { headers: Record<string, string>; background: boolean } {
  const all = new Headers(headers as HeadersInit | undefined);
  const background = all.has(BACKGROUND_REQUEST_HEADER);
  all.delete(BACKGROUND_REQUEST_HEADER);
  const kept: Record<string, string> = {};
  all.forEach((value, name) => (kept[name] = value));
  return { headers: kept, background };
}

/** discord.js's default time a request may take, once it has left. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * The REST options that keep this process's bot-token requests within `perSecond` over every sliding window,
 * with the requests for `urgent` channels first.
 *
 * The requests wait here, inside `makeRequest`, where discord.js's request timeout already runs: so its own
 * limiter is left wide open, and the timeout of a request starts here once it leaves (with discord.js's, a busy
 * bot's queued requests timed out). Waiting here, not in discord.js's queue, lets the board of a person whose
 * turn it is go first: under a full budget (bench:scale, 2,000 games at once) the others wait about a minute.
 *
 * Once `stop` is aborted (the bot destroyed), no bot-token request leaves: those waiting here and any made later
 * fail unsent, as discord.js's own requests do once the client's token is gone (a board edit still waiting here
 * would otherwise reach Discord from a process that gave its shards up, after their next holder's).
 */
export function budgetedRestOptions(
  perSecond: number,
  urgent: UrgentChannels = new UrgentChannels(),
  baseMakeRequest: RESTOptions['makeRequest'] = DefaultRestOptions.makeRequest,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
  stop?: AbortSignal,
): Pick<RESTOptions, 'makeRequest' | 'globalRequestsPerSecond'> {
  const makeRequest = followUpsOnce(baseMakeRequest);
  const budget = new SlidingRequestBudget(perSecond);
  const stopped = () => new Error('the bot was stopped: the request was not sent');
  stop?.addEventListener('abort', () => budget.close(stopped()), { once: true });
  return {
    globalRequestsPerSecond: Number.MAX_SAFE_INTEGER,
    makeRequest: async (url, init) => {
      // Unchanged (its headers object too: followUpsOnce tells a request's attempts apart by it).
      if (!isGlobalBound(url, init)) return makeRequest(url, init);
      if (stop?.aborted) throw stopped();
      const { headers, background } = withoutBackgroundMark(init.headers);
      await budget.take(background ? 'background' : urgent.isFor(url) ? 'urgent' : 'normal');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        return await makeRequest(url, { ...init, headers, signal: controller.signal });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
