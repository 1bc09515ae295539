import { describe, expect, it } from 'vitest';
import { NO_NAMES, renderMarkdown, type MentionNames } from '../../src/sandbox/markdown';

const names: MentionNames = {
  user: (id) => ({ '1300000000000000401': 'Alice', '1300000000000000402': 'Bob <b>' })[id],
  channel: (id) => (id === '1300000000000000301' ? 'race-track' : undefined),
  role: () => undefined,
};

describe('Discord markdown as safe HTML', () => {
  it('renders bold, italics, underline, strike-through and code the way Discord does', () => {
    expect(renderMarkdown('**12 carrots** and *free* and __under__ and ~~gone~~', names)).toBe(
      '<strong>12 carrots</strong> and <em>free</em> and <u>under</u> and <s>gone</s>',
    );
    expect(renderMarkdown('use `/hare move` now')).toBe('use <code>/hare move</code> now');
    expect(renderMarkdown('```\nline <1>\n**not bold**\n```')).toBe(
      '<pre><code>line &lt;1&gt;\n**not bold**</code></pre>',
    );
    expect(renderMarkdown('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('shows mentions by name, also inside bold text, and unknown ones as Discord does', () => {
    expect(renderMarkdown('<@1300000000000000401>, your turn', names)).toBe(
      '<span class="mention mention-user">@Alice</span>, your turn',
    );
    expect(renderMarkdown('**<@!1300000000000000401> wins**', names)).toBe(
      '<strong><span class="mention mention-user">@Alice</span> wins</strong>',
    );
    expect(renderMarkdown('in <#1300000000000000301> by <@1300000000000000999>', names)).toBe(
      'in <span class="mention mention-channel">#race-track</span> by <span class="mention mention-user">@Unknown User</span>',
    );
  });

  it('escapes every piece of HTML, in text, names and links', () => {
    expect(renderMarkdown('<img src=x onerror=alert(1)> & "quotes"')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;',
    );
    expect(renderMarkdown('<@1300000000000000402>', names)).toBe(
      '<span class="mention mention-user">@Bob &lt;b&gt;</span>',
    );
    expect(renderMarkdown('[click](javascript:alert(1))')).toBe('[click](javascript:alert(1))');
    expect(renderMarkdown('see https://example.org/a?b=1&c=2')).toBe(
      'see <a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">https://example.org/a?b=1&amp;c=2</a>',
    );
    expect(renderMarkdown('\uE0000\uE001 stays text')).toBe('0 stays text');
  });

  it('keeps line breaks and renders quotes, headings and list items as blocks', () => {
    expect(renderMarkdown('• one\n• two')).toBe('• one<br>• two');
    expect(renderMarkdown('> quoted\nafter')).toBe('<blockquote>quoted</blockquote>after');
    expect(renderMarkdown('## Title\n- item')).toBe('<h2>Title</h2><span class="list-item">• item</span>');
  });
});

describe('links to a message', () => {
  it('stay in the page: a discord.com message link becomes a jump to that message, named like Discord', () => {
    const html = renderMarkdown(
      'The board: https://discord.com/channels/1300000000000000100/1300000000000000301/1300000000000000777',
      names,
    );
    expect(html).toBe(
      'The board: <a href="#message-1300000000000000777" class="message-link" data-channel-id="1300000000000000301" data-message-id-link="1300000000000000777">#race-track › message</a>',
    );
    expect(html).not.toContain('discord.com');
  });
});

describe("Discord's timestamp markup", () => {
  // 2018-11-28 16:20:30 UTC, a Wednesday; the page is read in UTC here, two days later.
  const at = 1543422030;
  const clock = { now: () => (at + 2 * 86_400) * 1000, timeZone: 'UTC' };
  const shown = (markup: string) => renderMarkdown(markup, NO_NAMES, clock).replace(/<[^>]+>/g, '');

  it('shows every style as Discord does, never the raw markup', () => {
    expect(shown(`<t:${at}:t>`)).toBe('4:20 PM');
    expect(shown(`<t:${at}:T>`)).toBe('4:20:30 PM');
    expect(shown(`<t:${at}:d>`)).toBe('11/28/2018');
    expect(shown(`<t:${at}:D>`)).toBe('November 28, 2018');
    expect(shown(`<t:${at}:f>`)).toBe('November 28, 2018 4:20 PM');
    expect(shown(`<t:${at}>`)).toBe('November 28, 2018 4:20 PM');
    expect(shown(`<t:${at}:F>`)).toBe('Wednesday, November 28, 2018 4:20 PM');
    expect(shown(`<t:${at}:R>`)).toBe('2 days ago');
    expect(shown(`<t:${at + 3 * 86_400}:R>`)).toBe('in a day');
    expect(shown(`<t:${at + 2 * 86_400 + 90}:R>`)).toBe('in 2 minutes');
  });

  it('marks the moment up as a time element with the full date as its tooltip, inside other markdown', () => {
    expect(renderMarkdown(`**Finished <t:${at}:d>** · 3 turns`, NO_NAMES, clock)).toBe(
      '<strong>Finished <time class="timestamp-markup" datetime="2018-11-28T16:20:30.000Z" data-style="d" title="Wednesday, November 28, 2018 4:20 PM">11/28/2018</time></strong> · 3 turns',
    );
  });

  it('leaves markup that is not a timestamp as text', () => {
    expect(renderMarkdown(`<t:${at}:x>`, NO_NAMES, clock)).toBe(`&lt;t:${at}:x&gt;`);
    expect(renderMarkdown('<t:soon:d>', NO_NAMES, clock)).toBe('&lt;t:soon:d&gt;');
    expect(renderMarkdown(`\`<t:${at}:d>\``, NO_NAMES, clock)).toBe(`<code>&lt;t:${at}:d&gt;</code>`);
  });
});
