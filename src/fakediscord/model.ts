import type {
  APIApplicationCommand,
  APIEmbed,
  ChannelType,
  APIMessageTopLevelComponent,
  InteractionType,
  Locale,
  MessageType,
} from 'discord.js';
import type { Overwrite } from './permissions';

/** A Discord user (people and the bot). */
export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  avatar: string | null;
  /** Locale sent with this user's interactions. */
  locale: Locale;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  locale: Locale;
  createdAt: number;
}

export interface FakeRole {
  id: string;
  guildId: string;
  name: string;
  color: number;
  position: number;
  permissions: bigint;
  hoist: boolean;
  mentionable: boolean;
  /** Set on the bot's managed role. */
  botId: string | null;
}

export interface FakeMember {
  guildId: string;
  userId: string;
  /** Role ids, without @everyone. */
  roleIds: string[];
  nick: string | null;
  joinedAt: number;
}

/** The kinds of guild channel the fake knows. */
export type FakeChannelType =
  ChannelType.GuildText | ChannelType.GuildForum | ChannelType.PublicThread | ChannelType.PrivateThread;

/** A guild channel: a text channel, a forum channel, or a thread (public, private, or a forum post). */
export interface FakeChannel {
  id: string;
  guildId: string;
  /** 0 text, 15 forum, 11 public thread (a forum post is one whose parent is a forum), 12 private thread. */
  type: FakeChannelType;
  name: string;
  topic: string | null;
  position: number;
  /** Overwrites of the channel; threads have none of their own (their parent's apply). */
  overwrites: Overwrite[];
  lastMessageId: string | null;
  deleted: boolean;
  /** The text or forum channel a thread lives in; null for other channels. */
  parentId: string | null;
  /** What only threads have; null for other channels. */
  thread: FakeThreadState | null;
}

/** A thread's metadata and members. */
export interface FakeThreadState {
  /** The user who created the thread (always one of its members at first). */
  ownerId: string;
  archived: boolean;
  /** Only members with Manage Threads may post (and unarchive). */
  locked: boolean;
  /** Private threads: whether members without Manage Threads may add others. */
  invitable: boolean;
  /** Minutes of inactivity before Discord archives it (the fake never archives by itself). */
  autoArchiveDuration: 60 | 1440 | 4320 | 10080;
  /** When `archived` last changed (at first: the creation time). */
  archiveTimestamp: number;
  createdAt: number;
  /** Thread members (private threads are only seen by them and by Manage Threads), in joining order. */
  members: FakeThreadMember[];
}

export interface FakeThreadMember {
  userId: string;
  joinedAt: number;
}

/** A stored file of a message; `data` holds the uploaded bytes, `url` serves them from the fake server. */
export interface StoredAttachment {
  id: string;
  channelId: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
  url: string;
  proxyUrl: string;
  width: number | null;
  height: number | null;
  description: string | null;
  ephemeral: boolean;
}

/** The editable part of a message; also what one entry of `history` holds. */
export interface MessageContent {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: StoredAttachment[];
  flags: number;
}

/** How a message came to be. */
export type MessageOrigin =
  | 'channel' // POST /channels/{id}/messages by the bot
  | 'user' // injected with postUserMessage()
  | 'interactionResponse' // callback type 4 or 5
  | 'followUp'; // POST /webhooks/{app}/{token}

/** The interaction a message answers (source of `interaction_metadata`). */
export interface MessageInteractionLink {
  id: string;
  type: InteractionType;
  userId: string;
  /** Command name, for application command interactions. */
  commandName: string | null;
  /** For responses to a component click: the message with the component. */
  interactedMessageId: string | null;
  /** For follow-ups: the original response. */
  originalResponseMessageId: string | null;
}

export interface StoredMessage extends MessageContent {
  id: string;
  channelId: string;
  guildId: string;
  authorId: string;
  type: MessageType;
  origin: MessageOrigin;
  createdAt: number;
  editedAt: number | null;
  /** Number of edits so far (`history.length`). */
  editCount: number;
  /** Previous revisions, oldest first. */
  history: MessageContent[];
  deleted: boolean;
  deletedAt: number | null;
  /** Ephemeral messages (flags & 64): the only user who sees it. null = everyone in the channel. */
  visibleTo: string | null;
  webhookId: string | null;
  interaction: MessageInteractionLink | null;
  nonce: string | number | null;
  /** User ids mentioned as <@id> in the content. */
  mentionIds: string[];
  /** Who the message notified when it was posted (the content's mentions that allowed_mentions let through). */
  pinged: { users: string[]; roles: string[]; everyone: boolean };
  referencedMessageId: string | null;
}

/** A registered application command (as Discord returns it) and where it lives. */
export interface RegisteredCommand {
  guildId: string | null;
  command: APIApplicationCommand;
}

/** One REST request as the fake saw it. */
export interface RestLogEntry {
  seq: number;
  method: string;
  /** Path after /api/v10, decoded (`@original`). */
  path: string;
  /** Matched route template, e.g. `/channels/:channelId/messages/:messageId`; null when no route matched. */
  route: string | null;
  query: Record<string, string>;
  status: number;
  /** Discord JSON error code of an error answer. */
  errorCode: number | null;
  /** Injected fault that produced this answer. */
  fault: 'rateLimit' | 'serverError' | 'unauthorized' | null;
  /** Whether the request carried an `Authorization` header (interaction-token routes should not). */
  authorized: boolean;
  receivedAt: number;
  durationMs: number;
  /** The client's tag, when it used an address of `FakeDiscord.apiUrlFor` (a benchmark's processes), else null. */
  client: number | null;
  /** JSON body (or payload_json of a multipart body). */
  body: unknown;
  fileNames: string[];
}
