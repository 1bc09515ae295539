import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  EmbedBuilder,
  HTTPError,
  RESTEvents,
  Routes,
  type RateLimitData,
  type TextChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/fakediscord/index';
import { PNG_2x1, startHarness, stopHarness, type Harness } from './helpers';

describe('FakeDiscord channel messages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => {
    h.fake.setBotChannelPermissions(h.setup.channel.id, {});
  });
  afterAll(async () => stopHarness(h));

  function channel(): TextChannel {
    return h.client.channels.cache.get(h.setup.channel.id) as TextChannel;
  }

  it('records a PNG sent with an embed referencing attachment://board.png and serves it back', async () => {
    const sent = await channel().send({
      content: 'Turn 1',
      embeds: [new EmbedBuilder().setTitle('Board').setImage('attachment://board.png')],
      files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png' })],
    });
    const stored = h.fake.message(sent.id)!;
    expect(stored.content).toBe('Turn 1');
    const [attachment] = stored.attachments;
    expect(attachment?.filename).toBe('board.png');
    expect(attachment?.contentType).toBe('image/png');
    expect(attachment?.size).toBe(PNG_2x1.length);
    expect(Buffer.compare(h.fake.attachmentBytes(attachment!.id), PNG_2x1)).toBe(0);
    expect([attachment?.width, attachment?.height]).toEqual([2, 1]);
    expect(stored.embeds[0]?.image?.url).toBe(attachment?.url);
    // What discord.js made of the answer:
    expect(sent.attachments.first()?.url).toBe(attachment?.url);
    expect(sent.embeds[0]?.image?.url).toBe(attachment?.url);
    expect(sent.author.id).toBe(h.fake.bot.id);
    // The URL works for a browser page:
    const response = await fetch(attachment!.url);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), PNG_2x1)).toBe(0);
    const log = h.fake.requests.at(-1);
    expect(log).toMatchObject({ method: 'POST', route: '/channels/:channelId/messages', status: 200 });
    expect(log?.fileNames).toEqual(['board.png']);
  });

  it("keeps an attachment's description (alt text) and refuses one over 1,024 characters", async () => {
    const sent = await channel().send({
      files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png', description: 'A red and a blue dot' })],
    });
    expect(h.fake.message(sent.id)?.attachments[0]?.description).toBe('A red and a blue dot');
    expect(sent.attachments.first()?.description).toBe('A red and a blue dot');
    await expect(
      channel().send({
        files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png', description: 'x'.repeat(1025) })],
      }),
    ).rejects.toThrow(/attachments\[0\]\.description.*1024 or fewer/s);
  });

  it('replaces the attachments when message.edit sends a new file', async () => {
    const sent = await channel().send({ files: [new AttachmentBuilder(PNG_2x1, { name: 'board.png' })] });
    const second = Buffer.concat([PNG_2x1, Buffer.from('trailer')]);
    const edited = await sent.edit({
      content: 'Turn 2',
      embeds: [new EmbedBuilder().setImage('attachment://board-2.png')],
      files: [new AttachmentBuilder(second, { name: 'board-2.png' })],
    });
    const stored = h.fake.message(sent.id)!;
    expect(stored.attachments.map((a) => a.filename)).toEqual(['board-2.png']);
    expect(Buffer.compare(stored.attachments[0]!.data, second)).toBe(0);
    expect(stored.editCount).toBe(1);
    expect(stored.history[0]?.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(stored.editedAt).not.toBeNull();
    expect(edited.editedTimestamp).not.toBeNull();
    expect(edited.attachments.map((a) => a.name)).toEqual(['board-2.png']);
    // An edit without files keeps them.
    await sent.edit({ content: 'Turn 2b' });
    expect(h.fake.message(sent.id)?.attachments.map((a) => a.filename)).toEqual(['board-2.png']);
  });

  it('answers 10008 when editing a deleted message', async () => {
    const sent = await channel().send('to be deleted');
    await sent.delete();
    expect(h.fake.message(sent.id)?.deleted).toBe(true);
    const error = await sent.edit('too late').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ code: 10008, status: 404 });
    // Deleted by a moderator (not the bot): same answer.
    const other = await channel().send('board');
    h.fake.deleteMessage(other.id);
    await expect(other.edit('x')).rejects.toMatchObject({ code: 10008 });
  });

  it('answers 50013 when the bot lacks SendMessages, AttachFiles or EmbedLinks in the channel', async () => {
    const id = h.setup.channel.id;
    h.fake.setBotChannelPermissions(id, { deny: ['SendMessages'] });
    await expect(channel().send('hello')).rejects.toMatchObject({ code: 50013, status: 403 });
    h.fake.setBotChannelPermissions(id, { deny: ['AttachFiles'] });
    await expect(
      channel().send({ files: [new AttachmentBuilder(PNG_2x1, { name: 'b.png' })] }),
    ).rejects.toMatchObject({
      code: 50013,
    });
    await expect(channel().send('text still works')).resolves.toBeDefined();
    h.fake.setBotChannelPermissions(id, { deny: ['EmbedLinks'] });
    await expect(channel().send({ embeds: [new EmbedBuilder().setTitle('x')] })).rejects.toMatchObject({
      code: 50013,
    });
    h.fake.setBotChannelPermissions(id, { deny: ['ViewChannel'] });
    await expect(channel().send('hidden')).rejects.toMatchObject({ code: 50001 });
    expect(h.fake.requests.filter((r) => r.errorCode === 50013)).toHaveLength(3);
  });

  it('answers 10003 for an unknown channel and 50035/50006 for invalid bodies', async () => {
    await expect(
      h.client.rest.post(Routes.channelMessages('1234567890123456789'), { body: { content: 'x' } }),
    ).rejects.toMatchObject({
      code: 10003,
    });
    await expect(channel().send({ content: 'x'.repeat(2001) })).rejects.toMatchObject({ code: 50035 });
    const row = (id: string) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary),
      );
    await expect(channel().send({ content: 'dup', components: [row('a'), row('a')] })).rejects.toMatchObject({
      code: 50035,
    });
    await expect(
      channel().send({ content: 'rows', components: ['1', '2', '3', '4', '5', '6'].map(row) }),
    ).rejects.toMatchObject({ code: 50035 });
    await expect(
      h.client.rest.post(Routes.channelMessages(h.setup.channel.id), { body: { content: ' ' } }),
    ).rejects.toMatchObject({
      code: 50006,
    });
  });

  it('shows user messages and lists channel messages newest first', async () => {
    const alice = h.fake.addUser({ username: 'alice' });
    const posted = h.fake.postUserMessage({
      user: alice,
      channel: h.setup.channel,
      content: 'hi <@' + h.fake.bot.id + '>',
    });
    expect(posted.mentionIds).toEqual([h.fake.bot.id]);
    const fetched = await channel().messages.fetch({ limit: 2 });
    expect([...fetched.keys()][0]).toBe(posted.id);
    expect(h.fake.latestMessage(h.setup.channel.id)?.id).toBe(posted.id);
  });
});

describe('FakeDiscord embed policy', () => {
  it("drops embeds without EmbedLinks in 'strip' mode", async () => {
    const h = await startHarness({ missingEmbedLinks: 'strip' });
    try {
      h.fake.setBotChannelPermissions(h.setup.channel.id, { deny: ['EmbedLinks'] });
      const channel = h.client.channels.cache.get(h.setup.channel.id) as TextChannel;
      const sent = await channel.send({ content: 'x', embeds: [new EmbedBuilder().setTitle('gone')] });
      expect(sent.embeds).toEqual([]);
    } finally {
      await stopHarness(h);
    }
  });

  it('exports a usable class', () => {
    expect(new FakeDiscord().bot.bot).toBe(true);
  });
});

const EDIT_ROUTE = '/channels/:channelId/messages/:messageId';

describe('FakeDiscord fault injection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => stopHarness(h));

  function channel(): TextChannel {
    return h.client.channels.cache.get(h.setup.channel.id) as TextChannel;
  }

  it('answers 429 with rate-limit headers for a while; discord.js waits and the edit lands', async () => {
    const sent = await channel().send('turn 1');
    const rateLimits: RateLimitData[] = [];
    h.client.rest.on(RESTEvents.RateLimited, (data) => rateLimits.push(data));
    const fault = h.fake.failNext({
      method: 'PATCH',
      route: EDIT_ROUTE,
      status: 429,
      durationMs: 250,
      retryAfterMs: 100,
    });
    const started = Date.now();
    const edited = await sent.edit('turn 2');
    expect(edited.content).toBe('turn 2');
    expect(h.fake.message(sent.id)?.content).toBe('turn 2');
    expect(fault.hits).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const log = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(sent.id));
    expect(log.map((r) => r.status)).toEqual([...Array<number>(fault.hits).fill(429), 200]);
    expect(log[0]?.fault).toBe('rateLimit');
    expect(rateLimits.length).toBeGreaterThan(0);
  });

  it('answers 500 a few times; discord.js retries and the edit lands', async () => {
    const sent = await channel().send('turn 1');
    const fault = h.fake.failNext({ method: 'PATCH', route: EDIT_ROUTE, status: 500, count: 2 });
    await sent.edit('turn 2');
    expect(fault.hits).toBe(2);
    expect(h.fake.message(sent.id)?.content).toBe('turn 2');
    const statuses = h.fake.requests.filter((r) => r.path.endsWith(sent.id)).map((r) => r.status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('gives up after the 4th 500 in a row with an HTTPError', async () => {
    const sent = await channel().send('turn 1');
    h.fake.failNext({ method: 'PATCH', route: /\/messages\/\d+$/, status: 500, count: 4 });
    const error = await sent.edit('never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect(error).toMatchObject({ status: 500 });
    expect(h.fake.message(sent.id)?.content).toBe('turn 1');
  });
});
