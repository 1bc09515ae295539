import type { APIApplicationCommandOptionChoice, InteractionResponseType, LocaleString } from 'discord.js';
import type { ResolvedOptions } from './app';
import { DISCORD_MAX_GUILDS_PER_SESSION, GUILDS_PER_RECOMMENDED_SHARD } from './sharding';
import type { RecordedInteraction } from './interactions';
import type {
  FakeChannel,
  FakeGuild,
  FakeRole,
  FakeUser,
  MessageContent,
  RestLogEntry,
  StoredMessage,
} from './model';
import type { PermissionName } from './permissions';
import type { RouteLimits } from './route-limits';
import type { StateChange } from './state';

/** Public option and result types of FakeDiscord. */

export interface FakeDiscordOptions {
  /** Username of the bot (default 'Hare'). */
  botUsername?: string;
  /** Application id, also the bot user's id (default: a fresh snowflake). */
  applicationId?: string;
  /** The only bot token REST and gateway accept (default: any token). */
  token?: string;
  /** Port to listen on (default 0: a free random port). */
  port?: number;
  /** Gateway heartbeat interval sent in HELLO (Discord: 41250 ms). */
  heartbeatIntervalMs?: number;
  /** Deadline of an interaction's first callback; later callbacks get 10062 (Discord: 3000 ms). */
  interactionResponseTimeoutMs?: number;
  /** Lifetime of an interaction token for webhook calls; later calls get 50027 (Discord: 15 min). */
  interactionTokenLifetimeMs?: number;
  /** Upload limit per file; larger files get 413 / 40005 (Discord default: 10 MiB). */
  maxFileBytes?: number;
  /**
   * A channel message with embeds while the bot lacks EmbedLinks: 'error' answers 403 / 50013 (default),
   * 'strip' sends the message without its embeds.
   */
  missingEmbedLinks?: 'error' | 'strip';
  /** How long a nonce sent with enforce_nonce returns its message instead of a new one (Discord: "a few minutes"). */
  nonceWindowMs?: number;
  /**
   * Privileged gateway intents enabled for the application in the developer portal; an IDENTIFY asking for
   * another one is closed with 4014 "Disallowed intent(s)" (default: none, as for a new application).
   */
  privilegedIntents?: ('GuildMembers' | 'GuildPresences' | 'MessageContent')[];
  /**
   * A gateway session that would hold more guilds than this is closed with 4011 "Sharding required"
   * (Discord: 2,500).
   */
  maxGuildsPerSession?: number;
  /**
   * `session_start_limit.max_concurrency` on /gateway/bot: how many shards may IDENTIFY per 5 seconds
   * (Discord: 1 for most bots, 16 and more for large ones). discord.js waits 5 s between buckets.
   */
  identifyMaxConcurrency?: number;
  /** /gateway/bot recommends one shard per this many guilds (Discord: about 1,000). */
  guildsPerRecommendedShard?: number;
  /**
   * Requests per second all connections of one bot token may make together; the excess is refused with a
   * global 429 (Discord: 50). Interaction callbacks and interaction webhooks do not count. null: no limit.
   */
  globalRequestsPerSecond?: number | null;
  /**
   * Per-route buckets, refused with a 429 that is not global beyond them (`DISCORD_ROUTE_LIMITS`: 5 message
   * writes per 5 s per channel, 5 requests per 2 s per interaction token). Each limit may be null (none).
   * Default null: no per-route limits, generous `X-RateLimit-*` headers.
   */
  routeLimits?: Partial<RouteLimits> | null;
}

export interface StartResult {
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** http://127.0.0.1:PORT/api: pass as `rest.api` to the discord.js Client. */
  apiUrl: string;
  /** ws://127.0.0.1:PORT/gateway */
  gatewayUrl: string;
}

export interface GuildSetup {
  guild: FakeGuild;
  /** The first text channel. */
  channel: FakeChannel;
  channels: FakeChannel[];
  owner: FakeUser;
  /** The bot's managed role (its guild-wide permissions). */
  botRole: FakeRole;
}

export interface NewGuild {
  id?: string;
  name?: string;
  /** Text channels, by name or with a fixed id (default ['general']). */
  channels?: (string | NewTextChannel)[];
  locale?: LocaleString;
  /** Guild-wide permissions of the bot's role (default DEFAULT_BOT_PERMISSIONS). */
  botPermissions?: readonly PermissionName[];
  /** Permissions of @everyone (default DEFAULT_EVERYONE_PERMISSIONS). */
  everyonePermissions?: readonly PermissionName[];
}

/** A text channel to create; a fixed `id` (a snowflake) keeps it the same across runs. */
export interface NewTextChannel {
  name: string;
  id?: string;
  topic?: string;
}

/** A thread to create with `fake.addThread`. */
export interface NewThread {
  /** The text channel (public or private thread) or forum channel (forum post) it lives in. */
  parentId: string;
  name: string;
  /** 'forum-post' is a public thread in a forum channel (type 11, parent type 15). */
  type: 'public' | 'private' | 'forum-post';
  id?: string;
  /** Who created it (default: the guild owner); always a member. */
  ownerId?: string;
  archived?: boolean;
  /** Locked: only members with Manage Threads may post or unarchive it. */
  locked?: boolean;
  /** Members besides the owner (who sees a private thread: them and Manage Threads). */
  members?: readonly string[];
  /** Private threads: whether non-moderators may add members (default true). */
  invitable?: boolean;
  /** Forum posts: the starter message by the owner (default: the post's name). */
  starterMessage?: string;
}

export interface NewFakeUser {
  id?: string;
  username: string;
  globalName?: string | null;
  locale?: LocaleString;
  /** Guilds to join (default: every guild that exists now). */
  guilds?: string[];
  /** Extra permissions, granted through a personal role in each joined guild. */
  permissions?: readonly PermissionName[];
  /** Role ids to give (in the guilds they belong to). */
  roles?: string[];
}

export interface PermissionChange {
  allow?: readonly PermissionName[];
  deny?: readonly PermissionName[];
}

/** What an interaction led to, as seen by the user. */
export interface InteractionOutcome {
  interaction: RecordedInteraction;
  /** Type of the first callback (4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 choices, 9 modal). */
  type: InteractionResponseType;
  /** Injection to first callback, ms. */
  latencyMs: number;
  /** Injection to final outcome (the edit after a deferral), ms; null while still pending. */
  finalLatencyMs: number | null;
  /** The reply (4/5) or the component message (6/7), current state; undefined for 8/9. */
  message: StoredMessage | undefined;
  /** Autocomplete choices (8). */
  choices: APIApplicationCommandOptionChoice[] | null;
  /** Whether the reply is ephemeral (then `message.visibleTo` is the user). */
  ephemeral: boolean;
}

export interface MessageQuery {
  /** Include deleted messages (default false). */
  includeDeleted?: boolean;
  /** Only what this user sees: public messages plus their own ephemeral ones (default: all messages). */
  visibleTo?: string;
  /** Leave out all ephemeral messages. */
  publicOnly?: boolean;
}

export type FakeDiscordChange =
  | StateChange
  | { kind: 'interactionCreate'; interaction: RecordedInteraction }
  | { kind: 'interactionResponse'; interaction: RecordedInteraction };

export interface FakeDiscordEvents {
  /** Every change, in order (the stream a browser page would mirror). */
  change: [FakeDiscordChange];
  messageCreate: [StoredMessage];
  messageUpdate: [message: StoredMessage, previous: MessageContent];
  messageDelete: [StoredMessage];
  interactionCreate: [RecordedInteraction];
  interactionResponse: [RecordedInteraction];
  /** After every REST request. */
  request: [RestLogEntry];
  /** A gateway session identified (READY and GUILD_CREATEs sent). */
  gatewayReady: [sessionId: string];
}

const DISCORD_GLOBAL_REQUESTS_PER_SECOND = 50;

const PRIVILEGED = { GuildMembers: 1 << 1, GuildPresences: 1 << 8, MessageContent: 1 << 15 } as const;

/** Every privileged intent bit. */
export const PRIVILEGED_INTENTS =
  PRIVILEGED.GuildMembers | PRIVILEGED.GuildPresences | PRIVILEGED.MessageContent;

export function resolveOptions(options: FakeDiscordOptions): ResolvedOptions & { port: number } {
  return {
    token: options.token ?? null,
    port: options.port ?? 0,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    interactionResponseTimeoutMs: options.interactionResponseTimeoutMs ?? 3000,
    interactionTokenLifetimeMs: options.interactionTokenLifetimeMs ?? 15 * 60_000,
    maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024,
    missingEmbedLinks: options.missingEmbedLinks ?? 'error',
    nonceWindowMs: options.nonceWindowMs ?? 3 * 60_000,
    privilegedIntents: (options.privilegedIntents ?? []).reduce((bits, name) => bits | PRIVILEGED[name], 0),
    maxGuildsPerSession: options.maxGuildsPerSession ?? DISCORD_MAX_GUILDS_PER_SESSION,
    identifyMaxConcurrency: options.identifyMaxConcurrency ?? 1,
    guildsPerRecommendedShard: options.guildsPerRecommendedShard ?? GUILDS_PER_RECOMMENDED_SHARD,
    globalRequestsPerSecond:
      options.globalRequestsPerSecond === undefined
        ? DISCORD_GLOBAL_REQUESTS_PER_SECOND
        : options.globalRequestsPerSecond,
    routeLimits: options.routeLimits
      ? {
          channelMessageWrites: options.routeLimits.channelMessageWrites ?? null,
          interactionToken: options.routeLimits.interactionToken ?? null,
        }
      : null,
  };
}
