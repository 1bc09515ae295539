/**
 * A follow-up has no nonce: if @discordjs/rest sent it again after a timeout, a message that did reach Discord
 * would be posted twice (found as two summaries and two turn mentions in one channel in a full-size bench:scale
 * run with a slow Discord). Edits stay retried as before: repeating one is harmless.
 */
import { REST, Routes, type RESTOptions } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { budgetedRestOptions } from '../../../src/bot/publishing/request-budget';
import { FollowUpNotResent, isFollowUpPost } from '../../../src/bot/publishing/follow-ups-once';

type MakeRequest = RESTOptions['makeRequest'];

/** A Discord that never answers: each attempt ends when @discordjs/rest's timeout aborts it. */
function silentDiscord(): { makeRequest: MakeRequest; attempts: string[] } {
  const attempts: string[] = [];
  const makeRequest: MakeRequest = (url, init) => {
    attempts.push(`${init.method} ${new URL(url).pathname}`);
    return new Promise((_, reject) => {
      const signal = init.signal as AbortSignal;
      signal.addEventListener('abort', () =>
        reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
      );
    });
  };
  return { makeRequest, attempts };
}

function restOver(makeRequest: MakeRequest): REST {
  return new REST({
    api: 'http://127.0.0.1:9/api',
    timeout: 50,
    retries: 3,
    ...budgetedRestOptions(50, undefined, makeRequest),
  }).setToken('bot-token');
}

describe('follow-ups sent once', () => {
  it('tells a follow-up post from the webhook routes that are safe to repeat', () => {
    expect(isFollowUpPost('https://discord.com/api/v10/webhooks/1/tok', 'POST')).toBe(true);
    expect(isFollowUpPost('https://discord.com/api/v10/webhooks/1/tok?wait=true', 'post')).toBe(true);
    expect(isFollowUpPost('https://discord.com/api/v10/webhooks/1/tok/messages/2', 'PATCH')).toBe(false);
    expect(isFollowUpPost('https://discord.com/api/v10/webhooks/1/tok/messages/@original', 'DELETE')).toBe(
      false,
    );
    expect(isFollowUpPost('https://discord.com/api/v10/channels/3/messages', 'POST')).toBe(false);
  });

  it('does not send a timed-out follow-up again, and still retries an edit', async () => {
    const discord = silentDiscord();
    const rest = restOver(discord.makeRequest);
    const followUp = rest.post(Routes.webhook('1', 'tok'), { body: { content: 'hi' }, auth: false });
    await expect(followUp).rejects.toBeInstanceOf(FollowUpNotResent);
    expect(discord.attempts).toEqual(['POST /api/v10/webhooks/1/tok']);

    discord.attempts.length = 0;
    const edit = rest.patch(Routes.webhookMessage('1', 'tok', '2'), { body: { content: 'hi' }, auth: false });
    await expect(edit).rejects.toThrow(/abort/i);
    expect(discord.attempts).toHaveLength(4);
  });

  it('sends a follow-up again after a 429 (nothing was posted)', async () => {
    const sent: string[] = [];
    const rest = restOver((url, init) => {
      sent.push(`${init.method} ${new URL(url).pathname}`);
      const limited = sent.length === 1;
      return Promise.resolve(
        new Response(
          JSON.stringify(limited ? { message: 'limited', retry_after: 0.01, global: false } : { id: '1' }),
          {
            status: limited ? 429 : 200,
            headers: { 'content-type': 'application/json', ...(limited ? { 'retry-after': '0.01' } : {}) },
          },
        ) as never,
      );
    });
    await rest.post(Routes.webhook('1', 'tok'), { body: { content: 'your turn' }, auth: false });
    expect(sent).toEqual(['POST /api/v10/webhooks/1/tok', 'POST /api/v10/webhooks/1/tok']);
  });

  it('sends a second follow-up alike as a new message', async () => {
    const sent: string[] = [];
    const rest = restOver((url, init) => {
      sent.push(`${init.method} ${new URL(url).pathname}`);
      return Promise.resolve(
        new Response(JSON.stringify({ id: String(sent.length) }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }) as never,
      );
    });
    for (let i = 0; i < 2; i++)
      await rest.post(Routes.webhook('1', 'tok'), { body: { content: 'your turn' }, auth: false });
    expect(sent).toEqual(['POST /api/v10/webhooks/1/tok', 'POST /api/v10/webhooks/1/tok']);
  });
});
