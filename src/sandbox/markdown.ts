/** Discord's message markdown, turned into safe HTML for the sandbox page (every input character is escaped). */

import { showTimestamp, SYSTEM_CLOCK, TIMESTAMP_MARKUP, type Clock } from './timestamps';

export interface MentionNames {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
  role(id: string): string | undefined;
}

export const NO_NAMES: MentionNames = {
  user: () => undefined,
  channel: () => undefined,
  role: () => undefined,
};

// Pieces that must not be touched by the emphasis rules (code, mentions, links) are parked as placeholders
// made of private-use characters and put back at the end.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

class Parked {
  private readonly pieces: string[] = [];

  park(html: string): string {
    this.pieces.push(html);
    return `${OPEN}${this.pieces.length - 1}${CLOSE}`;
  }

  restore(text: string): string {
    return text.replace(PLACEHOLDER, (_, index: string) => this.pieces[Number(index)] ?? '');
  }
}

function parkCode(text: string, parked: Parked): string {
  return text
    .replace(/```(?:[\w+-]*\n)?([\s\S]*?)```/g, (_, code: string) =>
      parked.park(`<pre><code>${escapeHtml(code.replace(/\n$/, ''))}</code></pre>`),
    )
    .replace(/``([^`]+?)``|`([^`\n]+?)`/g, (_, double: string | undefined, single: string | undefined) =>
      parked.park(`<code>${escapeHtml(double ?? single ?? '')}</code>`),
    );
}

function mention(kind: string, label: string): string {
  return `<span class="mention mention-${kind}">${escapeHtml(label)}</span>`;
}

function parkMentions(text: string, names: MentionNames, parked: Parked): string {
  return text.replace(/<(@!?|@&|#)(\d{15,22})>/g, (_, sigil: string, id: string) => {
    if (sigil === '#') return parked.park(mention('channel', `#${names.channel(id) ?? 'unknown-channel'}`));
    if (sigil === '@&') return parked.park(mention('role', `@${names.role(id) ?? 'unknown-role'}`));
    return parked.park(mention('user', `@${names.user(id) ?? 'Unknown User'}`));
  });
}

function parkTimestamps(text: string, clock: Clock, parked: Parked): string {
  return text.replace(TIMESTAMP_MARKUP, (whole, seconds: string, style: string | undefined) => {
    const shown = showTimestamp(seconds, style, clock);
    if (!shown) return whole;
    return parked.park(
      `<time class="timestamp-markup" datetime="${shown.iso}" data-style="${style ?? 'f'}" title="${escapeHtml(shown.full)}">${escapeHtml(shown.text)}</time>`,
    );
  });
}

function safeUrl(url: string): string | null {
  return /^https?:\/\/[^\s<>"']+$/.test(url) ? url : null;
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${label}</a>`;
}

const MESSAGE_LINK = /^https:\/\/discord\.com\/channels\/\d{15,22}\/(\d{15,22})\/(\d{15,22})$/;

/** A link to a message jumps to it in the page (the sandbox has no discord.com), labelled as Discord does. */
function messageLink(url: string, names: MentionNames): string | null {
  const found = MESSAGE_LINK.exec(url);
  if (!found) return null;
  const [, channelId, messageId] = found as unknown as [string, string, string];
  const channel = escapeHtml(names.channel(channelId) ?? 'unknown-channel');
  return `<a href="#message-${messageId}" class="message-link" data-channel-id="${channelId}" data-message-id-link="${messageId}">#${channel} › message</a>`;
}

function parkLinks(text: string, parked: Parked, names: MentionNames): string {
  return text
    .replace(/https:\/\/discord\.com\/channels\/[\d/]+/g, (url) => {
      const jump = messageLink(url, names);
      return jump ? parked.park(jump) : url;
    })
    .replace(/\[([^\]\n]+)\]\((\S+?)\)/g, (whole, label: string, url: string) => {
      const safe = safeUrl(url);
      return safe ? parked.park(link(safe, escapeHtml(label))) : whole;
    })
    .replace(/https?:\/\/[^\s<>"')]+/g, (url) => parked.park(link(url, escapeHtml(url))));
}

/** Bold, underline, italics and strike-through on already escaped text (Discord's precedence). */
function emphasis(html: string): string {
  return html
    .replace(/\*\*\*(.+?)\*\*\*/g, '<strong><em>$1</em></strong>')
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>')
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
}

/** Headings, block quotes, sub-text and list items: the line-level syntax. */
function blockLine(line: string): { html: string; block: boolean } {
  const heading = /^(#{1,3}) (.+)$/.exec(line);
  if (heading) return { html: `<h${heading[1]!.length}>${heading[2]}</h${heading[1]!.length}>`, block: true };
  const subtext = /^-# (.+)$/.exec(line);
  if (subtext) return { html: `<small class="subtext">${subtext[1]}</small>`, block: true };
  const quote = /^&gt; ?(.*)$/.exec(line);
  if (quote) return { html: `<blockquote>${quote[1]}</blockquote>`, block: true };
  const item = /^\s*[-*] (.+)$/.exec(line);
  if (item) return { html: `<span class="list-item">• ${item[1]}</span>`, block: true };
  return { html: line, block: false };
}

function lines(html: string): string {
  let out = '';
  let previousInline = false;
  for (const line of html.split('\n')) {
    const { html: rendered, block } = blockLine(line);
    if (!block && previousInline) out += '<br>';
    out += rendered;
    previousInline = !block;
  }
  return out;
}

/** Renders one text field (message content, embed description, field value...) as safe HTML. */
export function renderMarkdown(
  text: string,
  names: MentionNames = NO_NAMES,
  clock: Clock = SYSTEM_CLOCK,
): string {
  const parked = new Parked();
  const clean = text.replace(/[\uE000\uE001]/g, '');
  const withoutCode = parkCode(clean, parked);
  const withoutMentions = parkTimestamps(parkMentions(withoutCode, names, parked), clock, parked);
  const withoutLinks = parkLinks(withoutMentions, parked, names);
  const html = lines(emphasis(escapeHtml(withoutLinks)));
  // Parked pieces may contain parked pieces (a link label); two passes restore both levels.
  return parked.restore(parked.restore(html));
}
