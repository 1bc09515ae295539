/**
 * Discord counts every bot-token request of one bot against 50 a second, whichever process sends it. The
 * processes of a sharded bot split that budget between them, so together they stay within it.
 */
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsPerSecondOf } from '../../src/bot/request-budget';
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

  it('keeps two processes together within Discord’s global limit, with no request refused', async () => {
    fake = new FakeDiscord();
    const { channel } = fake.addGuild({ channels: ['general'] });
    await fake.start();
    const processes = [0, 1].map((shard) =>
      new REST({
        ...fake!.restOptions(),
        globalRequestsPerSecond: requestsPerSecondOf({ ids: [shard], count: 2 }),
      }).setToken('fake-token'),
    );
    const from = fake.requests.length;
    await Promise.all(
      processes.flatMap((rest) => Array.from({ length: 40 }, () => rest.get(Routes.channel(channel.id)))),
    );
    const answers = fake.requests.slice(from);
    expect(answers).toHaveLength(80);
    expect(answers.filter((entry) => entry.status === 429)).toEqual([]);
    expect(fake.peakRequestsPerSecond).toBeLessThanOrEqual(50);
  });
});
