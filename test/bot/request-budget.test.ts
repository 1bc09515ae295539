/**
 * Discord counts every bot-token request of one bot against 50 a second, whichever process sends it. The
 * processes of a sharded bot split that budget between them, so together they stay within it.
 */
import { REST, Routes, type RESTOptions } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BACKGROUND_REQUEST_HEADER,
  budgetedRestOptions,
  requestsPerSecondOf,
  SlidingRequestBudget,
  UrgentChannels,
} from '../../src/bot/publishing/request-budget';
import { FakeDiscord } from '../../src/fakediscord/index';

let fake: FakeDiscord | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

describe("the bot's request budget", () => {
  it('gives each of the processes an equal share of the 50 requests a second', () => {
    expect(requestsPerSecondOf(undefined)).toBe(50);
    expect(requestsPerSecondOf('auto')).toBe(50);
    expect(requestsPerSecondOf({ ids: [0, 1], count: 2 })).toBe(50);
    expect(requestsPerSecondOf({ ids: [0], count: 2 })).toBe(25);
    expect(requestsPerSecondOf({ ids: [2, 3], count: 4 })).toBe(25);
    expect(requestsPerSecondOf({ ids: [5], count: 64 })).toBe(1);
  });

  it('keeps two processes within Discord’s 50 a second in every one of its seconds, where fixed windows of 25 do not', async () => {
    fake = new FakeDiscord({ globalRequestsPerSecond: 50 });
    const { channel } = fake.addGuild({ channels: ['general'] });
    await fake.start();
    const share = requestsPerSecondOf({ ids: [0], count: 2 });
    /**
     * Two processes asking in bursts whose windows are not Discord's: A at 0, 950 and 1,000 ms, B half a second
     * later. With a window each, A's second burst and both of B's fall into one of Discord's seconds.
     */
    const refusedWith = async (restOptions: () => Partial<RESTOptions>) => {
      const [a, b] = [0, 1].map(() =>
        new REST({ ...fake!.restOptions(), ...restOptions() }).setToken('fake-token'),
      );
      const from = fake!.requests.length;
      const burst = (rest: REST, atMs: number, count: number) =>
        new Promise<void>((done, fail) =>
          setTimeout(() => {
            Promise.all(Array.from({ length: count }, () => rest.get(Routes.channel(channel.id)))).then(
              () => done(),
              fail,
            );
          }, atMs),
        );
      await Promise.all([
        burst(a!, 0, 1),
        burst(a!, 950, 24),
        burst(a!, 1000, 25),
        burst(b!, 500, 1),
        burst(b!, 1450, 24),
        burst(b!, 1500, 25),
      ]);
      await new Promise((done) => setTimeout(done, 1200)); // the next run starts in a fresh second
      return fake!.requests.slice(from).filter((entry) => entry.status === 429).length;
    };
    // The bursts are timed by real timers: on a loaded machine they may fire late and spread out of one of
    // Discord's seconds, so fixed windows get three runs to show their refusals (on a quiet machine, the first).
    let refusedInWindows = 0;
    for (let run = 0; run < 3 && refusedInWindows === 0; run++)
      refusedInWindows = await refusedWith(() => ({ globalRequestsPerSecond: share }));
    expect(refusedInWindows).toBeGreaterThan(0);
    expect(await refusedWith(() => budgetedRestOptions(share))).toBe(0);
  });
});

/** A clock whose sleeps pass at once (after the callbacks already due have run). */
function steppingClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      await Promise.resolve();
      now += ms;
    },
  };
}

describe('what the budget holds', () => {
  it('lets interaction-token routes leave at once even with the bot token on them: Discord does not count them', async () => {
    const sent: string[] = [];
    const makeRequest: RESTOptions['makeRequest'] = async (url) => {
      sent.push(url);
      // A web Response (its body type differs from undici's, which discord.js names, in the typings only).
      return new Response(null, { status: 204 }) as unknown as Awaited<
        ReturnType<RESTOptions['makeRequest']>
      >;
    };
    // One request a window: a second request counted here would wait 1.1 s.
    const { makeRequest: budgeted } = budgetedRestOptions(1, new UrgentChannels(), makeRequest);
    const bot = { headers: { authorization: 'Bot fake-token' } };
    const api = 'http://127.0.0.1:1/api/v10';
    const started = performance.now();
    await budgeted(`${api}/channels/1/messages`, { ...bot, method: 'POST' });
    await Promise.all([
      budgeted(`${api}/interactions/2/aW50ZXJhY3Rpb24/callback`, { ...bot, method: 'POST' }),
      budgeted(`${api}/webhooks/3/aW50ZXJhY3Rpb24`, { ...bot, method: 'POST' }),
      budgeted(`${api}/webhooks/3/aW50ZXJhY3Rpb24/messages/%40original`, { ...bot, method: 'PATCH' }),
      budgeted(`${api}/webhooks/3/aW50ZXJhY3Rpb24/messages/4?wait=true`, { ...bot, method: 'DELETE' }),
    ]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(sent).toHaveLength(5);
    // A channel write still waits for the budget.
    await budgeted(`${api}/channels/1/messages`, { ...bot, method: 'POST' });
    expect(performance.now() - started).toBeGreaterThan(900);
  });

  it('sends nothing once the bot is stopped: the requests still waiting for the budget fail unsent', async () => {
    const sent: string[] = [];
    const makeRequest: RESTOptions['makeRequest'] = async (url) => {
      sent.push(url);
      return new Response(null, { status: 204 }) as unknown as Awaited<
        ReturnType<RESTOptions['makeRequest']>
      >;
    };
    const stop = new AbortController();
    const { makeRequest: budgeted } = budgetedRestOptions(
      1,
      new UrgentChannels(),
      makeRequest,
      15_000,
      stop.signal,
    );
    const bot = { headers: { authorization: 'Bot fake-token' } };
    const api = 'http://127.0.0.1:1/api/v10';
    await budgeted(`${api}/channels/1/messages`, { ...bot, method: 'POST' });
    // One request a window: this one waits about a second, and the bot is stopped meanwhile.
    const waiting = budgeted(`${api}/channels/1/messages/2`, { ...bot, method: 'PATCH' });
    stop.abort();
    await expect(waiting).rejects.toThrow(/not sent/);
    await expect(budgeted(`${api}/channels/1/messages/3`, { ...bot, method: 'PATCH' })).rejects.toThrow(
      /not sent/,
    );
    // An interaction's answer does not wait for the budget, and is still given.
    await budgeted(`${api}/interactions/2/aW50ZXJhY3Rpb24/callback`, { ...bot, method: 'POST' });
    expect(sent).toEqual([`${api}/channels/1/messages`, `${api}/interactions/2/aW50ZXJhY3Rpb24/callback`]);
  });
});

describe('the sliding request budget', () => {
  it('keeps a busy process’s requests out of discord.js’s request timeout: they queue before it, not in the budget', async () => {
    fake = new FakeDiscord({ globalRequestsPerSecond: 50 });
    const names = Array.from({ length: 40 }, (_, i) => `table-${i}`);
    const { channels } = fake.addGuild({ channels: names });
    await fake.start();
    // 40 requests at once, one per channel (each its own route queue), on a budget of 10 a second: the last
    // leaves about 4 s later, past a 2 s timeout, unless it waits for its turn before the timeout starts.
    const rest = new REST({ ...fake.restOptions(), ...budgetedRestOptions(10), timeout: 2000, retries: 0 });
    rest.setToken('fake-token');
    const outcomes = await Promise.allSettled(
      channels.map((channel) => rest.get(Routes.channel(channel.id))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  });

  it('lets at most its share leave in any window, spread over it, in the order asked', async () => {
    const clock = steppingClock();
    const budget = new SlidingRequestBudget(3, 900, clock);
    const left: number[] = [];
    await Promise.all(Array.from({ length: 8 }, () => budget.take().then(() => left.push(clock.now()))));
    expect(left).toEqual([0, 300, 600, 900, 1200, 1500, 1800, 2100]);
    for (const at of left) expect(left.filter((t) => t > at - 900 && t <= at).length).toBeLessThanOrEqual(3);
  });

  it('lets a request asked while the budget is full leave within a small part of the window, not the next window', async () => {
    const clock = steppingClock();
    const budget = new SlidingRequestBudget(25, 1100, clock);
    const left: number[] = [];
    const others = Array.from({ length: 60 }, () => budget.take().then(() => left.push(clock.now())));
    let urgentLeftAt = -1;
    const urgent = budget.take('urgent').then(() => (urgentLeftAt = clock.now()));
    await Promise.all([...others, urgent]);
    // A share spent at once in a burst would leave nothing for a person's board until the window has passed.
    expect(urgentLeftAt).toBeLessThanOrEqual(1100 / 5);
    const all = [...left, urgentLeftAt];
    for (const at of all) expect(all.filter((t) => t > at - 1100 && t <= at).length).toBeLessThanOrEqual(25);
  });

  it('lets a background request (a read nobody waits on) go after the others that wait', async () => {
    const budget = new SlidingRequestBudget(2, 1000, steppingClock());
    const order: string[] = [];
    const asks = [
      budget.take().then(() => order.push('first')),
      ...['read 1', 'read 2'].map((name) => budget.take('background').then(() => order.push(name))),
      ...['a', 'b'].map((name) => budget.take().then(() => order.push(name))),
      budget.take('urgent').then(() => order.push('urgent')),
    ];
    await Promise.all(asks);
    expect(order).toEqual(['first', 'urgent', 'a', 'b', 'read 1', 'read 2']);
  });

  it('sends a request marked as background without its mark, after the requests that wait', async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const makeRequest: RESTOptions['makeRequest'] = async (url, init) => {
      sent.push({ url, headers: { ...(init.headers as Record<string, string>) } });
      return new Response('[]', { status: 200 }) as unknown as Awaited<
        ReturnType<RESTOptions['makeRequest']>
      >;
    };
    const urgent = new UrgentChannels();
    urgent.mark('1', true);
    const { makeRequest: budgeted } = budgetedRestOptions(1, urgent, makeRequest);
    const api = 'http://127.0.0.1:1/api/v10';
    const bot = { authorization: 'Bot fake-token' };
    await budgeted(`${api}/channels/2/messages`, { headers: bot, method: 'POST' });
    // The window is full: the read (of a channel where a person waits) is asked first and leaves last.
    await Promise.all([
      budgeted(`${api}/channels/1/messages?limit=20`, {
        headers: { ...bot, [BACKGROUND_REQUEST_HEADER]: '1' },
        method: 'GET',
      }),
      budgeted(`${api}/channels/3/messages`, { headers: bot, method: 'POST' }),
    ]);
    expect(sent.map((request) => request.url)).toEqual([
      `${api}/channels/2/messages`,
      `${api}/channels/3/messages`,
      `${api}/channels/1/messages?limit=20`,
    ]);
    expect(sent[2]!.headers).toEqual(bot);
  }, 10_000);

  it('lets an urgent request (a channel where a person waits) go before the others that wait', async () => {
    const budget = new SlidingRequestBudget(2, 1000, steppingClock());
    const order: string[] = [];
    const asks = [
      ...['a', 'b', 'c', 'd'].map((name) => budget.take().then(() => order.push(name))),
      budget.take('urgent').then(() => order.push('urgent')),
    ];
    await Promise.all(asks);
    // 'a' leaves at once; the others were asked while it left, and the urgent one goes next.
    expect(order).toEqual(['a', 'urgent', 'b', 'c', 'd']);
    const urgent = new UrgentChannels();
    urgent.mark('123', true);
    expect(urgent.isFor('http://127.0.0.1/api/v10/channels/123/messages')).toBe(true);
    expect(urgent.isFor('http://127.0.0.1/api/v10/channels/456/messages')).toBe(false);
    urgent.mark('123', false);
    expect(urgent.isFor('http://127.0.0.1/api/v10/channels/123/messages')).toBe(false);
  });
});
