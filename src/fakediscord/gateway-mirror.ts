import {
  ApplicationFlags,
  GatewayDispatchEvents,
  GatewayIntentBits,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
} from 'discord.js';
import type { FakeChannel, FakeUser, StoredMessage } from './model';
import { hasPermissions } from './permissions';
import {
  apiChannel,
  apiCurrentUser,
  apiGuildCreate,
  apiMember,
  apiMessage,
  apiRole,
  apiThread,
  iso,
} from './serialize';
import type { FakeState, StateChange } from './state';
import { ownsGuild, type ShardInfo } from './sharding';

/** A gateway dispatch: event name, payload, and the intent a session needs to receive it. */
export interface Dispatch {
  event: GatewayDispatchEvents;
  data: unknown;
  intent: number;
  /** The guild it concerns: only the shard holding it hears it. */
  guildId: string;
}

const EVENTS: Partial<Record<StateChange['kind'], { event: GatewayDispatchEvents; intent: number }>> = {
  roleCreate: { event: GatewayDispatchEvents.GuildRoleCreate, intent: GatewayIntentBits.Guilds },
  roleUpdate: { event: GatewayDispatchEvents.GuildRoleUpdate, intent: GatewayIntentBits.Guilds },
  memberAdd: { event: GatewayDispatchEvents.GuildMemberAdd, intent: GatewayIntentBits.GuildMembers },
  memberUpdate: { event: GatewayDispatchEvents.GuildMemberUpdate, intent: GatewayIntentBits.GuildMembers },
  channelCreate: { event: GatewayDispatchEvents.ChannelCreate, intent: GatewayIntentBits.Guilds },
  channelUpdate: { event: GatewayDispatchEvents.ChannelUpdate, intent: GatewayIntentBits.Guilds },
  channelDelete: { event: GatewayDispatchEvents.ChannelDelete, intent: GatewayIntentBits.Guilds },
  messageCreate: { event: GatewayDispatchEvents.MessageCreate, intent: GatewayIntentBits.GuildMessages },
  messageUpdate: { event: GatewayDispatchEvents.MessageUpdate, intent: GatewayIntentBits.GuildMessages },
  messageDelete: { event: GatewayDispatchEvents.MessageDelete, intent: GatewayIntentBits.GuildMessages },
};

/**
 * What the gateway says about the state: READY and GUILD_CREATE for a new session, and the dispatch that
 * mirrors each state change. Guilds are only talked about once announced (fully set up).
 */
export class GatewayMirror {
  private readonly announced = new Set<string>();

  constructor(
    private readonly state: FakeState,
    private readonly bot: FakeUser,
    private readonly gatewayUrl: () => string,
  ) {}

  announce(guildId: string): void {
    this.announced.add(guildId);
  }

  readyData(sessionId: string, shard: ShardInfo): GatewayReadyDispatchData {
    const flags = ApplicationFlags.GatewayMessageContentLimited;
    return {
      v: 10,
      user: apiCurrentUser(this.bot),
      guilds: this.guildsOf(shard).map((id) => ({ id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: this.gatewayUrl(),
      shard: [shard.id, shard.count],
      application: { id: this.bot.id, flags, flags_new: String(flags) },
    };
  }

  guildCreates(shard: ShardInfo): GatewayGuildCreateDispatchData[] {
    return this.guildsOf(shard).map((id) => apiGuildCreate(this.state, id, this.bot.id));
  }

  guildCount(shard: ShardInfo): number {
    return this.guildsOf(shard).length;
  }

  get announcedCount(): number {
    return this.announced.size;
  }

  private guildsOf(shard: ShardInfo): string[] {
    return [...this.announced].filter((id) => ownsGuild(shard, id));
  }

  /** Members for op 8 (REQUEST_GUILD_MEMBERS), limited to `userIds` when given. */
  membersChunk(guildId: string, userIds: string[] | null): unknown[] {
    if (!this.state.guilds.has(guildId)) return [];
    return this.state
      .guildMembers(guildId)
      .filter((m) => userIds === null || userIds.includes(m.userId))
      .map((m) => apiMember(this.state, m));
  }

  /** The dispatch mirroring a state change, or null when clients do not hear about it. */
  dispatchFor(change: StateChange): Dispatch | null {
    if (change.kind === 'guildCreate') {
      const data = apiGuildCreate(this.state, change.guild.id, this.bot.id);
      const guildId = change.guild.id;
      return { event: GatewayDispatchEvents.GuildCreate, data, intent: GatewayIntentBits.Guilds, guildId };
    }
    if (change.kind === 'guildDelete') {
      if (!change.unavailable) this.announced.delete(change.guild.id);
      const data = { id: change.guild.id, ...(change.unavailable ? { unavailable: true } : {}) };
      return {
        event: GatewayDispatchEvents.GuildDelete,
        data,
        intent: GatewayIntentBits.Guilds,
        guildId: change.guild.id,
      };
    }
    if ('channel' in change && change.channel.thread) {
      return this.announced.has(change.channel.guildId) ? this.threadDispatch(change) : null;
    }
    const spec = EVENTS[change.kind];
    const payload = spec ? this.payload(change) : null;
    if (!spec || !payload || !this.announced.has(payload.guildId)) return null;
    return { event: spec.event, data: payload.data, intent: spec.intent, guildId: payload.guildId };
  }

  private payload(change: StateChange): { guildId: string; data: unknown } | null {
    switch (change.kind) {
      case 'roleCreate':
      case 'roleUpdate':
        return {
          guildId: change.role.guildId,
          data: { guild_id: change.role.guildId, role: apiRole(change.role) },
        };
      case 'memberAdd':
      case 'memberUpdate': {
        const { guildId } = change.member;
        return { guildId, data: { ...apiMember(this.state, change.member), guild_id: guildId } };
      }
      case 'channelCreate':
      case 'channelUpdate':
      case 'channelDelete':
        return { guildId: change.channel.guildId, data: apiChannel(change.channel) };
      case 'messageCreate':
      case 'messageUpdate':
        return this.messagePayload(change.message, true);
      case 'messageDelete':
        return this.messagePayload(change.message, false);
      default:
        return null;
    }
  }

  /**
   * Thread events go only to a bot that can see the thread (a private thread it has not joined is hidden
   * without Manage Threads). The bot joining a thread gets THREAD_CREATE with its member object, as on Discord;
   * others joining or leaving is THREAD_MEMBERS_UPDATE (GuildMembers intent).
   */
  private threadDispatch(change: Extract<StateChange, { channel: FakeChannel }>): Dispatch | null {
    const thread = change.channel;
    const member = { userId: this.bot.id, withIds: true };
    const guilds = GatewayIntentBits.Guilds;
    if (!hasPermissions(this.state.permissionsIn(thread, this.bot.id), 'ViewChannel')) return null;
    switch (change.kind) {
      case 'channelCreate':
        return {
          event: GatewayDispatchEvents.ThreadCreate,
          data: { ...apiThread(thread, member), newly_created: true },
          intent: guilds,
          guildId: thread.guildId,
        };
      case 'channelUpdate':
        return {
          event: GatewayDispatchEvents.ThreadUpdate,
          data: apiThread(thread, null),
          intent: guilds,
          guildId: thread.guildId,
        };
      case 'channelDelete':
        return {
          event: GatewayDispatchEvents.ThreadDelete,
          data: { id: thread.id, guild_id: thread.guildId, parent_id: thread.parentId, type: thread.type },
          intent: guilds,
          guildId: thread.guildId,
        };
      case 'threadMembersUpdate':
        if (change.added.includes(this.bot.id)) {
          return {
            event: GatewayDispatchEvents.ThreadCreate,
            data: apiThread(thread, member),
            intent: guilds,
            guildId: thread.guildId,
          };
        }
        return {
          event: GatewayDispatchEvents.ThreadMembersUpdate,
          data: {
            id: thread.id,
            guild_id: thread.guildId,
            member_count: Math.min(50, thread.thread?.members.length ?? 0),
            added_members: (thread.thread?.members ?? [])
              .filter((m) => change.added.includes(m.userId))
              .map((m) => ({ id: thread.id, user_id: m.userId, join_timestamp: iso(m.joinedAt), flags: 0 })),
            removed_member_ids: change.removed,
          },
          intent: GatewayIntentBits.GuildMembers,
          guildId: thread.guildId,
        };
      default:
        return null;
    }
  }

  /** Ephemeral messages never go over the gateway, nor messages of a thread hidden from the bot. */
  private messagePayload(message: StoredMessage, full: boolean): { guildId: string; data: unknown } | null {
    if (message.visibleTo !== null) return null;
    const channel = this.state.channels.get(message.channelId);
    const hiddenThread =
      channel?.thread && !hasPermissions(this.state.permissionsIn(channel, this.bot.id), 'ViewChannel');
    if (hiddenThread) return null;
    const data = full
      ? apiMessage(this.state, message, true)
      : { id: message.id, channel_id: message.channelId, guild_id: message.guildId };
    return { guildId: message.guildId, data };
  }
}
