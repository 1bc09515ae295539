import { Routes, type Client, type TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, RecordedInteraction } from '../../src/fakediscord/index';
import { loginClient, onInteraction, startHarness, stopHarness, type Harness } from './helpers';

const FIFTEEN_MINUTES = 15 * 60_000;

describe('FakeDiscord interaction tokens, as Discord treats them', () => {
  let h: Harness;
  let alice: FakeUser;
  let handler: ReturnType<typeof onInteraction> | undefined;
  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.addUser({ username: 'alice' });
  });
  afterEach(() => {
    handler?.off();
    h.fake.clearFaults();
  });
  afterAll(async () => stopHarness(h));

  /** A slash command answered with a plain reply; resolves once the reply is there. */
  async function answeredCommand(): Promise<RecordedInteraction> {
    handler = onInteraction(h.client, async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('hello');
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    await h.fake.waitForResponse(ix);
    return ix;
  }

  function original(client: Client, token: string, auth: boolean): Promise<unknown> {
    return client.rest.get(Routes.webhookMessage(h.fake.applicationId, token, '@original'), { auth });
  }

  it("discord.js's interaction helpers send no Authorization on the interaction's routes", async () => {
    const seq = h.fake.requests.length;
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.fetchReply();
      await interaction.editReply('filled in');
      const followUp = await interaction.followUp('and more');
      await interaction.editReply({ message: followUp, content: 'edited' });
      await interaction.deleteReply(followUp);
      await interaction.deleteReply();
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    await h.fake.waitForRequest((entry) => entry.method === 'DELETE' && entry.path.endsWith('/@original'));
    await handler.settled();
    expect(handler.errors).toEqual([]);
    const used = h.fake.requests.filter((entry) => entry.seq > seq && entry.path.includes(ix.token));
    expect(used.map((entry) => `${entry.method} ${entry.route} ${entry.authorized}`)).toEqual([
      'POST /interactions/:interactionId/:token/callback false',
      'GET /webhooks/:appId/:token/messages/:messageId false',
      'PATCH /webhooks/:appId/:token/messages/:messageId false',
      'POST /webhooks/:appId/:token false',
      'PATCH /webhooks/:appId/:token/messages/:messageId false',
      'DELETE /webhooks/:appId/:token/messages/:messageId false',
      'DELETE /webhooks/:appId/:token/messages/:messageId false',
    ]);
  });

  it('answers a token 15 minutes after its interaction with 401 / 50027, and before with the message', async () => {
    const ix = await answeredCommand();
    h.fake.ageInteraction(ix, FIFTEEN_MINUTES - 5000);
    await expect(original(h.client, ix.token, false)).resolves.toMatchObject({ id: ix.responseMessageId });
    h.fake.ageInteraction(ix, 6000);
    await expect(original(h.client, ix.token, false)).rejects.toMatchObject({ status: 401, code: 50027 });
    const edit = h.client.rest.patch(Routes.webhookMessage(h.fake.applicationId, ix.token, '@original'), {
      body: { content: 'late' },
      auth: false,
    });
    await expect(edit).rejects.toMatchObject({ status: 401, code: 50027 });
  });

  it('answers a token it never issued with 401 / 50027, and another application with 404 / 10015', async () => {
    await expect(original(h.client, 'no-such-token', false)).rejects.toMatchObject({
      status: 401,
      code: 50027,
    });
    const ix = await answeredCommand();
    const otherApp = h.client.rest.get(Routes.webhookMessage('1234', ix.token, '@original'), { auth: false });
    await expect(otherApp).rejects.toMatchObject({ status: 404, code: 10015 });
  });

  it('makes discord.js forget the bot token after a 401 to a request that carried it (auth: false does not)', async () => {
    const ix = await answeredCommand();
    h.fake.ageInteraction(ix, FIFTEEN_MINUTES + 1000);
    const client = await loginClient(h.fake);
    try {
      const channel = (await client.channels.fetch(h.setup.channel.id)) as TextChannel;
      await expect(original(client, ix.token, false)).rejects.toMatchObject({ code: 50027 });
      await expect(channel.send('after a 401 without the bot token')).resolves.toBeDefined();
      await expect(original(client, ix.token, true)).rejects.toMatchObject({ code: 50027 });
      await expect(channel.send('after a 401 with it')).rejects.toThrow(/Expected token to be set/);
    } finally {
      await client.destroy();
    }
    const webhookCalls = h.fake.requests.filter((entry) => entry.route?.startsWith('/webhooks/'));
    expect(webhookCalls.slice(-2).map((entry) => entry.authorized)).toEqual([false, true]);
  });

  it('answers a 401 fault on a webhook route as an expired token, and elsewhere as a bad bot token', async () => {
    const ix = await answeredCommand();
    h.fake.failNext({ method: 'GET', route: /^\/webhooks\//, status: 401 });
    await expect(original(h.client, ix.token, false)).rejects.toMatchObject({ status: 401, code: 50027 });
    await expect(original(h.client, ix.token, false)).resolves.toMatchObject({ id: ix.responseMessageId });
    const client = await loginClient(h.fake);
    try {
      h.fake.failNext({ method: 'POST', route: '/channels/:channelId/messages', status: 401 });
      const channel = (await client.channels.fetch(h.setup.channel.id)) as TextChannel;
      await expect(channel.send('refused')).rejects.toMatchObject({ status: 401, code: 0 });
    } finally {
      await client.destroy();
    }
    expect(h.fake.requests.filter((entry) => entry.fault === 'unauthorized')).toHaveLength(2);
  });
});
