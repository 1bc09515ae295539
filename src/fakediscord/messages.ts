import { EmbedType, MessageFlags, MessageType, type APIEmbed, type APIEmbedImage } from 'discord.js';
import { Errors, FormErrors } from './errors';
import { pingsOf } from './mention-rules';
import { storedComponents, storedEmbed } from './message-defaults';
import {
  validateMessageInput,
  type AttachmentRef,
  type MessageInput,
  type UploadedFile,
} from './message-input';
import type {
  MessageContent,
  MessageInteractionLink,
  MessageOrigin,
  StoredAttachment,
  StoredMessage,
} from './model';
import type { FakeState } from './state';

/** Where a new message goes and what it is. */
export interface MessageContext {
  channelId: string;
  authorId: string;
  type: MessageType;
  origin: MessageOrigin;
  webhookId: string | null;
  interaction: MessageInteractionLink | null;
  /** The user an ephemeral message is shown to; when null, the Ephemeral flag is dropped. */
  ephemeralUserId: string | null;
  /** Flags the server adds (e.g. Loading for a deferred reply). */
  extraFlags?: number;
}

/** Flags a bot may set itself when creating a message. */
const SETTABLE_FLAGS =
  MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;
/** Flags a bot may change when editing. */
const EDITABLE_FLAGS = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2;

/** Builds messages from create/edit bodies: attachments from uploaded files, `attachment://` embeds, limits. */
export class MessageFactory {
  constructor(
    private readonly state: FakeState,
    private readonly baseUrl: () => string,
    private readonly maxFileBytes: number,
  ) {}

  create(input: MessageInput, files: readonly UploadedFile[], ctx: MessageContext): StoredMessage {
    validateMessageInput(input, files, this.maxFileBytes);
    const channel = this.state.channel(ctx.channelId);
    const requestedFlags = input.flags ?? 0;
    const ephemeral = ctx.ephemeralUserId !== null && (requestedFlags & MessageFlags.Ephemeral) !== 0;
    const flags =
      (requestedFlags & SETTABLE_FLAGS) | (ephemeral ? MessageFlags.Ephemeral : 0) | (ctx.extraFlags ?? 0);
    const attachments = this.resolveAttachments([], input.attachments, files, ctx.channelId, ephemeral);
    const content = this.buildContent(input, attachments, flags);
    const loading = (flags & MessageFlags.Loading) !== 0;
    if (!loading) assertNotEmpty(content);
    const referencedMessageId = this.checkReference(input.referencedMessageId, ctx);
    const message: StoredMessage = {
      ...content,
      id: this.state.ids.next(),
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: ctx.authorId,
      type: referencedMessageId !== null && ctx.type === MessageType.Default ? MessageType.Reply : ctx.type,
      origin: ctx.origin,
      createdAt: Date.now(),
      editedAt: null,
      editCount: 0,
      history: [],
      deleted: false,
      deletedAt: null,
      visibleTo: ephemeral ? ctx.ephemeralUserId : null,
      webhookId: ctx.webhookId,
      interaction: ctx.interaction,
      nonce: input.nonce ?? null,
      mentionIds: this.mentions(content.content),
      pinged: pingsOf(content.content, input.allowedMentions),
      referencedMessageId,
    };
    return this.state.insertMessage(message);
  }

  /** Applies an edit body; fields that were not sent stay as they are. Clears the Loading flag. */
  edit(message: StoredMessage, input: MessageInput, files: readonly UploadedFile[]): StoredMessage {
    validateMessageInput(input, files, this.maxFileBytes);
    const ephemeral = message.visibleTo !== null;
    const keptFlags = message.flags & ~EDITABLE_FLAGS & ~MessageFlags.Loading;
    const flags =
      input.flags === undefined
        ? message.flags & ~MessageFlags.Loading
        : keptFlags | (input.flags & EDITABLE_FLAGS);
    const attachments =
      input.attachments === undefined && files.length === 0
        ? message.attachments
        : this.resolveAttachments(
            message.attachments,
            input.attachments,
            files,
            message.channelId,
            ephemeral,
          );
    const merged: MessageInput = {
      content: input.content ?? message.content,
      embeds: input.embeds ?? message.embeds,
      components: input.components ?? message.components,
    };
    const next = this.buildContent(merged, attachments, flags);
    assertNotEmpty(next);
    message.mentionIds = this.mentions(next.content);
    return this.state.replaceContent(message, next);
  }

  private buildContent(input: MessageInput, attachments: StoredAttachment[], flags: number): MessageContent {
    return {
      content: input.content ?? '',
      embeds: (input.embeds ?? []).map((embed) => storedEmbed(resolveEmbed(embed, attachments))),
      components: storedComponents(input.components ?? []),
      attachments,
      flags,
    };
  }

  private resolveAttachments(
    existing: readonly StoredAttachment[],
    refs: readonly AttachmentRef[] | undefined,
    files: readonly UploadedFile[],
    channelId: string,
    ephemeral: boolean,
  ): StoredAttachment[] {
    const create = (file: UploadedFile, ref?: AttachmentRef): StoredAttachment =>
      this.newAttachment(file, channelId, ephemeral, ref);
    if (refs === undefined) return [...existing, ...files.map((file) => create(file))];
    const used = new Set<UploadedFile>();
    const result: StoredAttachment[] = [];
    for (const ref of refs) {
      const kept = existing.find((a) => a.id === ref.id);
      const file = files.find((f) => String(f.index) === ref.id);
      if (kept) result.push(ref.description === undefined ? kept : { ...kept, description: ref.description });
      else if (file && !used.has(file)) {
        used.add(file);
        result.push(create(file, ref));
      }
    }
    return [...result, ...files.filter((f) => !used.has(f)).map((file) => create(file))];
  }

  private newAttachment(
    file: UploadedFile,
    channelId: string,
    ephemeral: boolean,
    ref?: AttachmentRef,
  ): StoredAttachment {
    const id = this.state.ids.next();
    const filename = (ref?.filename ?? file.filename).replace(/\s+/g, '_');
    const url = `${this.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
    const size = imageSize(file.data);
    return {
      id,
      channelId,
      filename,
      contentType: file.contentType || guessContentType(filename),
      size: file.data.length,
      data: file.data,
      url,
      proxyUrl: url,
      width: size?.width ?? null,
      height: size?.height ?? null,
      description: ref?.description ?? null,
      ephemeral,
    };
  }

  private checkReference(id: string | undefined, ctx: MessageContext): string | null {
    if (id === undefined) return null;
    const target = this.state.liveMessage(id);
    if (target && target.channelId === ctx.channelId) return id;
    const errors = new FormErrors();
    errors.add(['message_reference'], 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
    errors.throwIfAny();
    return null;
  }

  private mentions(content: string): string[] {
    const ids = [...content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] ?? '');
    return [...new Set(ids)].filter((id) => this.state.users.has(id));
  }
}

function assertNotEmpty(content: MessageContent): void {
  const empty =
    content.content.trim() === '' &&
    content.embeds.length === 0 &&
    content.attachments.length === 0 &&
    content.components.length === 0;
  if (empty) throw Errors.emptyMessage();
}

/** Replaces `attachment://name` references of an embed by the attachment's URL (like Discord does). */
function resolveEmbed(embed: APIEmbed, attachments: readonly StoredAttachment[]): APIEmbed {
  const find = (url: string | undefined): StoredAttachment | undefined =>
    url?.startsWith('attachment://') ? attachments.find((a) => a.filename === url.slice(13)) : undefined;
  const image = (media: APIEmbedImage | undefined): APIEmbedImage | undefined => {
    const attachment = find(media?.url);
    if (!media || !attachment) return media;
    return {
      ...media,
      url: attachment.url,
      proxy_url: attachment.proxyUrl,
      content_type: attachment.contentType,
      ...(attachment.width !== null && attachment.height !== null
        ? { width: attachment.width, height: attachment.height }
        : {}),
    };
  };
  const resolved: APIEmbed = { type: EmbedType.Rich, ...embed };
  const img = image(embed.image);
  const thumbnail = image(embed.thumbnail);
  if (img) resolved.image = img;
  if (thumbnail) resolved.thumbnail = thumbnail;
  const authorIcon = find(embed.author?.icon_url);
  if (embed.author && authorIcon) {
    resolved.author = { ...embed.author, icon_url: authorIcon.url, proxy_icon_url: authorIcon.proxyUrl };
  }
  const footerIcon = find(embed.footer?.icon_url);
  if (embed.footer && footerIcon) {
    resolved.footer = { ...embed.footer, icon_url: footerIcon.url, proxy_icon_url: footerIcon.proxyUrl };
  }
  return resolved;
}

/** Width and height of a PNG or GIF, read from its header. */
export function imageSize(data: Buffer): { width: number; height: number } | null {
  const png =
    data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('ascii', 12, 16) === 'IHDR';
  if (png) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  const gif = data.length >= 10 && data.toString('ascii', 0, 3) === 'GIF';
  if (gif) return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export function guessContentType(filename: string): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
