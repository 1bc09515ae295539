import fs from 'node:fs';
import path from 'node:path';
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import { z } from 'zod';
import type { FakeDiscord, StoredMessage } from '../fakediscord/index';
import type { Logger } from '../logger';
import type { CommandPaths } from './command-paths';

/**
 * Discord keeps a channel's messages when a bot restarts; the fake keeps them in memory only. The sandbox saves
 * the public messages of its channels to a JSON file and puts them back at the next start, so a game resumes
 * on its old board message (the bot edits it in place, as on Discord).
 */

const MESSAGES_PER_CHANNEL = 100;
const SAVE_DELAY_MS = 500;

const attachmentSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  data: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  description: z.string().nullable(),
});

const linkSchema = z.object({
  id: z.string(),
  type: z.number(),
  userId: z.string(),
  commandName: z.string().nullable(),
  interactedMessageId: z.string().nullable(),
  originalResponseMessageId: z.string().nullable(),
});

const messageSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  guildId: z.string(),
  authorId: z.string(),
  type: z.number(),
  origin: z.enum(['channel', 'user', 'interactionResponse', 'followUp']),
  createdAt: z.number(),
  editedAt: z.number().nullable(),
  content: z.string(),
  // Embeds and components are Discord's JSON, stored as the bot sent them.
  embeds: z.array(z.record(z.string(), z.unknown())),
  components: z.array(z.record(z.string(), z.unknown())),
  attachments: z.array(attachmentSchema),
  flags: z.number(),
  webhookId: z.string().nullable(),
  interaction: linkSchema.nullable(),
  mentionIds: z.array(z.string()),
  referencedMessageId: z.string().nullable(),
  // The full command a reply answers ("hare start"), for its "Alice used /hare start" line; files saved
  // before it was kept have none.
  commandPath: z.string().nullable().optional(),
});

const fileSchema = z.object({
  version: z.literal(1),
  baseUrl: z.string(),
  messages: z.array(z.unknown()),
});

type SavedMessage = z.infer<typeof messageSchema>;

function toSaved(message: StoredMessage, commandPaths: CommandPaths): SavedMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    guildId: message.guildId,
    authorId: message.authorId,
    type: message.type,
    origin: message.origin,
    createdAt: message.createdAt,
    editedAt: message.editedAt,
    content: message.content,
    embeds: message.embeds as unknown as Record<string, unknown>[],
    components: message.components as unknown as Record<string, unknown>[],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      channelId: a.channelId,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      data: a.data.toString('base64'),
      width: a.width,
      height: a.height,
      description: a.description,
    })),
    flags: message.flags,
    webhookId: message.webhookId,
    interaction: message.interaction,
    mentionIds: message.mentionIds,
    referencedMessageId: message.referencedMessageId,
    commandPath: message.interaction ? (commandPaths.get(message.interaction.id) ?? null) : null,
  };
}

/** Attachment URLs name the fake's port, which changes at every start. */
function rebase(message: SavedMessage, oldBase: string, newBase: string): StoredMessage {
  const { commandPath: _path, ...saved } = message;
  const attachments = saved.attachments.map((a) => {
    const url = `${newBase}/attachments/${a.channelId}/${a.id}/${encodeURIComponent(a.filename)}`;
    return { ...a, data: Buffer.from(a.data, 'base64'), url, proxyUrl: url, ephemeral: false };
  });
  const embeds = JSON.parse(JSON.stringify(saved.embeds).split(oldBase).join(newBase)) as APIEmbed[];
  return {
    ...saved,
    type: saved.type as StoredMessage['type'],
    // A restored message notified its readers when it was first posted, not again.
    pinged: { users: [], roles: [], everyone: false },
    embeds,
    components: saved.components as unknown as APIMessageTopLevelComponent[],
    attachments,
    interaction: saved.interaction
      ? {
          ...saved.interaction,
          type: saved.interaction.type as NonNullable<StoredMessage['interaction']>['type'],
        }
      : null,
    editCount: 0,
    history: [],
    deleted: false,
    deletedAt: null,
    visibleTo: null,
    nonce: null,
  };
}

export class MessageHistory {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onChange = (message: StoredMessage): void => {
    if (this.channelIds.has(message.channelId) && message.visibleTo === null) this.scheduleSave();
  };

  constructor(
    private readonly file: string,
    private readonly fake: FakeDiscord,
    private readonly channelIds: ReadonlySet<string>,
    private readonly commandPaths: CommandPaths,
    private readonly logger: Logger,
  ) {}

  /** Puts the saved messages back into the fake (call after `fake.start()`); returns how many. */
  restore(): number {
    if (!fs.existsSync(this.file)) return 0;
    const parsed = fileSchema.safeParse(this.readJson());
    if (!parsed.success) {
      this.logger.warn(`sandbox: ignoring ${this.file}: it is not a saved sandbox history`);
      return 0;
    }
    let restored = 0;
    for (const entry of parsed.data.messages) {
      const message = messageSchema.safeParse(entry);
      if (!message.success || !this.canRestore(message.data)) continue;
      this.fake.state.insertMessage(rebase(message.data, parsed.data.baseUrl, this.fake.baseUrl));
      if (message.data.interaction && message.data.commandPath) {
        this.commandPaths.restore(message.data.interaction.id, message.data.commandPath);
      }
      restored++;
    }
    return restored;
  }

  /** Saves soon after every change of a public message in the sandbox channels. */
  attach(): void {
    this.fake.on('messageCreate', this.onChange);
    this.fake.on('messageUpdate', this.onChange);
    this.fake.on('messageDelete', this.onChange);
  }

  /** Stops listening and writes what is pending. */
  detach(): void {
    this.fake.off('messageCreate', this.onChange);
    this.fake.off('messageUpdate', this.onChange);
    this.fake.off('messageDelete', this.onChange);
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.save();
    }
  }

  save(): void {
    const messages = [...this.channelIds].flatMap((channelId) =>
      this.fake
        .messages(channelId, { publicOnly: true })
        .slice(-MESSAGES_PER_CHANNEL)
        .map((message) => toSaved(message, this.commandPaths)),
    );
    const body = JSON.stringify({ version: 1, baseUrl: this.fake.baseUrl, messages });
    fs.mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, body);
    fs.renameSync(temporary, this.file);
  }

  private scheduleSave(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.save();
      } catch (error) {
        this.logger.warn(`sandbox: could not save the channel history to ${this.file}`, error);
      }
    }, SAVE_DELAY_MS);
  }

  private readJson(): unknown {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return null;
    }
  }

  /** Only messages of known channels and people, and not one that exists already. */
  private canRestore(message: SavedMessage): boolean {
    const { state } = this.fake;
    return (
      this.channelIds.has(message.channelId) &&
      state.channels.has(message.channelId) &&
      state.users.has(message.authorId) &&
      (message.interaction === null || state.users.has(message.interaction.userId)) &&
      !state.messages.has(message.id)
    );
  }
}
