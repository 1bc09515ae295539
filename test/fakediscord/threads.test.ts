import {
  ChannelType,
  DiscordAPIError,
  Events,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  Routes,
  type APIMessage,
  type ChatInputCommandInteraction,
  type ThreadChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeUser } from '../../src/fakediscord/index';
import { loginClient, onInteraction, startHarness, stopHarness, until, type Harness } from './helpers';

describe('FakeDiscord threads and forum posts', () => {
  let h: Harness;
  let alice: FakeUser;
  let early: FakeChannel;

  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.addUser({ username: 'alice', globalName: 'Alice' });
    // Created before the client logs in again below: it comes with GUILD_CREATE's `threads`.
    early = h.fake.addThread({
      parentId: h.setup.channel.id,
      name: 'early',
      type: 'public',
      members: [h.fake.bot.id],
    });
  });
  afterEach(() => {
    h.fake.setBotChannelPermissions(h.setup.channel.id, {});
  });
  afterAll(async () => stopHarness(h));

  const parent = () => h.setup.channel;

  function newThread(input: Partial<Parameters<Harness['fake']['addThread']>[0]> = {}): FakeChannel {
    return h.fake.addThread({ parentId: parent().id, name: 'game night', type: 'public', ...input });
  }

  /** A raw REST post by the bot; resolves with the message or rejects with the DiscordAPIError. */
  function post(channelId: string, content = 'hello'): Promise<APIMessage> {
    return h.client.rest.post(Routes.channelMessages(channelId), {
      body: { content },
    }) as Promise<APIMessage>;
  }

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: number | string }> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof DiscordAPIError))
      throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
    return { status: error.status, code: error.code };
  }

  function cached(id: string): ThreadChannel | undefined {
    return h.client.channels.cache.get(id) as ThreadChannel | undefined;
  }

  it('announces threads as Discord does: GUILD_CREATE threads, THREAD_CREATE, THREAD_UPDATE', async () => {
    const second = await loginClient(h.fake, 'second-token');
    try {
      const fromGuildCreate = second.channels.cache.get(early.id) as ThreadChannel;
      expect(fromGuildCreate.isThread()).toBe(true);
      expect(fromGuildCreate.type).toBe(ChannelType.PublicThread);
      expect(fromGuildCreate.parentId).toBe(parent().id);
      expect(fromGuildCreate.joined).toBe(true);
      // GET /guilds/{id}/channels lists channels, not threads.
      const listed = (await second.rest.get(Routes.guildChannels(h.setup.guild.id))) as { id: string }[];
      expect(listed.map((c) => c.id)).not.toContain(early.id);
    } finally {
      await second.destroy();
    }
    const created = new Promise<ThreadChannel>((resolve) => h.client.once(Events.ThreadCreate, resolve));
    const thread = newThread({ name: 'later' });
    expect((await created).id).toBe(thread.id);
    expect(cached(thread.id)?.joined).toBe(false);
    expect(cached(thread.id)?.archived).toBe(false);
    h.fake.setThreadState(thread.id, { archived: true, locked: true });
    await until(() => cached(thread.id)?.archived === true && cached(thread.id)?.locked === true);
    // GET /channels/{id} answers the thread with its metadata.
    const fetched = (await h.client.rest.get(Routes.channel(thread.id))) as {
      parent_id: string;
      thread_metadata: { locked: boolean };
    };
    expect(fetched.parent_id).toBe(parent().id);
    expect(fetched.thread_metadata.locked).toBe(true);
  });

  it('needs Send Messages in Threads to post in a thread; Send Messages alone is refused with 50013', async () => {
    const thread = newThread();
    h.fake.setBotChannelPermissions(parent().id, {
      allow: ['SendMessages'],
      deny: ['SendMessagesInThreads'],
    });
    expect(await refusal(post(thread.id))).toEqual({
      status: 403,
      code: RESTJSONErrorCodes.MissingPermissions,
    });
    // The parent channel itself still takes the post.
    await expect(post(parent().id)).resolves.toMatchObject({ channel_id: parent().id });
    // The other way round: no Send Messages, but Send Messages in Threads.
    h.fake.setBotChannelPermissions(parent().id, {
      allow: ['SendMessagesInThreads'],
      deny: ['SendMessages'],
    });
    await expect(post(thread.id)).resolves.toMatchObject({ channel_id: thread.id });
    expect(await refusal(post(parent().id))).toEqual({
      status: 403,
      code: RESTJSONErrorCodes.MissingPermissions,
    });
    // What sending allows (files, embeds) follows Send Messages in Threads in a thread.
    expect(h.fake.permissionsOf(h.fake.bot.id, thread.id)).toEqual(
      expect.arrayContaining(['SendMessagesInThreads', 'AttachFiles', 'EmbedLinks']),
    );
    h.fake.setBotChannelPermissions(parent().id, { deny: ['SendMessagesInThreads'] });
    expect(h.fake.permissionsOf(h.fake.bot.id, thread.id)).not.toContain('AttachFiles');
    expect(h.fake.permissionsOf(h.fake.bot.id, parent().id)).toContain('AttachFiles');
    // Posting made the bot a member of the thread.
    expect(h.fake.isThreadMember(thread.id, h.fake.bot)).toBe(true);
  });

  it('unarchives an archived thread on a post, but refuses edits and deletions in it with 50083', async () => {
    const thread = newThread();
    const kept = await post(thread.id, 'kept');
    h.fake.setThreadState(thread.id, { archived: true });
    await until(() => cached(thread.id)?.archived === true);
    const patch = h.client.rest.patch(Routes.channelMessage(thread.id, kept.id), {
      body: { content: 'edited' },
    });
    expect(await refusal(patch)).toEqual({
      status: 400,
      code: RESTJSONErrorCodes.InvalidActionOnArchivedThread,
    });
    const remove = h.client.rest.delete(Routes.channelMessage(thread.id, kept.id));
    expect(await refusal(remove)).toEqual({
      status: 400,
      code: RESTJSONErrorCodes.InvalidActionOnArchivedThread,
    });
    expect(h.fake.message(kept.id)?.content).toBe('kept');
    await post(thread.id, 'wake up');
    expect(h.fake.state.channel(thread.id).thread?.archived).toBe(false);
    await until(() => cached(thread.id)?.archived === false);
    await expect(
      h.client.rest.patch(Routes.channelMessage(thread.id, kept.id), { body: { content: 'edited' } }),
    ).resolves.toMatchObject({ content: 'edited' });
    // Without Send Messages in Threads, a post neither lands nor unarchives.
    h.fake.setThreadState(thread.id, { archived: true });
    h.fake.setBotChannelPermissions(parent().id, { deny: ['SendMessagesInThreads'] });
    expect((await refusal(post(thread.id))).code).toBe(RESTJSONErrorCodes.MissingPermissions);
    expect(h.fake.state.channel(thread.id).thread?.archived).toBe(true);
  });

  it('refuses posts in a locked thread with 160005 unless the sender has Manage Threads', async () => {
    const thread = newThread({ locked: true });
    expect(await refusal(post(thread.id))).toEqual({ status: 400, code: RESTJSONErrorCodes.ThreadLocked });
    expect(() => h.fake.postUserMessage({ user: alice, channel: thread, content: 'hi' })).toThrow(
      /Thread is locked/,
    );
    h.fake.setBotChannelPermissions(parent().id, { allow: ['ManageThreads'] });
    await expect(post(thread.id)).resolves.toMatchObject({ channel_id: thread.id });
    // Locked and archived: a moderator's post reopens it (it stays locked).
    h.fake.setThreadState(thread.id, { archived: true });
    await post(thread.id);
    expect(h.fake.state.channel(thread.id).thread).toMatchObject({ archived: false, locked: true });
  });

  it('hides a private thread from non-members without Manage Threads; the bot joins only what it sees', async () => {
    const bob = h.fake.addUser({ username: 'bob' });
    const thread = newThread({ type: 'private', ownerId: alice.id, members: [bob.id] });
    // Not announced to the bot, which cannot see it.
    expect(cached(thread.id)).toBeUndefined();
    expect(h.fake.permissionsOf(h.fake.bot.id, thread.id)).toEqual([]);
    expect(h.fake.permissionsOf(alice.id, thread.id)).toContain('SendMessagesInThreads');
    expect(await refusal(post(thread.id))).toEqual({ status: 403, code: RESTJSONErrorCodes.MissingAccess });
    const join = h.client.rest.put(Routes.threadMembers(thread.id, '@me'));
    expect(await refusal(join)).toEqual({ status: 403, code: RESTJSONErrorCodes.MissingAccess });
    // A user who is not in it cannot even use a command there (their client does not show it).
    const carol = h.fake.addUser({ username: 'carol' });
    expect(() => h.fake.slashCommand({ user: carol, channel: thread, name: 'hare' })).toThrow(/cannot see/);
    // Added by a member: THREAD_CREATE with the bot's member object.
    h.fake.addThreadMembers(thread.id, [h.fake.bot]);
    await until(() => cached(thread.id)?.joined === true);
    expect(cached(thread.id)?.type).toBe(ChannelType.PrivateThread);
    await expect(post(thread.id)).resolves.toMatchObject({ channel_id: thread.id });
    // Leaving hides it again; with Manage Threads the bot sees it and may join.
    await h.client.rest.delete(Routes.threadMembers(thread.id, '@me'));
    expect(h.fake.isThreadMember(thread.id, h.fake.bot)).toBe(false);
    expect(await refusal(post(thread.id))).toMatchObject({ code: RESTJSONErrorCodes.MissingAccess });
    h.fake.setBotChannelPermissions(parent().id, { allow: ['ManageThreads'] });
    await h.client.rest.put(Routes.threadMembers(thread.id, '@me'));
    expect(h.fake.isThreadMember(thread.id, h.fake.bot)).toBe(true);
    // Joining an archived thread is refused with 50083.
    const archived = newThread({ archived: true });
    const joinArchived = h.client.rest.put(Routes.threadMembers(archived.id, '@me'));
    expect(await refusal(joinArchived)).toEqual({
      status: 400,
      code: RESTJSONErrorCodes.InvalidActionOnArchivedThread,
    });
  });

  it('delivers interactions from a thread with the thread as channel and app_permissions computed for it', async () => {
    const thread = newThread();
    await until(() => cached(thread.id) !== undefined);
    h.fake.setBotChannelPermissions(parent().id, { deny: ['SendMessagesInThreads'] });
    const seen: { channelType: ChannelType | undefined; appPermissions: bigint | undefined }[] = [];
    const listener = onInteraction(h.client, async (interaction) => {
      const command = interaction as ChatInputCommandInteraction;
      seen.push({ channelType: command.channel?.type, appPermissions: command.appPermissions?.bitfield });
      await command.reply({ content: 'ok' });
    });
    try {
      const ix = h.fake.slashCommand({ user: alice, channel: thread, name: 'hare' });
      await h.fake.waitForResponse(ix);
      expect(ix.payload).toMatchObject({
        channel_id: thread.id,
        channel: { id: thread.id, type: ChannelType.PublicThread, parent_id: parent().id },
      });
      const [first] = seen;
      expect(first?.channelType).toBe(ChannelType.PublicThread);
      expect((first!.appPermissions! & PermissionFlagsBits.SendMessagesInThreads) === 0n).toBe(true);
      expect((first!.appPermissions! & PermissionFlagsBits.SendMessages) !== 0n).toBe(true);
      expect((first!.appPermissions! & PermissionFlagsBits.AttachFiles) === 0n).toBe(true);
      // The reply lands in the thread.
      expect(h.fake.latestMessage(thread.id)?.content).toBe('ok');
    } finally {
      listener.off();
    }
  });

  it('knows forum channels: posts are public threads with a starter message; the forum itself takes no messages', async () => {
    const forum = h.fake.addForumChannel(h.setup.guild.id, 'boards');
    const postThread = h.fake.addThread({
      parentId: forum.id,
      name: 'Tiny tonight',
      type: 'forum-post',
      ownerId: alice.id,
    });
    await until(() => cached(postThread.id) !== undefined);
    expect(h.client.channels.cache.get(forum.id)?.type).toBe(ChannelType.GuildForum);
    expect(cached(postThread.id)?.type).toBe(ChannelType.PublicThread);
    expect(cached(postThread.id)?.parentId).toBe(forum.id);
    expect(h.fake.messages(postThread.id).map((m) => [m.authorId, m.content])).toEqual([
      [alice.id, 'Tiny tonight'],
    ]);
    await expect(post(postThread.id)).resolves.toMatchObject({ channel_id: postThread.id });
    expect(await refusal(post(forum.id))).toEqual({
      status: 400,
      code: RESTJSONErrorCodes.CannotSendMessagesInNonTextChannel,
    });
    expect(() => h.fake.slashCommand({ user: alice, channel: forum, name: 'hare' })).toThrow(/forum channel/);
    expect(() => h.fake.addThread({ parentId: forum.id, name: 'x', type: 'public' })).toThrow();
    expect(() => h.fake.addThread({ parentId: parent().id, name: 'x', type: 'forum-post' })).toThrow();
  });
  it('starts a thread without a message as Discord documents it (POST /channels/{id}/threads, 201, THREAD_CREATE)', async () => {
    const channel = h.client.channels.cache.get(parent().id);
    if (!channel || channel.type !== ChannelType.GuildText) throw new Error('no text channel');
    const announced = new Promise<ThreadChannel>((resolve) => h.client.once(Events.ThreadCreate, resolve));
    const thread = await channel.threads.create({ name: 'Hare tournament', type: ChannelType.PublicThread });
    expect((await announced).id).toBe(thread.id);
    expect(thread.type).toBe(ChannelType.PublicThread);
    expect(thread.parentId).toBe(parent().id);
    expect(thread.ownerId).toBe(h.fake.bot.id);
    expect(h.fake.state.channel(thread.id).thread?.members.map((m) => m.userId)).toEqual([h.fake.bot.id]);
    await expect(post(thread.id)).resolves.toMatchObject({ channel_id: thread.id });
    const created = h.fake.requests.find((entry) => entry.route === '/channels/:channelId/threads');
    expect(created?.status).toBe(201);
    // Without a type Discord makes a private thread (Create Private Threads).
    expect(
      await refusal(h.client.rest.post(Routes.threads(parent().id), { body: { name: 'quiet' } })),
    ).toEqual({
      status: 403,
      code: RESTJSONErrorCodes.MissingPermissions,
    });
    h.fake.setBotChannelPermissions(parent().id, { allow: ['CreatePrivateThreads'] });
    const raw = (await h.client.rest.post(Routes.threads(parent().id), { body: { name: 'quiet' } })) as {
      type: number;
    };
    expect(raw.type).toBe(ChannelType.PrivateThread);
    const bad = (body: unknown) => refusal(h.client.rest.post(Routes.threads(parent().id), { body }));
    expect(await bad({ type: ChannelType.PublicThread })).toEqual({ status: 400, code: 50035 });
    expect(await bad({ name: 'x'.repeat(101), type: ChannelType.PublicThread })).toEqual({
      status: 400,
      code: 50035,
    });
    expect(await bad({ name: 'x', auto_archive_duration: 5 })).toEqual({ status: 400, code: 50035 });
    expect(
      await refusal(h.client.rest.post(Routes.threads(thread.id), { body: { name: 'in a thread' } })),
    ).toEqual({
      status: 400,
      code: RESTJSONErrorCodes.CannotExecuteActionOnThisChannelType,
    });
    h.fake.setBotChannelPermissions(parent().id, { deny: ['CreatePublicThreads'] });
    expect(await bad({ name: 'no right', type: ChannelType.PublicThread })).toEqual({
      status: 403,
      code: RESTJSONErrorCodes.MissingPermissions,
    });
  });
});
