/**
 * Lobby limits through the real discord.js client and the fake Discord: the caps per user and per server are
 * refused privately with why, and a lobby nobody touches closes itself with a note (its deadline kept across
 * restarts, its note shown even when the bot could not edit the message at the time). The service's clock is a
 * FakeClock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, serviceLimits } from '../../src/config';
import { FakeClock, type ServiceConfig } from '../../src/service/index';
import { allComponents, channelGame, createHarness, waitUntil, type Harness } from './harness';

type User = Harness['users']['alice'];
type Channel = Harness['channel'];

const MINUTE = 60_000;
const DEFAULTS = serviceLimits(loadConfig({}));
const EXPIRED_NOTE =
  '⌛ This lobby closed itself: nobody touched it for 15 minutes. Open a new one with `/hare start`.';

describe('lobby limits', () => {
  let h: Harness;
  let clock: FakeClock;
  afterEach(async () => {
    await h.close();
  });

  async function harness(config: Partial<ServiceConfig> = {}) {
    clock = new FakeClock(Date.now());
    h = await createHarness({ clock, serviceConfig: { ...DEFAULTS, ...config } });
  }

  /** `/hare start`, once the bot has recorded the lobby's message (the clock must not move before). */
  async function start(user: User, channel: Channel = h.channel) {
    const outcome = await h.fake.waitForFinal(
      h.fake.slashCommand({ user, channel, name: 'hare', subcommand: 'start' }),
    );
    if (!outcome.ephemeral)
      await waitUntil(
        async () => (await h.service.findActiveGameInChannel(channel.id))?.boardMessageId,
        5000,
        'the lobby',
      );
    return outcome;
  }

  const closedWithNote = (messageId: string) => {
    const message = h.fake.message(messageId);
    return message && message.components.length === 0 && message.embeds[0]?.description === EXPIRED_NOTE
      ? message
      : null;
  };

  it('one user hosts at most 3 open lobbies; the fourth is refused privately with why', async () => {
    await harness();
    const { alice, bob } = h.users;
    const channels = [h.channel, ...[2, 3, 4].map((n) => h.fake.addTextChannel(h.guildId, `table-${n}`))];
    for (const channel of channels.slice(0, 3)) expect((await start(alice, channel)).ephemeral).toBe(false);
    const refused = await start(alice, channels[3]);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe(
      'You already host 3 open lobbies, the most one player may: start or cancel one of them first.',
    );
    expect(await h.service.findActiveGameInChannel(channels[3]!.id)).toBeNull();
    expect((await start(bob, channels[3])).ephemeral, 'another user may still open one').toBe(false);
  });

  it('a server holds at most its cap of open lobbies, whoever opens them', async () => {
    await harness({ maxLobbiesPerServer: 2 });
    const { alice, bob, carol } = h.users;
    const channels = [h.channel, ...[2, 3].map((n) => h.fake.addTextChannel(h.guildId, `table-${n}`))];
    await start(alice, channels[0]);
    await start(bob, channels[1]);
    const refused = await start(carol, channels[2]);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe(
      'This server already has 2 open lobbies, the most it may have at once: join one of them, or try again once one has started or closed.',
    );
    expect(await h.service.findActiveGameInChannel(channels[2]!.id)).toBeNull();
  });

  it('a lobby nobody touches for 15 minutes closes itself: no live buttons, and the message says why', async () => {
    await harness();
    const { alice, bob } = h.users;
    const lobbyId = (await start(alice)).message!.id;
    const gameId = (await channelGame(h))!.id;
    expect(allComponents(h.fake.message(lobbyId)!).length).toBeGreaterThan(0);
    await clock.advance(10 * MINUTE);
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: bob, messageId: lobbyId, customId: `hare:lobby:${gameId}:join` }),
    );
    await clock.advance(15 * MINUTE - 1);
    expect((await h.service.getGame(gameId))!.status, 'Join counts as a touch').toBe('lobby');
    await clock.advance(1);

    await waitUntil(() => closedWithNote(lobbyId), 5000, 'the closed lobby');
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.channelSettled,
      5000,
      'the settled channel',
    );
    expect((await h.service.getGame(gameId))!.status).toBe('cancelled');
    expect((await start(alice)).ephemeral, 'the channel is free again').toBe(false);
  });

  it('keeps the deadline across a restart', async () => {
    await harness();
    const lobbyId = (await start(h.users.alice)).message!.id;
    await clock.advance(14 * MINUTE);
    await h.restart();
    await clock.advance(MINUTE);
    await waitUntil(() => closedWithNote(lobbyId), 5000, 'the closed lobby');
  });

  it('shows the note at the next start when the message could not be edited at the time', async () => {
    await harness();
    const lobbyId = (await start(h.users.alice)).message!.id;
    const gameId = (await channelGame(h))!.id;
    const fault = h.fake.failNext({
      method: 'PATCH',
      route: `/messages/${lobbyId}`,
      status: 500,
      durationMs: 60_000,
    });
    await clock.advance(15 * MINUTE);
    await waitUntil(() => fault.hits > 0, 5000, 'the failed edit');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await h.service.getGame(gameId))!.status).toBe('cancelled');
    expect(allComponents(h.fake.message(lobbyId)!).length, 'the edit failed').toBeGreaterThan(0);
    fault.cancel();

    await h.restart();
    await waitUntil(() => closedWithNote(lobbyId), 5000, 'the closed lobby after the restart');
  });
});
