import { ChannelType, Locale, type APIApplicationCommand, type LocaleString } from 'discord.js';
import type {
  FakeChannel,
  FakeThreadState,
  FakeGuild,
  FakeMember,
  FakeRole,
  FakeUser,
  MessageContent,
  RegisteredCommand,
  StoredAttachment,
  StoredMessage,
} from './model';
import {
  computeBasePermissions,
  computeChannelPermissions,
  DEFAULT_EVERYONE_PERMISSIONS,
  permissionBits,
  type Overwrite,
  type PermissionContext,
} from './permissions';
import { SnowflakeGenerator } from './snowflake';

/** A change of the fake's world; FakeDiscord turns these into events and gateway dispatches. */
export type StateChange =
  | { kind: 'userCreate'; user: FakeUser }
  | { kind: 'guildCreate'; guild: FakeGuild }
  /** unavailable: an outage (the bot is still in the guild); otherwise the bot was removed or the guild deleted. */
  | { kind: 'guildDelete'; guild: FakeGuild; unavailable: boolean }
  | { kind: 'roleCreate' | 'roleUpdate'; role: FakeRole }
  | { kind: 'memberAdd' | 'memberUpdate'; member: FakeMember }
  | { kind: 'channelCreate' | 'channelUpdate' | 'channelDelete'; channel: FakeChannel }
  | { kind: 'threadMembersUpdate'; channel: FakeChannel; added: string[]; removed: string[] }
  | { kind: 'messageCreate'; message: StoredMessage }
  | { kind: 'messageUpdate'; message: StoredMessage; previous: MessageContent }
  | { kind: 'messageDelete'; message: StoredMessage }
  | { kind: 'commandsUpdate'; guildId: string | null; commands: APIApplicationCommand[] };

export interface NewUser {
  id?: string;
  username: string;
  globalName?: string | null;
  bot?: boolean;
  locale?: LocaleString;
}

/** A thread to create in a text or forum channel. */
export interface NewThreadState {
  id?: string;
  parentId: string;
  name: string;
  private: boolean;
  ownerId: string;
  archived?: boolean;
  locked?: boolean;
  invitable?: boolean;
  autoArchiveDuration?: FakeThreadState['autoArchiveDuration'];
  /** Members besides the owner. */
  memberIds?: readonly string[];
}

export interface NewRole {
  name: string;
  permissions?: bigint;
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
  botId?: string | null;
}

/**
 * The in-memory world: users, guilds, roles, members, channels, messages, commands.
 * Pure bookkeeping: no I/O; every mutation is reported to `onChange`.
 */
export class FakeState {
  readonly ids = new SnowflakeGenerator();
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly roles = new Map<string, FakeRole>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, StoredMessage>();
  /** The same messages by channel, in the order they were sent: a channel's are read without a scan of all. */
  private readonly messagesByChannel = new Map<string, StoredMessage[]>();
  readonly attachments = new Map<string, StoredAttachment>();
  private readonly members = new Map<string, Map<string, FakeMember>>();
  private readonly commands = new Map<string, APIApplicationCommand[]>();

  constructor(private readonly onChange: (change: StateChange) => void) {}

  // ---- users ---------------------------------------------------------------------------------------------

  addUser(input: NewUser): FakeUser {
    const user: FakeUser = {
      id: input.id ?? this.ids.next(),
      username: input.username,
      globalName: input.globalName === undefined ? null : input.globalName,
      bot: input.bot ?? false,
      avatar: null,
      locale: toLocale(input.locale),
    };
    if (this.users.has(user.id)) throw new Error(`FakeDiscord: user ${user.id} exists already`);
    this.users.set(user.id, user);
    this.onChange({ kind: 'userCreate', user });
    return user;
  }

  user(id: string): FakeUser {
    const user = this.users.get(id);
    if (!user) throw new Error(`FakeDiscord: unknown user ${id}`);
    return user;
  }

  // ---- guilds, roles, members ----------------------------------------------------------------------------

  addGuild(input: { id?: string; name: string; ownerId: string; locale?: LocaleString }): FakeGuild {
    const guild: FakeGuild = {
      id: input.id ?? this.ids.next(),
      name: input.name,
      ownerId: input.ownerId,
      locale: toLocale(input.locale),
      createdAt: Date.now(),
    };
    if (this.guilds.has(guild.id)) throw new Error(`FakeDiscord: guild ${guild.id} exists already`);
    this.guilds.set(guild.id, guild);
    this.members.set(guild.id, new Map());
    this.roles.set(guild.id, {
      id: guild.id,
      guildId: guild.id,
      name: '@everyone',
      color: 0,
      position: 0,
      permissions: permissionBits(DEFAULT_EVERYONE_PERMISSIONS),
      hoist: false,
      mentionable: false,
      botId: null,
    });
    return guild;
  }

  /** Reports a guild created with its roles, members and channels (call after seeding it). */
  announceGuild(guild: FakeGuild): void {
    this.onChange({ kind: 'guildCreate', guild });
  }

  /** The bot is no longer in the guild (kicked, or the guild deleted): it loses every permission there. */
  removeBotFromGuild(guildId: string, botId: string): void {
    const guild = this.guild(guildId);
    this.guildMemberMap(guildId).delete(botId);
    this.onChange({ kind: 'guildDelete', guild, unavailable: false });
  }

  /** A guild outage: GUILD_DELETE with `unavailable`, the bot still a member. */
  markGuildUnavailable(guildId: string): void {
    this.onChange({ kind: 'guildDelete', guild: this.guild(guildId), unavailable: true });
  }

  guild(id: string): FakeGuild {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`FakeDiscord: unknown guild ${id}`);
    return guild;
  }

  addRole(guildId: string, input: NewRole): FakeRole {
    this.guild(guildId);
    const role: FakeRole = {
      id: this.ids.next(),
      guildId,
      name: input.name,
      color: input.color ?? 0,
      position: this.guildRoles(guildId).length,
      permissions: input.permissions ?? 0n,
      hoist: input.hoist ?? false,
      mentionable: input.mentionable ?? false,
      botId: input.botId ?? null,
    };
    this.roles.set(role.id, role);
    this.onChange({ kind: 'roleCreate', role });
    return role;
  }

  updateRole(roleId: string, patch: Partial<Pick<FakeRole, 'name' | 'color' | 'permissions'>>): FakeRole {
    const role = this.roles.get(roleId);
    if (!role) throw new Error(`FakeDiscord: unknown role ${roleId}`);
    Object.assign(role, patch);
    this.onChange({ kind: 'roleUpdate', role });
    return role;
  }

  guildRoles(guildId: string): FakeRole[] {
    return [...this.roles.values()].filter((role) => role.guildId === guildId);
  }

  addMember(
    guildId: string,
    userId: string,
    input: { roleIds?: string[]; nick?: string | null } = {},
  ): FakeMember {
    this.user(userId);
    const members = this.guildMemberMap(guildId);
    const existing = members.get(userId);
    if (existing) return this.updateMember(existing, input);
    const member: FakeMember = {
      guildId,
      userId,
      roleIds: [...(input.roleIds ?? [])],
      nick: input.nick ?? null,
      joinedAt: Date.now(),
    };
    members.set(userId, member);
    this.onChange({ kind: 'memberAdd', member });
    return member;
  }

  private updateMember(member: FakeMember, input: { roleIds?: string[]; nick?: string | null }): FakeMember {
    if (input.roleIds) member.roleIds = [...new Set([...member.roleIds, ...input.roleIds])];
    if (input.nick !== undefined) member.nick = input.nick;
    this.onChange({ kind: 'memberUpdate', member });
    return member;
  }

  member(guildId: string, userId: string): FakeMember | undefined {
    return this.members.get(guildId)?.get(userId);
  }

  guildMembers(guildId: string): FakeMember[] {
    return [...this.guildMemberMap(guildId).values()];
  }

  private guildMemberMap(guildId: string): Map<string, FakeMember> {
    const members = this.members.get(guildId);
    if (!members) throw new Error(`FakeDiscord: unknown guild ${guildId}`);
    return members;
  }

  // ---- channels ------------------------------------------------------------------------------------------

  /** A text channel, or a forum channel (`type` 15: it only holds threads, its posts). */
  addTextChannel(
    guildId: string,
    input: {
      id?: string;
      name: string;
      topic?: string | null;
      type?: ChannelType.GuildText | ChannelType.GuildForum;
    },
  ): FakeChannel {
    this.guild(guildId);
    return this.insertChannel({
      id: input.id ?? this.ids.next(),
      guildId,
      type: input.type ?? ChannelType.GuildText,
      name: input.name,
      topic: input.topic ?? null,
      position: this.guildChannels(guildId).length,
      overwrites: [],
      lastMessageId: null,
      deleted: false,
      parentId: null,
      thread: null,
    });
  }

  /** A thread in a text channel (public or private) or a forum channel (public: a forum post). */
  addThread(input: NewThreadState): FakeChannel {
    const parent = this.channel(input.parentId);
    if (parent.thread) throw new Error(`FakeDiscord: ${parent.id} is a thread; threads live in channels`);
    const forum = parent.type === ChannelType.GuildForum;
    if (forum && input.private) throw new Error('FakeDiscord: forum posts are public threads');
    const now = Date.now();
    const memberIds = [...new Set([input.ownerId, ...(input.memberIds ?? [])])];
    for (const userId of memberIds) {
      if (!this.member(parent.guildId, userId)) {
        throw new Error(`FakeDiscord: user ${userId} is not a member of guild ${parent.guildId}`);
      }
    }
    return this.insertChannel({
      id: input.id ?? this.ids.next(),
      guildId: parent.guildId,
      type: input.private ? ChannelType.PrivateThread : ChannelType.PublicThread,
      name: input.name,
      topic: null,
      position: 0,
      overwrites: [],
      lastMessageId: null,
      deleted: false,
      parentId: parent.id,
      thread: {
        ownerId: input.ownerId,
        archived: input.archived ?? false,
        locked: input.locked ?? false,
        invitable: input.private ? (input.invitable ?? true) : false,
        autoArchiveDuration: input.autoArchiveDuration ?? 1440,
        archiveTimestamp: now,
        createdAt: now,
        members: memberIds.map((userId) => ({ userId, joinedAt: now })),
      },
    });
  }

  private insertChannel(channel: FakeChannel): FakeChannel {
    if (this.channels.has(channel.id)) throw new Error(`FakeDiscord: channel ${channel.id} exists already`);
    this.channels.set(channel.id, channel);
    this.onChange({ kind: 'channelCreate', channel });
    return channel;
  }

  /** Archives/unarchives or locks/unlocks a thread (a THREAD_UPDATE). */
  setThreadState(threadId: string, patch: { archived?: boolean; locked?: boolean }): FakeChannel {
    const channel = this.channel(threadId);
    const thread = threadOf(channel);
    if (patch.archived !== undefined && patch.archived !== thread.archived) {
      thread.archived = patch.archived;
      thread.archiveTimestamp = Date.now();
    }
    if (patch.locked !== undefined) thread.locked = patch.locked;
    this.onChange({ kind: 'channelUpdate', channel });
    return channel;
  }

  /** Adds users to a thread's members (those already in it are skipped). */
  addThreadMembers(threadId: string, userIds: readonly string[]): void {
    const channel = this.channel(threadId);
    const thread = threadOf(channel);
    const added = userIds.filter((id) => !thread.members.some((m) => m.userId === id));
    if (added.length === 0) return;
    const now = Date.now();
    thread.members.push(...added.map((userId) => ({ userId, joinedAt: now })));
    this.onChange({ kind: 'threadMembersUpdate', channel, added, removed: [] });
  }

  removeThreadMember(threadId: string, userId: string): void {
    const channel = this.channel(threadId);
    const thread = threadOf(channel);
    if (!thread.members.some((m) => m.userId === userId)) return;
    thread.members = thread.members.filter((m) => m.userId !== userId);
    this.onChange({ kind: 'threadMembersUpdate', channel, added: [], removed: [userId] });
  }

  /** A live (not deleted) channel, or undefined. */
  findChannel(id: string): FakeChannel | undefined {
    const channel = this.channels.get(id);
    return channel && !channel.deleted ? channel : undefined;
  }

  channel(id: string): FakeChannel {
    const channel = this.findChannel(id);
    if (!channel) throw new Error(`FakeDiscord: unknown channel ${id}`);
    return channel;
  }

  /** The guild's live channels, without threads (as GUILD_CREATE `channels` and GET /guilds/{id}/channels). */
  guildChannels(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !c.deleted && !c.thread);
  }

  /** The guild's live threads. */
  guildThreads(guildId: string): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && !c.deleted && c.thread);
  }

  setOverwrite(channelId: string, overwrite: Overwrite): void {
    const channel = this.channel(channelId);
    if (channel.thread) {
      throw new Error(`FakeDiscord: ${channelId} is a thread; it takes its parent channel's permissions`);
    }
    channel.overwrites = [...channel.overwrites.filter((o) => o.id !== overwrite.id), overwrite];
    this.onChange({ kind: 'channelUpdate', channel });
  }

  removeOverwrite(channelId: string, id: string): void {
    const channel = this.channel(channelId);
    channel.overwrites = channel.overwrites.filter((o) => o.id !== id);
    this.onChange({ kind: 'channelUpdate', channel });
  }

  /** Deletes a channel (its threads go with it, as on Discord, where clients drop them with their parent). */
  deleteChannel(channelId: string): void {
    const channel = this.channel(channelId);
    channel.deleted = true;
    for (const thread of this.channels.values()) {
      if (thread.parentId === channel.id) thread.deleted = true;
    }
    this.onChange({ kind: 'channelDelete', channel });
  }

  // ---- permissions ---------------------------------------------------------------------------------------

  /** Guild-level permissions of a member. */
  guildPermissions(guildId: string, userId: string): bigint {
    return computeBasePermissions(this.permissionContext(guildId, userId, []));
  }

  /** Permissions of a member in a channel (0 for non-members). */
  channelPermissions(channelId: string, userId: string): bigint {
    return this.permissionsIn(this.channel(channelId), userId);
  }

  /** Permissions in a channel (deleted ones too); in a thread, its parent's, with the rules of threads. */
  permissionsIn(channel: FakeChannel, userId: string): bigint {
    // A bot that left the guild sees nothing there (users who are not members keep @everyone's view).
    if (this.users.get(userId)?.bot && !this.member(channel.guildId, userId)) return 0n;
    const parent = channel.parentId === null ? undefined : this.channels.get(channel.parentId);
    const ctx = this.permissionContext(channel.guildId, userId, (parent ?? channel).overwrites);
    if (channel.thread) {
      const member = channel.thread.members.some((m) => m.userId === userId);
      ctx.thread = { private: channel.type === ChannelType.PrivateThread, member };
    }
    return computeChannelPermissions(ctx);
  }

  private permissionContext(
    guildId: string,
    userId: string,
    overwrites: readonly Overwrite[],
  ): PermissionContext {
    const guild = this.guild(guildId);
    const member = this.member(guildId, userId);
    const memberRoles = new Map<string, bigint>();
    for (const roleId of member?.roleIds ?? []) {
      const role = this.roles.get(roleId);
      if (role) memberRoles.set(role.id, role.permissions);
    }
    return {
      guildId,
      ownerId: guild.ownerId,
      userId,
      everyonePermissions: member ? (this.roles.get(guildId)?.permissions ?? 0n) : 0n,
      memberRoles,
      overwrites,
    };
  }

  // ---- messages ------------------------------------------------------------------------------------------

  insertMessage(message: StoredMessage): StoredMessage {
    this.messages.set(message.id, message);
    const inChannel = this.messagesByChannel.get(message.channelId);
    if (inChannel) inChannel.push(message);
    else this.messagesByChannel.set(message.channelId, [message]);
    for (const attachment of message.attachments) this.attachments.set(attachment.id, attachment);
    const channel = this.channels.get(message.channelId);
    if (channel && message.visibleTo === null) channel.lastMessageId = message.id;
    this.onChange({ kind: 'messageCreate', message });
    return message;
  }

  /** Replaces the editable content of a message, keeping the previous revision in `history`. */
  replaceContent(message: StoredMessage, next: MessageContent, markEdited = true): StoredMessage {
    const previous = snapshotContent(message);
    message.history.push(previous);
    message.editCount = message.history.length;
    Object.assign(message, next);
    if (markEdited) message.editedAt = Date.now();
    for (const attachment of message.attachments) this.attachments.set(attachment.id, attachment);
    this.onChange({ kind: 'messageUpdate', message, previous });
    return message;
  }

  markDeleted(message: StoredMessage): void {
    if (message.deleted) return;
    message.deleted = true;
    message.deletedAt = Date.now();
    this.onChange({ kind: 'messageDelete', message });
  }

  /** A message that exists and is not deleted. */
  liveMessage(id: string): StoredMessage | undefined {
    const message = this.messages.get(id);
    return message && !message.deleted ? message : undefined;
  }

  channelMessages(channelId: string): StoredMessage[] {
    return [...(this.messagesByChannel.get(channelId) ?? [])];
  }

  // ---- application commands ------------------------------------------------------------------------------

  setCommands(guildId: string | null, commands: APIApplicationCommand[]): void {
    this.commands.set(guildId ?? 'global', commands);
    this.onChange({ kind: 'commandsUpdate', guildId, commands });
  }

  getCommands(guildId: string | null): APIApplicationCommand[] {
    return this.commands.get(guildId ?? 'global') ?? [];
  }

  /** The command a user in this guild would run by this name: guild commands win over global ones. */
  findCommand(name: string, guildId: string): RegisteredCommand | undefined {
    const guildCommand = this.getCommands(guildId).find((c) => c.name === name);
    if (guildCommand) return { guildId, command: guildCommand };
    const globalCommand = this.getCommands(null).find((c) => c.name === name);
    return globalCommand ? { guildId: null, command: globalCommand } : undefined;
  }

  allCommands(): RegisteredCommand[] {
    return [...this.commands.entries()].flatMap(([scope, list]) =>
      list.map((command) => ({ guildId: scope === 'global' ? null : scope, command })),
    );
  }
}

export function snapshotContent(message: MessageContent): MessageContent {
  return {
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: [...message.attachments],
    flags: message.flags,
  };
}

function threadOf(channel: FakeChannel): FakeThreadState {
  if (!channel.thread) throw new Error(`FakeDiscord: channel ${channel.id} is not a thread`);
  return channel.thread;
}

function toLocale(locale: LocaleString | undefined): Locale {
  return (locale ?? Locale.EnglishUS) as Locale;
}
