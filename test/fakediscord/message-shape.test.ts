/**
 * The fake's message answers have the shape of Discord's documented message object (its OpenAPI description):
 * every required field, nothing Discord does not document, and the values Discord fills in itself (component
 * ids, a field's `inline`, a select's value counts, a reference's type).
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  Routes,
  StringSelectMenuBuilder,
  type APIActionRowComponent,
  type APIComponentInActionRow,
  type APIMessage,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/fakediscord/index';
import { messageShapeProblems } from './discord-shape';
import { onInteraction, PNG_2x1, startHarness, stopHarness, type Harness } from './helpers';

/** A message answer as the client received it. */
interface Answer {
  route: string;
  message: unknown;
}

/** The message(s) in a JSON answer of `method path`, when the route answers messages. */
function messagesIn(method: string, path: string, body: unknown): unknown[] {
  if (/^\/channels\/\d+\/messages(\/\d+)?$/.test(path)) return Array.isArray(body) ? body : [body];
  if (/^\/webhooks\/\d+\/[^/]+(\/messages\/[^/]+)?$/.test(path)) return [body];
  if (/\/callback$/.test(path) && method.toUpperCase() === 'POST') {
    const message = (body as { resource?: { message?: unknown } } | null)?.resource?.message;
    return message === undefined ? [] : [message];
  }
  return [];
}

function rows(): ActionRowBuilder<MessageActionRowComponentBuilder>[] {
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setURL('https://example.com/rules').setLabel('Rules').setStyle(ButtonStyle.Link),
    ),
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId('move')
        .setPlaceholder('Choose your move')
        .addOptions(
          { label: 'Forward', value: 'f' },
          { label: 'Back', value: 'b', description: 'one field' },
        ),
    ),
  ];
}

function board(): { embeds: EmbedBuilder[]; files: AttachmentBuilder[] } {
  const embed = new EmbedBuilder()
    .setTitle('Race')
    .setDescription('Alice to move')
    .setColor(0x2f9e44)
    .setImage('attachment://board.png')
    .setThumbnail('attachment://board.png')
    .setAuthor({ name: 'Hare' })
    .setFooter({ text: 'game 1 · v3' })
    .setTimestamp(0)
    .addFields({ name: 'Carrots', value: '65' }, { name: 'Lettuce', value: '3', inline: true });
  return { embeds: [embed], files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png' })] };
}

describe("FakeDiscord's message answers, against Discord's documented message object", () => {
  let h: Harness;
  let alice: FakeUser;
  let handler: ReturnType<typeof onInteraction> | undefined;
  const answers: Answer[] = [];
  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.addUser({ username: 'alice', globalName: 'Alice' });
    // Every answer as the client parsed it, before discord.js makes objects of it.
    const rest = h.client.rest;
    const request = rest.request.bind(rest);
    rest.request = async (options) => {
      const body = await request(options);
      for (const message of messagesIn(options.method, options.fullRoute, body))
        answers.push({ route: `${options.method} ${options.fullRoute}`, message });
      return body;
    };
  });
  afterEach(() => handler?.off());
  afterAll(async () => stopHarness(h));

  function expectDocumented(): void {
    expect(answers.length).toBeGreaterThan(0);
    const problems = answers.flatMap(({ route, message }) =>
      messageShapeProblems(message).map((problem) => `${route}: ${problem}`),
    );
    expect(problems).toEqual([]);
  }

  it('answers channel posts, edits and reads as Discord documents them', async () => {
    answers.length = 0;
    const channel = h.setup.channel.id;
    const posted = (await h.client.rest.post(Routes.channelMessages(channel), {
      body: { content: 'the board', embeds: board().embeds.map((e) => e.toJSON()), components: [] },
      files: [{ name: 'board.png', data: PNG_2x1 }],
    })) as APIMessage;
    await h.client.rest.patch(Routes.channelMessage(channel, posted.id), {
      body: { components: rows().map((row) => row.toJSON()) },
    });
    await h.client.rest.post(Routes.channelMessages(channel), {
      body: { content: 'a reply', message_reference: { message_id: posted.id } },
    });
    h.fake.postUserMessage({ user: alice, channel, content: `hello <@${h.fake.bot.id}>` });
    await h.client.rest.get(Routes.channelMessage(channel, posted.id));
    await h.client.rest.get(Routes.channelMessages(channel));
    expectDocumented();
  });

  it('answers interaction responses and follow-ups as Discord documents them', async () => {
    answers.length = 0;
    handler = onInteraction(h.client, async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ ...board(), components: rows(), withResponse: true });
        await interaction.fetchReply();
        await interaction.editReply({ content: 'edited' });
        await interaction.followUp({ content: 'more', embeds: board().embeds, files: board().files });
      } else if (interaction.isButton()) {
        await interaction.deferReply();
        await interaction.editReply({ components: rows() });
      }
    });
    const command = h.fake.slashCommand({ user: alice, channel: h.setup.channel, name: 'show' });
    const { message } = await h.fake.waitForResponse(command);
    await h.fake.waitFor(
      () => (command.followUpIds.length > 0 ? true : undefined),
      2000,
      () => 'no follow-up',
    );
    const click = h.fake.clickButton({ user: alice, messageId: message!.id, customId: 'roll' });
    await h.fake.waitForFinal(click);
    await handler.settled();
    expect(handler.errors).toEqual([]);
    // The clicked message as the interaction carries it.
    answers.push({ route: 'INTERACTION_CREATE message', message: click.payload.message });
    expectDocumented();
  });

  it('fills in what Discord fills in: component ids, inline, the value counts of a select', async () => {
    const channel = h.setup.channel.id;
    const components = rows().map((row) => row.toJSON());
    components[0]!.components[0]!.id = 2;
    const posted = (await h.client.rest.post(Routes.channelMessages(channel), {
      body: { embeds: board().embeds.map((e) => e.toJSON()), components },
      files: [{ name: 'board.png', data: PNG_2x1 }],
    })) as APIMessage;
    // Numbered in order, depth first, from 1, passing over the id the request gave.
    expect(idsOf(posted)).toEqual([1, 2, 3, 4, 5]);
    const select = (posted.components![1] as APIActionRowComponent<APIComponentInActionRow>).components[0]!;
    expect(select).toMatchObject({ type: 3, id: 5, min_values: 1, max_values: 1 });
    expect(posted.embeds[0]!.fields!.map((field) => field.inline)).toEqual([false, true]);

    const edited = (await h.client.rest.patch(Routes.channelMessage(channel, posted.id), {
      body: { content: 'only the text changes' },
    })) as APIMessage;
    expect(idsOf(edited)).toEqual([1, 2, 3, 4, 5]);
    const reply = (await h.client.rest.post(Routes.channelMessages(channel), {
      body: { content: 'a reply', message_reference: { message_id: posted.id } },
    })) as APIMessage;
    expect(reply.message_reference).toMatchObject({ type: 0, message_id: posted.id, channel_id: channel });
  });

  it('the check tells a missing field, a wrong one and one Discord does not document', async () => {
    const posted = (await h.client.rest.post(Routes.channelMessages(h.setup.channel.id), {
      body: { content: 'plain', components: rows().map((row) => row.toJSON()) },
    })) as APIMessage;
    expect(messageShapeProblems(posted)).toEqual([]);
    const { pinned: _pinned, ...unpinned } = posted;
    const row = posted.components![0] as APIActionRowComponent<APIComponentInActionRow>;
    const altered = {
      ...unpinned,
      flags: 'none',
      shard: 3,
      components: [{ ...row, components: [{ ...row.components[0], id: undefined }] }],
    };
    expect(messageShapeProblems(altered).sort()).toEqual([
      'components.0.components.0.id: Invalid input: expected number, received undefined',
      'flags: Invalid input: expected number, received string',
      'pinned: Invalid input: expected boolean, received undefined',
    ]);
    expect(messageShapeProblems({ ...posted, shard: 3 })).toEqual(['shard: not documented']);
  });

  it('refuses two components of one message with the same id', async () => {
    const components = rows().map((row) => row.toJSON());
    components[0]!.components[0]!.id = 7;
    components[1]!.components[0]!.id = 7;
    const post = h.client.rest.post(Routes.channelMessages(h.setup.channel.id), { body: { components } });
    await expect(post).rejects.toMatchObject({ status: 400, code: 50035 });
  });
});

/** The ids of a message's rows and their components, depth first. */
function idsOf(message: APIMessage): (number | undefined)[] {
  return (message.components ?? []).flatMap((row) => [
    row.id,
    ...('components' in row ? row.components.map((component) => component.id) : []),
  ]);
}
