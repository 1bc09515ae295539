/**
 * The bot on a PostgreSQL server that is paused (SIGSTOP: connections open, nothing answers): a click and a
 * command are answered within Discord's 3 s with the storage message, not "The application did not respond";
 * after SIGCONT the same click works.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../../src/bot/respond';
import { openStorageAt } from '../../src/store/open-storage';
import { channelGame, createHarness, waitUntil, type Harness } from '../bot/harness';
import { startOutageServer, type OutageServer } from '../support/pg-outage-server';

let server: OutageServer;
let h: Harness | null = null;
beforeAll(async () => {
  server = await startOutageServer();
});
afterEach(async () => {
  server.resume();
  await h?.close();
  h = null;
});
afterAll(async () => {
  await server?.close();
});

describe('a paused PostgreSQL', () => {
  it('clicks and commands get the storage message within 3 s, and work again once it resumes', async () => {
    const postgres = await openStorageAt(await server.createDatabase(), { poolSize: 3 });
    // No sweep on a timer: a sweep failing in the pause would be reported, and the harness throws on reports.
    h = await createHarness({ wrapStorage: () => postgres, serviceConfig: { sweepEveryMs: null } });
    const { alice, bob } = h.users;
    const opened = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'hare', subcommand: 'start' }),
    );
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const join = () =>
      h!.fake.clickButton({ user: bob, messageId: lobbyId, customId: `hare:lobby:${gameId}:join` });

    server.pause();
    const click = await h.fake.waitForFinal(join(), 5000);
    expect(click.latencyMs).toBeLessThan(3000);
    expect(click.finalLatencyMs).toBeLessThan(3000);
    const toBob = h.fake.messages(h.channel.id).filter((m) => m.visibleTo === bob.id);
    expect(toBob.map((m) => m.content)).toContain(STORAGE_UNAVAILABLE);

    const status = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'hare', subcommand: 'status' }),
      5000,
    );
    expect(status.latencyMs).toBeLessThan(3000);
    expect(status.message?.content).toBe(STORAGE_UNAVAILABLE);

    server.resume();
    const again = await h.fake.waitForResponse(join());
    expect(again.latencyMs).toBeLessThan(3000);
    await waitUntil(
      async () => (await h!.service.getGame(gameId))!.seats.some((seat) => seat.userId === bob.id),
      10_000,
      'Bob seated',
    );
  });
});
