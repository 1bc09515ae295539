import {
  AttachmentBuilder,
  EmbedBuilder,
  InteractionResponseType,
  MessageFlags,
  PermissionFlagsBits,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscordChange, FakeUser } from '../../src/fakediscord/index';
import { loginClient, onInteraction, PNG_2x1, startHarness, stopHarness, type Harness } from './helpers';

describe('FakeDiscord interaction webhooks and files', () => {
  let h: Harness;
  let alice: FakeUser;
  let handler: ReturnType<typeof onInteraction> | undefined;
  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.addUser({ username: 'alice' });
  });
  afterEach(() => {
    handler?.off();
    h.fake.setBotChannelPermissions(h.setup.channel.id, {});
  });
  afterAll(async () => stopHarness(h));

  function onCommand(fn: (interaction: ChatInputCommandInteraction) => Promise<void>): void {
    handler = onInteraction(h.client, async (interaction) => {
      if (interaction.isChatInputCommand()) await fn(interaction);
    });
  }

  it('takes multipart replies and edits through the interaction token (reply, fetchReply, editReply)', async () => {
    const fetched: string[] = [];
    onCommand(async (interaction) => {
      const response = await interaction.reply({
        embeds: [new EmbedBuilder().setImage('attachment://board.png')],
        files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png' })],
        withResponse: true,
      });
      fetched.push(response.resource?.message?.attachments.first()?.name ?? 'none');
      const reply = await interaction.fetchReply();
      fetched.push(reply.id);
      await interaction.editReply({ files: [new AttachmentBuilder(PNG_2x1, { name: 'board-2.png' })] });
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    const first = await h.fake.waitForResponse(ix);
    const message = first.message!;
    await h.fake.waitFor(
      () => (message.editCount === 1 ? true : undefined),
      2000,
      () => 'no edit',
    );
    expect(fetched).toEqual(['board.png', message.id]);
    expect(message.history[0]?.embeds[0]?.image?.url).toBe(message.history[0]?.attachments[0]?.url);
    expect(message.attachments.map((a) => a.filename)).toEqual(['board-2.png']);
    expect(h.fake.requests.some((r) => r.method === 'GET' && r.path.endsWith('/messages/@original'))).toBe(
      true,
    );
  });

  it('deletes the original response with deleteReply', async () => {
    onCommand(async (interaction) => {
      await interaction.reply('short-lived');
      await interaction.deleteReply();
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    const { message } = await h.fake.waitForResponse(ix);
    await h.fake.waitFor(
      () => (message?.deleted ? true : undefined),
      2000,
      () => 'not deleted',
    );
    expect(h.fake.messages(h.setup.channel.id).map((m) => m.id)).not.toContain(message?.id);
  });

  it('answers 50027 to webhook calls with an expired token', async () => {
    let editError: unknown;
    let expire = (): void => undefined;
    onCommand(async (interaction) => {
      await interaction.reply('first');
      expire();
      editError = await interaction.editReply('later').catch((e: unknown) => e);
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    expire = () => h.fake.expireInteraction(ix);
    await h.fake.waitForRequest((r) => r.errorCode === 50027);
    await handler?.settled();
    expect(editError).toMatchObject({ code: 50027, status: 401 });
  });

  it('sends app_permissions for the channel, including overwrites', async () => {
    const seen: boolean[] = [];
    h.fake.setBotChannelPermissions(h.setup.channel.id, { deny: ['AttachFiles'] });
    onCommand(async (interaction) => {
      seen.push(interaction.appPermissions.has(PermissionFlagsBits.AttachFiles));
      seen.push(interaction.appPermissions.has(PermissionFlagsBits.SendMessages));
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' }),
    );
    expect(seen).toEqual([false, true]);
  });

  it('emits a change stream for a browser page to mirror', async () => {
    const kinds: FakeDiscordChange['kind'][] = [];
    const listener = (change: FakeDiscordChange): void => {
      kinds.push(change.kind);
    };
    h.fake.on('change', listener);
    onCommand(async (interaction) => {
      await interaction.deferReply();
      await interaction.editReply('done');
      await interaction.deleteReply();
    });
    const ix = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    const final = await h.fake.waitForFinal(ix);
    await h.fake.waitFor(
      () => (final.message?.deleted ? true : undefined),
      2000,
      () => 'not deleted',
    );
    h.fake.off('change', listener);
    expect(kinds).toEqual([
      'interactionCreate',
      'messageCreate',
      'interactionResponse',
      'messageUpdate',
      'messageDelete',
    ]);
    expect(final.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  });
});

describe('FakeDiscord heartbeats', () => {
  it('acknowledges heartbeats', async () => {
    const h = await startHarness({ heartbeatIntervalMs: 40 });
    try {
      await expect.poll(() => h.client.ws.ping, { timeout: 2000 }).toBeGreaterThanOrEqual(0);
      const again = await loginClient(h.fake);
      await again.destroy();
    } finally {
      await stopHarness(h);
    }
  });
});
