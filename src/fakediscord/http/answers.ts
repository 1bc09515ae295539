/** The fake's answers other than a route's own: errors, faults, rate-limit refusals, and X-RateLimit-* headers. */
import { createHash } from 'node:crypto';
import { ApiError, Errors } from '../errors';
import type { FaultRule } from '../faults';
import type { RestLogEntry } from '../model';
import type { BucketState } from '../route-limits';

export interface Answer {
  status: number;
  body?: unknown;
  headers: Record<string, string>;
  fault: RestLogEntry['fault'];
}

export function errorAnswer(error: unknown, template: string | null): Answer {
  if (error instanceof ApiError) {
    return { status: error.status, body: error.body, headers: rateLimitHeaders(template), fault: null };
  }
  console.error('FakeDiscord: route handler failed', error);
  return { status: 500, body: { message: '500: Internal Server Error', code: 0 }, headers: {}, fault: null };
}

function bucket(template: string | null): string {
  return createHash('sha1')
    .update(template ?? 'unknown')
    .digest('hex')
    .slice(0, 16);
}

/** Generous limits on every normal answer, so @discordjs/rest never queues on its own. */
export function rateLimitHeaders(template: string | null): Record<string, string> {
  return {
    'x-ratelimit-limit': '1000',
    'x-ratelimit-remaining': '999',
    'x-ratelimit-reset': ((Date.now() + 1000) / 1000).toFixed(3),
    'x-ratelimit-reset-after': '1.000',
    'x-ratelimit-bucket': bucket(template),
  };
}

/** The bucket's state as Discord reports it on every answer. */
export function bucketHeaders(state: BucketState, template: string): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': ((Date.now() + state.resetAfter * 1000) / 1000).toFixed(3),
    'x-ratelimit-reset-after': state.resetAfter.toFixed(3),
    'x-ratelimit-bucket': bucket(template),
  };
}

/** A per-route limit's refusal, as Discord answers it (discord.js waits `retry-after` and sends it again). */
export function routeLimitAnswer(state: BucketState, template: string): Answer {
  const seconds = state.retryAfter ?? state.resetAfter;
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: seconds, global: false },
    headers: {
      ...bucketHeaders(state, template),
      'retry-after': seconds.toFixed(3),
      'x-ratelimit-scope': 'user',
    },
    fault: 'rateLimit',
  };
}

export function faultAnswer(
  rule: Pick<FaultRule, 'status' | 'retryAfterMs' | 'global'>,
  template: string,
): Answer {
  if (rule.status === 401) {
    const error = template.startsWith('/webhooks/') ? Errors.invalidWebhookToken() : Errors.unauthorized();
    return { status: 401, body: error.body, headers: {}, fault: 'unauthorized' };
  }
  if (rule.status !== 429) {
    return {
      status: rule.status,
      body: { message: `${rule.status}: Internal Server Error`, code: 0 },
      headers: {},
      fault: 'serverError',
    };
  }
  const seconds = (rule.retryAfterMs ?? 100) / 1000;
  const global = rule.global ?? false;
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: seconds, global },
    headers: {
      'retry-after': String(seconds),
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': ((Date.now() + seconds * 1000) / 1000).toFixed(3),
      'x-ratelimit-reset-after': seconds.toFixed(3),
      'x-ratelimit-bucket': bucket(template),
      'x-ratelimit-scope': global ? 'global' : 'user',
      ...(global ? { 'x-ratelimit-global': 'true' } : {}),
    },
    fault: 'rateLimit',
  };
}
