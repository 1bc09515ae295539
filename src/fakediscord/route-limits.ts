/**
 * Discord's per-route rate limits, modelled conservatively: message writes (posts, edits, deletes) share one
 * bucket per channel, and every request made with one interaction token (its callback and the webhook routes it
 * opens) shares one bucket per token. Discord keeps these apart from the global limit: an interaction route
 * counts here only, a channel write here and against the global limit. A bucket is a window that starts with its
 * first request and lasts `windowMs`; the excess is refused with a 429 that is not global.
 */
import type { Params } from './http/router';

export interface RouteLimit {
  limit: number;
  windowMs: number;
}

export interface RouteLimits {
  /** Posts, edits and deletes of messages in one channel (conservative: Discord's posts alone are 5 per 5 s). */
  channelMessageWrites: RouteLimit | null;
  /** Every request made with one interaction token: the callback, follow-ups, and their edits and deletes. */
  interactionToken: RouteLimit | null;
}

/** Conservative figures for Discord's buckets. */
export const DISCORD_ROUTE_LIMITS: RouteLimits = {
  channelMessageWrites: { limit: 5, windowMs: 5000 },
  interactionToken: { limit: 5, windowMs: 2000 },
};

/** Where a request's bucket is, from its method and route template; null: a route with no per-route limit here. */
export type RouteKind = 'channelMessageWrites' | 'interactionToken';

export function routeBucketOf(
  method: string,
  template: string,
  params: Params,
): { kind: RouteKind; key: string } | null {
  if (isInteractionRoute(template)) return { kind: 'interactionToken', key: `token:${params.token ?? ''}` };
  if (method !== 'GET' && template.startsWith('/channels/:channelId/messages')) {
    return { kind: 'channelMessageWrites', key: `channel:${params.channelId ?? ''}` };
  }
  return null;
}

/** The routes an interaction token opens (Discord keeps them outside the global limit). */
export function isInteractionRoute(template: string): boolean {
  return (
    template.startsWith('/interactions/:interactionId/:token/') ||
    template.startsWith('/webhooks/:appId/:token')
  );
}

export interface BucketState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetAfter: number;
  /** Seconds to wait when refused, else null. */
  retryAfter: number | null;
}

/** The buckets of one fake Discord, counted per bot (the key includes the channel or the interaction token). */
export class RouteBuckets {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private refusedCount = 0;

  constructor(private readonly limits: RouteLimits | null) {}

  /** Counts one request at `now` (ms) in its bucket; null when the route has no limit configured. */
  take(bucket: { kind: RouteKind; key: string }, now: number): BucketState | null {
    const rule = this.limits?.[bucket.kind] ?? null;
    if (rule === null) return null;
    let window = this.windows.get(bucket.key);
    if (!window || now >= window.start + rule.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(bucket.key, window);
      this.forgetExpired(now);
    }
    const resetAfter = Math.max(0.001, (window.start + rule.windowMs - now) / 1000);
    if (window.count >= rule.limit) {
      this.refusedCount += 1;
      return { limit: rule.limit, remaining: 0, resetAfter, retryAfter: resetAfter };
    }
    window.count += 1;
    return { limit: rule.limit, remaining: rule.limit - window.count, resetAfter, retryAfter: null };
  }

  /** Requests refused by a per-route limit so far. */
  get refused(): number {
    return this.refusedCount;
  }

  /** Keeps the map small over long runs: drops windows older than the longest one configured. */
  private forgetExpired(now: number): void {
    if (this.windows.size < 10_000) return;
    const longest = Math.max(
      this.limits?.channelMessageWrites?.windowMs ?? 0,
      this.limits?.interactionToken?.windowMs ?? 0,
    );
    for (const [key, window] of this.windows) {
      if (now >= window.start + longest) this.windows.delete(key);
    }
  }
}
