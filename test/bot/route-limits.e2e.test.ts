/**
 * The bot against a fake Discord that keeps Discord's per-route limits (5 message writes per 5 s a channel, 5
 * requests per 2 s an interaction token): writes beyond a channel's bucket are refused with a 429 and discord.js
 * sends them again, so every message still gets through; and the bot's global budget leaves interaction routes
 * alone, as Discord's global limit does.
 */
import { Routes, type Message, type TextChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DISCORD_ROUTE_LIMITS } from '../../src/fakediscord/index';
import { createHarness, runCommand, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the bot under Discord’s per-route limits', () => {
  it('gets every message of a burst of channel writes through, though the fake refuses some with 429', async () => {
    h = await createHarness({ fake: { routeLimits: DISCORD_ROUTE_LIMITS } });
    const channel = (await h.bot.client.channels.fetch(h.channel.id)) as TextChannel;
    const first: Message = await channel.send('board v0');
    const from = h.fake.requests.length;
    // Posts and edits in one channel at once: discord.js queues each route apart, the channel's bucket holds both.
    const posts = Array.from({ length: 6 }, (_, i) => channel.send(`line ${i}`));
    const edits = Array.from({ length: 4 }, (_, i) => first.edit(`board v${i + 1}`));
    await Promise.all([...posts, ...edits]);

    const writes = h.fake.requests.slice(from).filter((entry) => entry.route?.startsWith('/channels/'));
    const refused = writes.filter((entry) => entry.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(h.fake.requestCounts.perRouteRefused).toBe(refused.length);
    expect(writes.filter((entry) => entry.status === 200)).toHaveLength(10);
    const contents = h.fake.messages(h.channel.id).map((m) => m.content);
    expect(contents.filter((c) => c.startsWith('line ')).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `line ${i}`),
    );
    expect(contents).toContain('board v4');
    // Never more than 5 accepted writes in a bucket's window: like Discord's, it begins at the first write after
    // the last window ended and lasts 5 s (a sliding count over any 5 s may see a window's end and the next's start).
    const accepted = writes.filter((entry) => entry.status === 200).map((entry) => entry.receivedAt);
    let windowEnd = -Infinity;
    const perWindow: number[] = [];
    for (const at of accepted.sort((a, b) => a - b)) {
      if (at >= windowEnd) {
        windowEnd = at + 5000;
        perWindow.push(0);
      }
      perWindow[perWindow.length - 1]! += 1;
    }
    expect(Math.max(...perWindow)).toBeLessThanOrEqual(5);
    expect(perWindow.length).toBeGreaterThan(1);
  }, 30_000);

  it('answers an interaction while its global budget is full: interaction routes neither count nor wait there', async () => {
    h = await createHarness({ fake: { routeLimits: DISCORD_ROUTE_LIMITS } });
    const rest = h.bot.client.rest;
    const counted = h.fake.requestCounts;
    // 150 bot-token reads: three windows of the bot's 50 a second, about 3 s of waiting in its budget.
    const reads = Array.from({ length: 150 }, () => rest.get(Routes.channel(h!.channel.id)));
    await new Promise((done) => setTimeout(done, 50));
    const askedAt = Date.now();
    const answer = await runCommand(h, h.users.alice, 'rules');
    const answeredAt = Date.now();
    await Promise.all(reads);
    const readsDoneAt = Date.now();
    expect(answer.type).toBeGreaterThan(0);
    expect(answeredAt - askedAt).toBeLessThan(1000);
    expect(readsDoneAt - answeredAt).toBeGreaterThan(1000);

    const after = h.fake.requestCounts;
    expect(after.global - counted.global).toBeGreaterThanOrEqual(150);
    expect(after.interaction - counted.interaction).toBeGreaterThan(0);
    expect(after.perRouteRefused).toBe(0);
    expect(h.fake.requests.filter((entry) => entry.status === 429)).toEqual([]);
  }, 30_000);
});
