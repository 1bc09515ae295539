import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  InteractionResponseType,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
  Routes,
  StringSelectMenuBuilder,
  type TextChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/fakediscord/index';
import { FakeDiscord } from '../../src/fakediscord/index';
import { loginClient, onInteraction, sleep, startHarness, stopHarness, type Harness } from './helpers';

describe('FakeDiscord interactions', () => {
  let h: Harness;
  let alice: FakeUser;
  let bob: FakeUser;
  let handler: ReturnType<typeof onInteraction> | undefined;

  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.addUser({ username: 'alice', globalName: 'Alice' });
    bob = h.fake.addUser({ username: 'bob', globalName: 'Bob' });
    await h.client.application?.commands.set(
      [
        {
          name: 'hare',
          description: 'Hare & Tortoise',
          options: [
            {
              type: ApplicationCommandOptionType.Subcommand,
              name: 'new',
              description: 'Start a game',
              options: [
                {
                  type: ApplicationCommandOptionType.Integer,
                  name: 'players',
                  description: 'How many',
                  required: true,
                },
                { type: ApplicationCommandOptionType.User, name: 'opponent', description: 'Who' },
                {
                  type: ApplicationCommandOptionType.String,
                  name: 'board',
                  description: 'Board',
                  autocomplete: true,
                },
              ],
            },
            { type: ApplicationCommandOptionType.Subcommand, name: 'stop', description: 'Stop the game' },
          ],
        },
      ],
      h.setup.guild.id,
    );
  });
  afterEach(() => handler?.off());
  afterAll(async () => stopHarness(h));

  function channel(): TextChannel {
    return h.client.channels.cache.get(h.setup.channel.id) as TextChannel;
  }

  it('records the registered guild commands', () => {
    const [command] = h.fake.commands(h.setup.guild.id);
    expect(command?.name).toBe('hare');
    expect(command?.id).toMatch(/^\d{17,20}$/);
    expect(command?.options?.map((o) => o.name)).toEqual(['new', 'stop']);
    expect(h.fake.commands()).toEqual([]);
  });

  it('delivers a slash command with subcommand and typed options and records the reply', async () => {
    const seen: Record<string, unknown> = {};
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen['subcommand'] = interaction.options.getSubcommand();
      seen['players'] = interaction.options.getInteger('players');
      seen['opponent'] = interaction.options.getUser('opponent')?.username;
      seen['opponentMember'] = interaction.options.getMember('opponent') !== null;
      seen['appCanSend'] = interaction.appPermissions.has(PermissionFlagsBits.SendMessages);
      seen['commandId'] = interaction.commandId;
      seen['locale'] = interaction.locale;
      await interaction.reply({ content: `Game for ${interaction.options.getInteger('players')}` });
    });
    const ix = h.fake.slashCommand({
      user: alice,
      channel: h.setup.channel,
      name: 'hare',
      subcommand: 'new',
      options: { players: 3, opponent: bob.id },
    });
    const outcome = await h.fake.waitForResponse(ix);
    expect(seen).toEqual({
      subcommand: 'new',
      players: 3,
      opponent: 'bob',
      opponentMember: true,
      appCanSend: true,
      commandId: h.fake.commands(h.setup.guild.id)[0]?.id,
      locale: 'en-US',
    });
    expect(outcome.type).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(outcome.latencyMs).toBeGreaterThan(0);
    expect(outcome.latencyMs).toBeLessThan(3000);
    const message = outcome.message;
    expect(message?.content).toBe('Game for 3');
    expect(message?.type).toBe(MessageType.ChatInputCommand);
    expect(message?.authorId).toBe(h.fake.bot.id);
    expect(message?.visibleTo).toBeNull();
    const api = h.fake.apiMessage(message!);
    expect(api.interaction_metadata?.user.id).toBe(alice.id);
    expect(api.webhook_id).toBe(h.fake.applicationId);
  });

  it('refuses injections a Discord client would not allow', () => {
    const base = { user: alice, channel: h.setup.channel, name: 'hare' };
    expect(() => h.fake.slashCommand(base)).toThrow(/needs a subcommand/);
    expect(() => h.fake.slashCommand({ ...base, subcommand: 'new' })).toThrow(/required option players/);
    expect(() =>
      h.fake.slashCommand({ ...base, subcommand: 'new', options: { players: 2, colour: 'x' } }),
    ).toThrow(/no option "colour"/);
  });

  it('records an ephemeral reply as visible only to the user who ran the command', async () => {
    handler = onInteraction(h.client, async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
      }
    });
    const outcome = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'hare', subcommand: 'stop' }),
    );
    expect(outcome.ephemeral).toBe(true);
    const message = outcome.message!;
    expect(message.visibleTo).toBe(alice.id);
    expect(message.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    const channelId = h.setup.channel.id;
    expect(h.fake.messages(channelId, { visibleTo: alice.id }).map((m) => m.id)).toContain(message.id);
    expect(h.fake.messages(channelId, { visibleTo: bob.id }).map((m) => m.id)).not.toContain(message.id);
    await expect(channel().messages.fetch({ message: message.id, force: true })).rejects.toMatchObject({
      code: 10008,
    });
  });

  it('fills a deferred reply with editReply and reports the final outcome', async () => {
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await sleep(30);
      await interaction.editReply({ content: 'board ready' });
    });
    const ix = h.fake.slashCommand({
      user: alice,
      channel: h.setup.channel,
      name: 'hare',
      subcommand: 'stop',
    });
    const first = await h.fake.waitForResponse(ix);
    expect(first.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    const final = await h.fake.waitForFinal(ix);
    expect(final.message?.id).toBe(first.message?.id);
    expect(final.message?.content).toBe('board ready');
    expect(final.message!.flags & MessageFlags.Loading).toBe(0);
    expect(final.finalLatencyMs).toBeGreaterThan(final.latencyMs);
  });

  it('lets the first follow-up after a deferral fill the deferred reply, later ones create messages', async () => {
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: 'first' });
      await interaction.followUp({ content: 'second', flags: MessageFlags.Ephemeral });
    });
    const ix = h.fake.slashCommand({ user: bob, channel: h.setup.channel, name: 'hare', subcommand: 'stop' });
    const final = await h.fake.waitForFinal(ix);
    await h.fake.waitFor(
      () => (ix.followUpIds.length === 1 ? true : undefined),
      2000,
      () => 'no follow-up',
    );
    expect(final.message?.content).toBe('first');
    expect(final.message?.visibleTo).toBe(bob.id);
    const followUp = h.fake.message(ix.followUpIds[0]!);
    expect(followUp?.content).toBe('second');
    expect(h.fake.apiMessage(followUp!).interaction_metadata?.original_response_message_id).toBe(
      final.message?.id,
    );
  });

  it('delivers a button click with customId and applies interaction.update()', async () => {
    const sent = await channel().send({
      content: 'Your move',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('move:1').setLabel('Move 1').setStyle(ButtonStyle.Primary),
          new ButtonBuilder()
            .setCustomId('move:2')
            .setLabel('Move 2')
            .setStyle(ButtonStyle.Secondary)
            .setDisabled(true),
        ),
      ],
    });
    const seen: string[] = [];
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isButton()) return;
      seen.push(interaction.customId, interaction.message.id, interaction.user.id);
      await interaction.update({ content: 'Moved 1', components: [] });
    });
    expect(() => h.fake.clickButton({ user: alice, messageId: sent.id, customId: 'move:2' })).toThrow(
      /disabled/,
    );
    const ix = h.fake.clickButton({ user: alice, messageId: sent.id, customId: 'move:1' });
    const outcome = await h.fake.waitForResponse(ix);
    expect(seen).toEqual(['move:1', sent.id, alice.id]);
    expect(outcome.type).toBe(InteractionResponseType.UpdateMessage);
    expect(outcome.message?.id).toBe(sent.id);
    expect(outcome.message?.content).toBe('Moved 1');
    expect(outcome.message?.components).toEqual([]);
    expect(outcome.message?.editCount).toBe(1);
    expect(outcome.message?.history[0]?.content).toBe('Your move');
  });

  it('delivers a select-menu choice with its values; deferUpdate + editReply edits the message', async () => {
    const select = new StringSelectMenuBuilder()
      .setCustomId('carrot')
      .addOptions({ label: 'Take 10', value: 'take' }, { label: 'Give 10', value: 'give' });
    const sent = await channel().send({
      content: 'Carrot field',
      components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)],
    });
    const seen: string[][] = [];
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isStringSelectMenu()) return;
      seen.push(interaction.values);
      await interaction.deferUpdate();
      await interaction.editReply({ content: `Chose ${interaction.values.join(',')}` });
    });
    expect(() =>
      h.fake.selectMenu({ user: bob, messageId: sent.id, customId: 'carrot', values: ['eat'] }),
    ).toThrow(/not an option/);
    const ix = h.fake.selectMenu({ user: bob, messageId: sent.id, customId: 'carrot', values: ['give'] });
    const first = await h.fake.waitForResponse(ix);
    expect(first.type).toBe(InteractionResponseType.DeferredMessageUpdate);
    const final = await h.fake.waitForFinal(ix);
    expect(seen).toEqual([['give']]);
    expect(final.message?.id).toBe(sent.id);
    expect(final.message?.content).toBe('Chose give');
  });

  it('answers autocomplete with the choices the bot returned', async () => {
    const seen: unknown[] = [];
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const focused = interaction.options.getFocused(true);
      seen.push(
        interaction.options.getSubcommand(),
        focused.name,
        focused.value,
        interaction.options.getInteger('players'),
      );
      await interaction.respond([
        { name: `${focused.value} classic`, value: 'classic' },
        { name: `${focused.value} short`, value: 'short' },
      ]);
    });
    const choices = await h.fake.autocomplete({
      user: alice,
      channel: h.setup.channel,
      name: 'hare',
      subcommand: 'new',
      options: { players: 4 },
      focused: 'board',
      value: 'cl',
    });
    expect(seen).toEqual(['new', 'board', 'cl', 4]);
    expect(choices).toEqual([
      { name: 'cl classic', value: 'classic' },
      { name: 'cl short', value: 'short' },
    ]);
    const ix = h.fake.lastInteraction();
    expect(ix?.kind).toBe('autocomplete');
    expect(ix?.latencyMs).toBeGreaterThan(0);
  });

  it('answers a second callback with 40060 and a callback on an expired interaction with 10062', async () => {
    const errors: unknown[] = [];
    handler = onInteraction(h.client, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      try {
        await interaction.reply('once');
        await h.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'twice' } },
          auth: false,
        });
      } catch (error) {
        errors.push(error);
      }
    });
    const twice = h.fake.slashCommand({
      user: alice,
      channel: h.setup.channel,
      name: 'hare',
      subcommand: 'stop',
    });
    await h.fake.waitForResponse(twice);
    await h.fake.waitForRequest((r) => r.errorCode === 40060);
    const expired = h.fake.slashCommand({
      user: alice,
      channel: h.setup.channel,
      name: 'hare',
      subcommand: 'stop',
    });
    h.fake.expireInteraction(expired);
    await h.fake.waitForRequest((r) => r.errorCode === 10062);
    await handler.settled();
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBeInstanceOf(DiscordAPIError);
    expect(errors[0]).toMatchObject({ code: 40060, status: 400 });
    expect(errors[1]).toMatchObject({ code: 10062, status: 404 });
    expect(expired.responded).toBe(false);
  });

  it('measures the response time of every interaction', () => {
    const interactions = h.fake.interactions;
    expect(interactions.length).toBeGreaterThan(5);
    for (const interaction of interactions) {
      if (!interaction.responded) continue;
      expect(interaction.latencyMs).toBeGreaterThan(0);
      expect(interaction.latencyMs).toBeLessThan(3000);
      expect(interaction.finalLatencyMs).toBeGreaterThanOrEqual(interaction.latencyMs!);
    }
  });
});

describe('FakeDiscord interaction deadline', () => {
  it('rejects a first callback after the response deadline with 10062', async () => {
    const fake = new FakeDiscord({ interactionResponseTimeoutMs: 100 });
    const { channel } = fake.addGuild();
    const alice = fake.addUser({ username: 'alice' });
    await fake.start();
    const client = await loginClient(fake);
    const handler = onInteraction(client, async (interaction) => {
      await sleep(200);
      if (interaction.isChatInputCommand()) await interaction.reply('too late');
    });
    try {
      const ix = fake.slashCommand({ user: alice, channel, name: 'slow' });
      await expect(fake.waitForResponse(ix, 400)).rejects.toThrow(/no response/);
      await handler.settled();
      expect(handler.errors[0]).toMatchObject({ code: 10062 });
    } finally {
      handler.off();
      await client.destroy();
      await fake.stop();
    }
  });
});
