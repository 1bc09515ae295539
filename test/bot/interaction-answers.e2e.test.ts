/**
 * How commands are answered through the fake Discord: `/<game> start` acknowledges before the requests its
 * checks make, a failure after a public "thinking…" replaces it, and nothing the bot posts pings anyone unless
 * the message names whom.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/games/registry';
import { hareModule } from '../../src/games/hare/index';
import { tinyModule } from '../support/tiny-game';
import { channelGame, createHarness, waitUntil, type Harness } from './harness';

type FakeChannel = Harness['channel'];

describe('answering commands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  const start = (channel: FakeChannel) =>
    h.fake.slashCommand({
      user: h.users.alice,
      channel,
      name: 'tiny',
      subcommand: 'start',
      options: { target: 3 },
    });

  /** The position in the REST log of the interaction's first callback. */
  const callbackSeq = (interactionId: string) =>
    h.fake.requests.find((r) => r.method === 'POST' && r.path.startsWith(`/interactions/${interactionId}/`))!
      .seq;

  it('defers /start publicly before joining a thread, and the deferred reply becomes the lobby', async () => {
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'tiny night', type: 'public' });
    const interaction = start(thread);
    const first = await h.fake.waitForResponse(interaction);
    expect(first.type).toBe(5);
    expect(first.ephemeral).toBe(false);
    const final = await h.fake.waitForFinal(interaction);
    const join = h.fake.requests.find(
      (r) => r.method === 'PUT' && r.path === `/channels/${thread.id}/thread-members/@me`,
    )!;
    expect(callbackSeq(interaction.id)).toBeLessThan(join.seq);
    const game = await waitUntil(
      async () => (await h.service.findActiveGameInChannel(thread.id))?.boardMessageId,
      5000,
      'the lobby recorded',
    );
    expect(final.message?.id).toBe(game);
    expect(final.message?.embeds[0]?.title).toMatch(/Tiny/);
  });

  it('defers /start privately before asking Discord about a private thread, and refuses privately', async () => {
    const thread = h.fake.addThread({
      parentId: h.channel.id,
      name: 'secret',
      type: 'private',
      ownerId: h.users.alice.id,
    });
    const interaction = start(thread);
    const final = await h.fake.waitForFinal(interaction);
    expect(final.type).toBe(5);
    expect(final.ephemeral).toBe(true);
    expect(final.message?.content).toMatch(/private thread/);
    const lookup = h.fake.requests.find((r) => r.method === 'GET' && r.path === `/channels/${thread.id}`);
    expect(lookup).toBeDefined();
    expect(callbackSeq(interaction.id)).toBeLessThan(lookup!.seq);
  });

  it('after a private deferral posts the lobby in the channel and links it in the private answer', async () => {
    const thread = h.fake.addThread({
      parentId: h.channel.id,
      name: 'members',
      type: 'private',
      ownerId: h.users.alice.id,
    });
    h.fake.addThreadMembers(thread.id, [h.fake.bot]);
    await waitUntil(() => h.bot.client.channels.cache.has(thread.id), 5000, 'THREAD_CREATE');
    // The bot's cache lost the thread: it must ask Discord before it knows whether a game can run there.
    h.bot.client.channels.cache.delete(thread.id);
    const interaction = start(thread);
    const final = await h.fake.waitForFinal(interaction);
    expect(final.type).toBe(5);
    expect(final.ephemeral).toBe(true);
    const lobbyId = await waitUntil(
      async () => (await h.service.findActiveGameInChannel(thread.id))?.boardMessageId,
      5000,
      'the lobby recorded',
    );
    expect(final.message?.content).toContain(`/channels/${h.guildId}/${thread.id}/${lobbyId}`);
    const lobby = h.fake.message(lobbyId)!;
    expect(lobby.channelId).toBe(thread.id);
    expect(lobby.visibleTo).toBeNull();
    expect(lobby.embeds[0]?.title).toMatch(/Tiny/);
  });

  it('replaces the public "thinking…" with the refusal when /start fails after deferring', async () => {
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'busy', type: 'public' });
    // A lobby opened meanwhile (the bot has not joined the thread yet): the start defers, joins, then refuses.
    await h.service.openLobby({
      game: 'tiny',
      guildId: h.guildId,
      channelId: thread.id,
      host: { id: h.users.bob.id, name: 'Bob' },
    });
    const interaction = start(thread);
    const final = await h.fake.waitForFinal(interaction);
    expect(final.type).toBe(5);
    expect(final.message?.content).toMatch(/already has a Tiny lobby/);
    expect(final.message?.flags ?? 0).toBe(0);
    const followUps = h.fake.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith(`/webhooks/`) && r.path.includes(interaction.token),
    );
    expect(followUps).toEqual([]);
  });

  it('pings nobody unless a message names whom: the client-wide allowed mentions', async () => {
    const channel = await h.bot.client.channels.fetch(h.channel.id);
    if (!channel?.isSendable()) throw new Error('the test channel cannot receive messages');
    const sent = await channel.send(`<@${h.users.alice.id}> @everyone, a message that names nobody to ping`);
    expect(h.fake.message(sent.id)?.pinged).toEqual({ users: [], roles: [], everyone: false });
    const named = await channel.send({
      content: `<@${h.users.bob.id}>, your turn`,
      allowedMentions: { users: [h.users.bob.id] },
    });
    expect(h.fake.message(named.id)?.pinged.users).toEqual([h.users.bob.id]);
    expect(await channelGame(h)).toBeNull();
  });
});
