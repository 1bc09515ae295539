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

  it('keeps two processes together within Discord’s global limit, where each at its own full speed is refused', async () => {
    fake = new FakeDiscord({ globalRequestsPerSecond: 50 });
    const { channel } = fake.addGuild({ channels: ['general'] });
    await fake.start();
    /** Two processes reading 40 times each at once; the requests the fake refused. */
    const refusedWith = async (perSecond: number) => {
      const processes = [0, 1].map(() =>
        new REST({ ...fake!.restOptions(), globalRequestsPerSecond: perSecond }).setToken('fake-token'),
      );
      const from = fake!.requests.length;
      await Promise.all(
        processes.flatMap((rest) => Array.from({ length: 40 }, () => rest.get(Routes.channel(channel.id)))),
      );
      await new Promise((done) => setTimeout(done, 1100)); // the next run starts in a fresh second
      return fake!.requests.slice(from).filter((entry) => entry.status === 429).length;
    };
    expect(await refusedWith(requestsPerSecondOf({ ids: [0], count: 2 }))).toBe(0);
    expect(await refusedWith(requestsPerSecondOf({ ids: [0, 1], count: 2 }))).toBeGreaterThan(0);
  });
});
