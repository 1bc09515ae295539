import {
  ApplicationCommandOptionType,
  ButtonStyle,
  ComponentType,
  InteractionType,
  MessageFlags,
  type APIEmbed,
  type APIMessageTopLevelComponent,
} from 'discord.js';
import type { FakeDiscord, StoredAttachment, StoredMessage } from '../fakediscord/index';
import { renderMarkdown, escapeHtml, type MentionNames } from './markdown';

type FakeState = FakeDiscord['state'];

/**
 * What the sandbox page draws for one message: text already turned into safe HTML, images as URLs of the
 * sandbox server, and components reduced to what a Discord client shows and sends back.
 */
export interface PageMessage {
  id: string;
  channelId: string;
  author: PageAuthor;
  createdAt: number;
  editedAt: number | null;
  html: string;
  embeds: PageEmbed[];
  images: PageImage[];
  files: PageFile[];
  components: PageRow[];
  /** The users mentioned as <@id> (the page highlights messages that mention the viewer). */
  mentions: string[];
  /** Only visible to the viewer (an ephemeral reply). */
  ephemeral: boolean;
  /** A deferred reply that is not filled in yet ("Hare is thinking…"). */
  loading: boolean;
  /** Set on replies to a slash command: "Alice used /hare start". */
  command: { userName: string; name: string } | null;
}

export interface PageAuthor {
  id: string;
  name: string;
  bot: boolean;
}

export interface PageEmbed {
  color: string | null;
  titleHtml: string;
  descriptionHtml: string;
  fields: { nameHtml: string; valueHtml: string; inline: boolean }[];
  image: PageImage | null;
  thumbnail: PageImage | null;
  footerHtml: string;
}

export interface PageImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

export interface PageFile {
  url: string;
  name: string;
  size: number;
}

export interface PageRow {
  components: PageComponent[];
}

export type PageComponent = PageButton | PageSelect;

export interface PageButton {
  kind: 'button';
  customId: string | null;
  label: string;
  style: 'primary' | 'secondary' | 'success' | 'danger' | 'link';
  disabled: boolean;
  url: string | null;
}

export interface PageSelect {
  kind: 'select';
  customId: string;
  placeholder: string;
  disabled: boolean;
  minValues: number;
  maxValues: number;
  options: { label: string; value: string; description: string; selected: boolean }[];
}

const BUTTON_STYLES: Record<number, PageButton['style']> = {
  [ButtonStyle.Primary]: 'primary',
  [ButtonStyle.Secondary]: 'secondary',
  [ButtonStyle.Success]: 'success',
  [ButtonStyle.Danger]: 'danger',
  [ButtonStyle.Link]: 'link',
};

/** The path the sandbox server serves an attachment under. */
export function attachmentPath(attachment: Pick<StoredAttachment, 'id' | 'filename'>): string {
  return `/attachments/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
}

/** The display name of a user in a guild: nickname, then global name, then user name. */
export function displayName(state: FakeState, guildId: string, userId: string): string {
  const user = state.users.get(userId);
  if (!user) return 'Unknown User';
  return state.member(guildId, userId)?.nick ?? user.globalName ?? user.username;
}

export function mentionNames(state: FakeState, guildId: string): MentionNames {
  return {
    user: (id) => (state.users.has(id) ? displayName(state, guildId, id) : undefined),
    channel: (id) => state.channels.get(id)?.name,
    role: (id) => state.roles.get(id)?.name,
  };
}

function hexColor(color: number | undefined): string | null {
  return color === undefined ? null : `#${color.toString(16).padStart(6, '0')}`;
}

/** Embed media point at the fake's attachment URLs; the page loads them from the sandbox server instead. */
function embedMedia(
  media: { url: string; width?: number; height?: number } | undefined,
  attachments: StoredAttachment[],
  alt: string,
): PageImage | null {
  if (!media) return null;
  const attachment = attachments.find((a) => a.url === media.url || a.proxyUrl === media.url);
  if (!attachment) return null;
  return {
    url: attachmentPath(attachment),
    width: attachment.width ?? media.width ?? null,
    height: attachment.height ?? media.height ?? null,
    // The bot's description for screen readers when it wrote one, else the embed's title.
    alt: attachment.description ?? alt,
  };
}

function pageEmbed(embed: APIEmbed, attachments: StoredAttachment[], names: MentionNames): PageEmbed {
  const title = embed.title ?? '';
  return {
    color: hexColor(embed.color),
    titleHtml: embed.url ? renderMarkdown(`[${title}](${embed.url})`, names) : renderMarkdown(title, names),
    descriptionHtml: renderMarkdown(embed.description ?? '', names),
    fields: (embed.fields ?? []).map((field) => ({
      nameHtml: renderMarkdown(field.name, names),
      valueHtml: renderMarkdown(field.value, names),
      inline: field.inline === true,
    })),
    image: embedMedia(embed.image, attachments, title || 'image'),
    thumbnail: embedMedia(embed.thumbnail, attachments, 'thumbnail'),
    footerHtml: escapeHtml(embed.footer?.text ?? ''),
  };
}

function referencedByEmbeds(embeds: APIEmbed[]): Set<string> {
  const urls = new Set<string>();
  for (const embed of embeds) {
    for (const media of [embed.image, embed.thumbnail]) if (media?.url) urls.add(media.url);
  }
  return urls;
}

function pageComponent(component: Record<string, unknown>): PageComponent | null {
  const type = component['type'];
  const text = (key: string) => (typeof component[key] === 'string' ? (component[key] as string) : '');
  if (type === ComponentType.Button) {
    const emoji = (component['emoji'] as { name?: string } | undefined)?.name;
    return {
      kind: 'button',
      customId: text('custom_id') || null,
      label: [emoji, text('label')].filter(Boolean).join(' '),
      style: BUTTON_STYLES[Number(component['style'])] ?? 'secondary',
      disabled: component['disabled'] === true,
      url: text('url') || null,
    };
  }
  if (type === ComponentType.StringSelect) {
    const options = Array.isArray(component['options'])
      ? (component['options'] as Record<string, unknown>[])
      : [];
    return {
      kind: 'select',
      customId: text('custom_id'),
      placeholder: text('placeholder') || 'Make a selection',
      disabled: component['disabled'] === true,
      minValues: typeof component['min_values'] === 'number' ? component['min_values'] : 1,
      maxValues: typeof component['max_values'] === 'number' ? component['max_values'] : 1,
      options: options.map((option) => ({
        label: String(option['label'] ?? ''),
        value: String(option['value'] ?? ''),
        description: typeof option['description'] === 'string' ? option['description'] : '',
        selected: option['default'] === true,
      })),
    };
  }
  return null;
}

function pageRows(components: APIMessageTopLevelComponent[]): PageRow[] {
  return components.flatMap((row) => {
    if (row.type !== ComponentType.ActionRow) return [];
    const children = (row.components as unknown as Record<string, unknown>[])
      .map(pageComponent)
      .filter((c): c is PageComponent => c !== null);
    return children.length > 0 ? [{ components: children }] : [];
  });
}

/** "hare start" for an INTERACTION_CREATE payload of `/hare start …` (the command and its subcommand path). */
export function commandPath(payload: unknown): string | null {
  const data = (payload as { data?: { name?: unknown; options?: unknown } } | null)?.data;
  if (typeof data?.name !== 'string') return null;
  const words = [data.name];
  let options = data.options;
  for (;;) {
    const first = Array.isArray(options)
      ? (options[0] as { name?: unknown; type?: unknown; options?: unknown })
      : null;
    const nests =
      first?.type === ApplicationCommandOptionType.Subcommand ||
      first?.type === ApplicationCommandOptionType.SubcommandGroup;
    if (!first || !nests || typeof first.name !== 'string') return words.join(' ');
    words.push(first.name);
    options = first.options;
  }
}

/** Finds the full command ("hare start") of an interaction by its id, when it is still known. */
export type CommandLookup = (interactionId: string) => string | undefined;

function commandLink(
  state: FakeState,
  message: StoredMessage,
  lookup: CommandLookup,
): PageMessage['command'] {
  const link = message.interaction;
  if (!link || link.type !== InteractionType.ApplicationCommand || link.originalResponseMessageId !== null)
    return null;
  return {
    userName: displayName(state, message.guildId, link.userId),
    name: lookup(link.id) ?? link.commandName ?? '',
  };
}

/** The page's view of a stored message. */
export function pageMessage(
  state: FakeState,
  message: StoredMessage,
  lookup: CommandLookup = () => undefined,
): PageMessage {
  const names = mentionNames(state, message.guildId);
  const author = state.users.get(message.authorId);
  const inEmbeds = referencedByEmbeds(message.embeds);
  const loose = message.attachments.filter((a) => !inEmbeds.has(a.url) && !inEmbeds.has(a.proxyUrl));
  const isImage = (a: StoredAttachment) => a.contentType.startsWith('image/');
  return {
    id: message.id,
    channelId: message.channelId,
    author: {
      id: message.authorId,
      name: displayName(state, message.guildId, message.authorId),
      bot: author?.bot ?? false,
    },
    createdAt: message.createdAt,
    editedAt: message.editedAt,
    html: renderMarkdown(message.content, names),
    embeds: message.embeds.map((embed) => pageEmbed(embed, message.attachments, names)),
    images: loose.filter(isImage).map((a) => ({
      url: attachmentPath(a),
      width: a.width,
      height: a.height,
      alt: a.description ?? a.filename,
    })),
    files: loose
      .filter((a) => !isImage(a))
      .map((a) => ({ url: attachmentPath(a), name: a.filename, size: a.size })),
    components: pageRows(message.components),
    mentions: [...message.mentionIds],
    ephemeral: message.visibleTo !== null,
    loading: (message.flags & MessageFlags.Loading) !== 0,
    command: commandLink(state, message, lookup),
  };
}
