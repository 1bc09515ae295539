import type { RESTOptions } from 'discord.js';

type MakeRequest = RESTOptions['makeRequest'];

/**
 * Thrown instead of sending a follow-up a second time: the first attempt timed out or lost its connection, and
 * it may still have been posted. A follow-up has no nonce that would let Discord refuse the copy (a channel post
 * has), so @discordjs/rest's own retry (after a timeout or ECONNRESET, the same request up to three times) could
 * post it two or more times. The caller's outbox entry stays: the next redraw looks for the message on Discord
 * before posting anything (channel-sync.ts, resolveFollowUp).
 */
export class FollowUpNotResent extends Error {
  constructor() {
    super('a follow-up whose first attempt may have been posted is not sent again');
    this.name = 'FollowUpNotResent';
  }
}

/** `POST /webhooks/{application}/{token}`: a new follow-up message (edits and deletes are safe to repeat). */
export function isFollowUpPost(url: string, method: string | undefined): boolean {
  const path = new URL(url, 'http://localhost').pathname;
  return (method ?? 'GET').toUpperCase() === 'POST' && /\/webhooks\/\d+\/[^/]+\/?$/.test(path);
}

/**
 * `makeRequest` that does not send a follow-up again after an attempt that got no answer (a timeout, a lost
 * connection). An answer of any status lets the next attempt go: a 429 posted nothing, and Discord's 5xx are
 * retried as before. @discordjs/rest builds a request's options once and spreads them into every attempt, so
 * the headers object is the same across the attempts of one request and new for the next request (even one with
 * the same body, such as two turn mentions alike).
 */
export function followUpsOnce(makeRequest: MakeRequest): MakeRequest {
  const unanswered = new WeakSet<object>();
  return async (url, init) => {
    const headers = init.headers;
    if (!headers || typeof headers !== 'object' || !isFollowUpPost(url, init.method))
      return makeRequest(url, init);
    if (unanswered.has(headers)) throw new FollowUpNotResent();
    unanswered.add(headers);
    const response = await makeRequest(url, init);
    unanswered.delete(headers);
    return response;
  };
}
