/**
 * Discord's per-route buckets in the fake: message writes per channel and requests per interaction token, each
 * refused with a 429 that is not global beyond its limit; interaction routes stay outside the global limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DISCORD_ROUTE_LIMITS, FakeDiscord, type FakeDiscordOptions } from '../../src/fakediscord/index';

let fake: FakeDiscord | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

async function start(options: FakeDiscordOptions) {
  fake = new FakeDiscord(options);
  const setup = fake.addGuild({ channels: ['general', 'games'] });
  const alice = fake.addUser({ username: 'alice' });
  await fake.start();
  return { fake, setup, alice };
}

function call(method: string, path: string, body?: unknown, bot = true): Promise<Response> {
  return fetch(`${fake!.apiUrl}/v10${path}`, {
    method,
    headers: {
      ...(bot ? { authorization: 'Bot fake-token' } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('FakeDiscord per-route limits', () => {
  it('lets 5 message writes a channel through in 5 s, refuses the 6th with a per-route 429, and counts other channels apart', async () => {
    const { setup } = await start({ routeLimits: DISCORD_ROUTE_LIMITS });
    const [general, games] = setup.channels;
    const first = await call('POST', `/channels/${general!.id}/messages`, { content: 'one' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    const { id } = (await first.json()) as { id: string };
    // Edits and deletes share the channel's bucket with posts.
    for (const status of [
      (await call('PATCH', `/channels/${general!.id}/messages/${id}`, { content: 'two' })).status,
      (await call('POST', `/channels/${general!.id}/messages`, { content: 'three' })).status,
      (await call('POST', `/channels/${general!.id}/messages`, { content: 'four' })).status,
      (await call('DELETE', `/channels/${general!.id}/messages/${id}`)).status,
    ])
      expect(status).toBeLessThan(300);
    const refused = await call('POST', `/channels/${general!.id}/messages`, { content: 'six' });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(5);
    expect(Number(refused.headers.get('retry-after'))).toBeCloseTo(body.retry_after, 2);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    expect(Number(refused.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(Date.now());
    expect(refused.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]+$/);
    expect(refused.headers.get('x-ratelimit-global')).toBeNull();
    expect(fake!.messages(general!.id).map((m) => m.content)).toEqual(['three', 'four']);
    // Reads are not writes, and another channel has a bucket of its own.
    expect((await call('GET', `/channels/${general!.id}/messages`)).status).toBe(200);
    expect((await call('POST', `/channels/${games!.id}/messages`, { content: 'elsewhere' })).status).toBe(
      200,
    );
    expect(fake!.requestCounts.perRouteRefused).toBe(1);
  });

  it('takes a limit of its configuration and opens the bucket again once its window has passed', async () => {
    const { setup } = await start({ routeLimits: { channelMessageWrites: { limit: 2, windowMs: 300 } } });
    const post = () => call('POST', `/channels/${setup.channel.id}/messages`, { content: 'x' });
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([200, 200, 429]);
    await new Promise((done) => setTimeout(done, 320));
    expect((await post()).status).toBe(200);
  });

  it('refuses a 6th request with one interaction token within 2 s, outside the global limit', async () => {
    // A global limit of 1 a second: the interaction routes would be refused at once if they counted there.
    const { setup, alice } = await start({ routeLimits: DISCORD_ROUTE_LIMITS, globalRequestsPerSecond: 1 });
    const ix = fake!.slashCommand({ user: alice, channel: setup.channel, name: 'show' });
    const webhook = `/webhooks/${fake!.applicationId}/${ix.token}`;
    const statuses = [
      (
        await call('POST', `/interactions/${ix.id}/${ix.token}/callback`, {
          type: 4,
          data: { content: 'hi' },
        })
      ).status,
      (await call('PATCH', `${webhook}/messages/@original`, { content: 'edited' }, false)).status,
      // With the bot's Authorization too: an interaction route is outside the global limit all the same.
      (await call('POST', webhook, { content: 'follow-up 1' })).status,
      (await call('POST', webhook, { content: 'follow-up 2' }, false)).status,
      (await call('GET', `${webhook}/messages/@original`, undefined, false)).status,
      (await call('POST', webhook, { content: 'follow-up 3' }, false)).status,
    ];
    expect(statuses).toEqual([204, 200, 204, 204, 200, 429]); // follow-ups without ?wait answer 204
    // The global budget of 1 a second is still whole for a bot-token request.
    expect((await call('GET', `/channels/${setup.channel.id}`)).status).toBe(200);
    expect((await call('GET', `/channels/${setup.channel.id}`)).status).toBe(429);
    expect(fake!.requestCounts).toEqual({ global: 2, interaction: 6, perRouteRefused: 1 });
    expect(fake!.peakRequestsPerSecond).toBe(1);
  });

  it('has no per-route limits unless asked, and answers with generous headers', async () => {
    const { setup } = await start({});
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await call('POST', `/channels/${setup.channel.id}/messages`, { content: `m${i}` });
      statuses.push(res.status);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(100);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(fake!.requestCounts).toEqual({ global: 8, interaction: 0, perRouteRefused: 0 });
  });
});
