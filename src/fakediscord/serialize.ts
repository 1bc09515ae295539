import {
  ChannelType,
  ForumLayoutType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildSystemChannelFlags,
  GuildVerificationLevel,
  InteractionType,
  MessageReferenceType,
  OverwriteType,
  type APIAttachment,
  type ChannelFlags,
  type GuildMemberFlags,
  type RoleFlags,
  type ThreadMemberFlags,
  type UserFlags,
  type APIGuildMember,
  type APIMessage,
  type APIMessageInteraction,
  type APIMessageInteractionMetadata,
  type APIGuildForumChannel,
  type APIRole,
  type APITextChannel,
  type APIThreadChannel,
  type APIThreadMember,
  type APIUser,
  type GatewayGuildCreateDispatchData,
} from 'discord.js';
import type { FakeChannel, FakeMember, FakeRole, FakeUser, StoredAttachment, StoredMessage } from './model';
import { hasPermissions } from './permissions';
import type { FakeState } from './state';

/** Bit fields are enums in discord-api-types; an empty bit field is plain 0. */
const NO_FLAGS = 0;

/** Converters from the fake's state to the JSON objects Discord sends (REST answers and gateway payloads). */

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function apiUser(user: FakeUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: '0',
    global_name: user.globalName,
    avatar: user.avatar,
    ...(user.bot ? { bot: true } : {}),
    public_flags: NO_FLAGS as UserFlags,
    flags: NO_FLAGS as UserFlags,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

/** The bot's own user as GET /users/@me returns it. */
export function apiCurrentUser(user: FakeUser): APIUser {
  return { ...apiUser(user), verified: true, mfa_enabled: false, email: null, locale: user.locale };
}

export function apiRole(role: FakeRole): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.botId !== null,
    mentionable: role.mentionable,
    flags: NO_FLAGS as RoleFlags,
    ...(role.botId !== null ? { tags: { bot_id: role.botId } } : {}),
  };
}

export function apiMember(state: FakeState, member: FakeMember): APIGuildMember {
  return {
    user: apiUser(state.user(member.userId)),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: [...member.roleIds],
    joined_at: iso(member.joinedAt),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: NO_FLAGS as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A guild channel as Discord sends it: a text channel, a forum channel or a thread. */
export type ApiGuildChannel = APITextChannel | APIGuildForumChannel | APIThreadChannel;

export function apiChannel(channel: FakeChannel): ApiGuildChannel {
  return channel.thread ? apiThread(channel, null) : apiGuildChannel(channel);
}

/** A text or forum channel (not a thread). */
export function apiGuildChannel(channel: FakeChannel): APITextChannel | APIGuildForumChannel {
  const overwrites = channel.overwrites.map((o) => ({
    id: o.id,
    type: o.type === 0 ? OverwriteType.Role : OverwriteType.Member,
    allow: o.allow.toString(),
    deny: o.deny.toString(),
  }));
  const common = {
    id: channel.id,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: overwrites,
    topic: channel.topic,
    nsfw: false,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    parent_id: null,
    flags: NO_FLAGS as ChannelFlags,
    last_pin_timestamp: null,
  };
  if (channel.type === ChannelType.GuildForum) {
    return {
      ...common,
      type: ChannelType.GuildForum,
      available_tags: [],
      default_reaction_emoji: null,
      default_sort_order: null,
      default_forum_layout: ForumLayoutType.NotSet,
    };
  }
  return { ...common, type: ChannelType.GuildText };
}

/**
 * A thread as Discord sends it (no overwrites of its own: its parent's apply). `memberOf`: the user whose
 * thread member object goes along when they have joined (the bot's, in THREAD_CREATE and GUILD_CREATE).
 */
export function apiThread(
  channel: FakeChannel,
  memberOf: { userId: string; withIds: boolean } | null,
): APIThreadChannel {
  const thread = channel.thread;
  if (!thread) throw new Error(`FakeDiscord: channel ${channel.id} is not a thread`);
  const type =
    channel.type === ChannelType.PrivateThread ? ChannelType.PrivateThread : ChannelType.PublicThread;
  const joined = memberOf ? thread.members.find((m) => m.userId === memberOf.userId) : undefined;
  const member: APIThreadMember | undefined = joined && {
    ...(memberOf?.withIds ? { id: channel.id, user_id: joined.userId } : {}),
    join_timestamp: iso(joined.joinedAt),
    flags: NO_FLAGS as ThreadMemberFlags,
  };
  return {
    id: channel.id,
    type,
    guild_id: channel.guildId,
    parent_id: channel.parentId ?? '',
    name: channel.name,
    owner_id: thread.ownerId,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: NO_FLAGS as ChannelFlags,
    last_pin_timestamp: null,
    member_count: Math.min(50, thread.members.length),
    message_count: 0,
    total_message_sent: 0,
    thread_metadata: {
      archived: thread.archived,
      auto_archive_duration: thread.autoArchiveDuration,
      archive_timestamp: iso(thread.archiveTimestamp),
      locked: thread.locked,
      ...(type === ChannelType.PrivateThread ? { invitable: thread.invitable } : {}),
      create_timestamp: iso(thread.createdAt),
    },
    ...(member ? { member } : {}),
  };
}

/** The GUILD_CREATE payload the gateway sends after READY: guild with channels, roles and members. */
export function apiGuildCreate(
  state: FakeState,
  guildId: string,
  botUserId: string,
): GatewayGuildCreateDispatchData {
  const guild = state.guild(guildId);
  const members = state.guildMembers(guildId);
  const bot = state.member(guildId, botUserId);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: state.guildRoles(guildId).map(apiRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: GuildSystemChannelFlags.SuppressJoinNotifications,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: guild.locale,
    public_updates_channel_id: null,
    max_members: 500_000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    joined_at: iso(bot?.joinedAt ?? guild.createdAt),
    large: false,
    unavailable: false,
    member_count: members.length,
    voice_states: [],
    members: members.map((m) => apiMember(state, m)),
    channels: state.guildChannels(guildId).map(apiGuildChannel),
    // Active threads the bot can see, with its thread member object where it has joined (without ids, as Discord).
    threads: state
      .guildThreads(guildId)
      .filter((t) => !t.thread?.archived && hasPermissions(state.permissionsIn(t, botUserId), 'ViewChannel'))
      .map((t) => apiThread(t, { userId: botUserId, withIds: false })),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function apiAttachment(attachment: StoredAttachment): APIAttachment {
  return {
    id: attachment.id,
    filename: attachment.filename,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.proxyUrl,
    content_type: attachment.contentType,
    ...(attachment.width !== null && attachment.height !== null
      ? { width: attachment.width, height: attachment.height }
      : {}),
    ...(attachment.description !== null ? { description: attachment.description } : {}),
    ...(attachment.ephemeral ? { ephemeral: true } : {}),
  };
}

/** A stored message as the REST API returns it (`withGuild` adds guild_id, as gateway dispatches do). */
export function apiMessage(state: FakeState, message: StoredMessage, withGuild = false): APIMessage {
  const author = state.user(message.authorId);
  return {
    id: message.id,
    channel_id: message.channelId,
    ...(withGuild ? { guild_id: message.guildId } : {}),
    author: apiUser(author),
    content: message.content,
    timestamp: iso(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : iso(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: message.mentionIds.flatMap((id) => {
      const user = state.users.get(id);
      return user ? [apiUser(user)] : [];
    }),
    mention_roles: [],
    attachments: message.attachments.map(apiAttachment),
    embeds: message.embeds,
    components: message.components,
    pinned: false,
    type: message.type,
    flags: message.flags,
    ...(message.nonce !== null ? { nonce: message.nonce } : {}),
    ...(message.webhookId !== null
      ? { webhook_id: message.webhookId, application_id: message.webhookId }
      : {}),
    ...interactionFields(state, message),
    ...(message.referencedMessageId !== null
      ? {
          message_reference: {
            type: MessageReferenceType.Default,
            message_id: message.referencedMessageId,
            channel_id: message.channelId,
            guild_id: message.guildId,
          },
        }
      : {}),
  };
}

function interactionFields(
  state: FakeState,
  message: StoredMessage,
): { interaction_metadata?: APIMessageInteractionMetadata; interaction?: APIMessageInteraction } {
  const link = message.interaction;
  if (!link) return {};
  const user = apiUser(state.user(link.userId));
  const base = {
    id: link.id,
    user,
    authorizing_integration_owners: { 0: message.guildId },
    ...(link.originalResponseMessageId !== null
      ? { original_response_message_id: link.originalResponseMessageId }
      : {}),
  };
  if (link.type === InteractionType.MessageComponent) {
    return {
      interaction_metadata: {
        ...base,
        type: InteractionType.MessageComponent,
        interacted_message_id: link.interactedMessageId ?? message.id,
      },
    };
  }
  const metadata: APIMessageInteractionMetadata = { ...base, type: InteractionType.ApplicationCommand };
  const legacy: APIMessageInteraction = {
    id: link.id,
    type: InteractionType.ApplicationCommand,
    name: link.commandName ?? '',
    user,
  };
  return { interaction_metadata: metadata, interaction: legacy };
}
