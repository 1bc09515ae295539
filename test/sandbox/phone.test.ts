/** The sandbox page on a phone (390 px wide, headless Chromium) with a game on the board. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, openBrowser, type Browser } from './chromium';
import { CHANNEL, closeBench, openBench, send, startAsAlice, waitFor, type GameTestBench } from './play-loop';

const PHONE = { width: 390, height: 844 };

/** The fonts Chromium drew a node's text with (DevTools' "Rendered fonts"), by family, with glyph counts. */
async function renderedFonts(page: Page, selector: string): Promise<Record<string, number>> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.enable');
    await session.send('CSS.enable');
    const { root } = await session.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
    const byFamily: Record<string, number> = {};
    for (const font of fonts) byFamily[font.familyName] = (byFamily[font.familyName] ?? 0) + font.glyphCount;
    return byFamily;
  } finally {
    await session.detach();
  }
}

/**
 * Marks a probe holding only the emoji (characters drawn as pictures by default) of each drawn element that has some,
 * styled as the element is, and returns the probes' selectors.
 */
function emojiProbes(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const probes: string[] = [];
    document.querySelectorAll(selector).forEach((node, index) => {
      const emoji = (node.textContent ?? '').match(/\p{Emoji_Presentation}/gu);
      // An element the page does not draw (the avatar of a follow-up message from the same author) has no font.
      if (!emoji || node.getBoundingClientRect().width === 0) return;
      const probe = document.createElement('span');
      probe.className = `emoji-probe-${index}`;
      probe.textContent = emoji.join('');
      node.append(probe);
      probes.push(`.emoji-probe-${index}`);
    });
    return probes;
  }, selector);
}

describe('the sandbox page on a phone', () => {
  let bench: GameTestBench;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    bench = await openBench();
    browser = await openBrowser(PHONE);
    page = browser.page;
    const game = await startAsAlice(
      bench,
      '/hare start seats:2 speed:fast computer-level:novice',
      /new game/,
    );
    await waitFor(() => game, 'the game');
    await page.goto(`${bench.stack.sandbox.pageUrl}?user=alice`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.embed-image')).some(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (bench) await closeBench(bench);
  });

  it('draws the board across the full width (at least 350 px of 390) and nothing sticks out', async () => {
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      boards: Array.from(document.querySelectorAll('.embed-image')).map(
        (img) => img.getBoundingClientRect().width,
      ),
      rightmost: Math.max(
        ...Array.from(document.querySelectorAll('.embed, .embed-image, .action-row')).map(
          (node) => node.getBoundingClientRect().right,
        ),
      ),
    }));
    expect(sizes.page).toBeLessThanOrEqual(PHONE.width);
    expect(sizes.boards.length).toBeGreaterThan(0);
    for (const width of sizes.boards) expect(width).toBeGreaterThanOrEqual(350);
    expect(sizes.rightmost).toBeLessThanOrEqual(PHONE.width);

    const board = page.locator('.message', { has: page.locator('.embed-image') }).last();
    await board.evaluate((node) => node.scrollIntoView({ block: 'end' }));
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'sandbox-phone-board.png') });
  });

  it('keeps the channels and players to a compact strip above the chat, every player one tap away', async () => {
    const strip = await page.evaluate(() => ({
      height: document.querySelector('.sidebar')!.getBoundingClientRect().height,
      players: Array.from(document.querySelectorAll('.user-switch')).map((b) => {
        const box = b.getBoundingClientRect();
        return { visible: box.width > 0 && box.height >= 24 && box.right <= window.innerWidth };
      }),
    }));
    expect(strip.height).toBeLessThanOrEqual(72);
    expect(strip.players).toHaveLength(4);
    expect(strip.players.every((p) => p.visible)).toBe(true);
    for (const [index, name] of [
      [1, 'Bob'],
      [0, 'Alice'],
    ] as const) {
      await page.click(`.user-switch[data-user-name="${name}"]`);
      await page.waitForSelector(`body[data-viewer="${bench.stack.sandbox.users[index]!.id}"]`);
    }
  });

  it('keeps both language menus in view and the channel name on one line, in every language', async () => {
    const layouts = [];
    for (const language of ['de', 'fr', 'es', 'en']) {
      await page.selectOption('#player-language', language);
      await page.waitForSelector(`.user-switch[data-user-name="Alice"][data-language="${language}"]`);
      for (const channel of ['lettuce-patch', 'race-track']) {
        await page.click(`.channel-button:has-text("${channel}")`);
        await page.waitForFunction((name) => document.title.startsWith(`#${name}`), channel);
        const layout = await page.evaluate(() => {
          const linesOf = (node: Element) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
          };
          const name = document.querySelector('#channel-name')!;
          const welcome = document.querySelector('.channel-welcome h1 .channel-name')!;
          const menus = ['#player-language', '#server-language'].map((selector) => {
            const menu = document.querySelector<HTMLSelectElement>(selector)!;
            const box = menu.getBoundingClientRect();
            const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return {
              shown: box.width >= 40 && box.height >= 20 && onTop === menu,
              inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
              named: (menu.labels[0]?.textContent ?? '').trim().length > 0,
              clear: box.left > name.getBoundingClientRect().right,
            };
          });
          return {
            name: name.textContent,
            lines: linesOf(name),
            welcome: linesOf(welcome),
            menus,
            strip: document.querySelector('.sidebar')!.getBoundingClientRect().height,
            players: Array.from(document.querySelectorAll('.user-switch')).every(
              (b) => b.getBoundingClientRect().right <= innerWidth,
            ),
          };
        });
        layouts.push({ language, channel, ...layout });
      }
    }
    for (const layout of layouts) {
      const { language, channel } = layout;
      expect(layout, `${language} #${channel}`).toMatchObject({
        name: channel,
        lines: 1,
        welcome: 1,
        players: true,
      });
      expect(layout.strip, language).toBeLessThanOrEqual(72);
      for (const menu of layout.menus) {
        expect(menu, language).toEqual({ shown: true, inside: true, named: true, clear: true });
      }
    }
  });

  it('draws every emoji with the Noto Emoji font it serves, in titles and the server icon', async () => {
    expect((await send(bench.stack, 'Alice', '/hare end')).body).toMatchObject({ ok: true });
    await page.locator('.embed-title', { hasText: '🏁' }).first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    const probes = await emojiProbes(page, '.embed-title, .embed-field-name, .avatar.bot');
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) expect(Object.keys(await renderedFonts(page, probe))).toEqual(['Noto Emoji']);

    await page.setViewportSize({ width: 1280, height: 800 });
    const [icon] = await emojiProbes(page, '.server-icon');
    await page.evaluate(() => document.fonts.ready);
    expect(Object.keys(await renderedFonts(page, icon!))).toEqual(['Noto Emoji']);
    await page.setViewportSize(PHONE);
    expect(await bench.stack.service.findActiveGameInChannel(CHANNEL)).toBeNull();
  });

  it("shows the history's dates as dates, not Discord's raw <t:…> markup", async () => {
    expect((await send(bench.stack, 'Alice', '/hare history')).body).toMatchObject({ ok: true });
    const history = page.locator('.message.ephemeral', { hasText: 'Hare & Tortoise' }).last();
    await history.locator('time.timestamp-markup').first().waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).not.toContain('<t:');
    const shown = await history.locator('time.timestamp-markup').first().textContent();
    expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await history.evaluate((node) => node.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: join(ARTIFACTS, 'sandbox-phone-history.png') });
  });

  it('shows no page errors', () => {
    expect(browser.pageErrors).toEqual([]);
  });
});
