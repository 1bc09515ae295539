/**
 * The sandbox shows a player in another language what Discord's client shows them: a private reply's
 * "Only you can see this" in their language, and Discord's timestamp markup in their locale (`<t:…:d>` reads
 * 28.11.2026 for a German reader), in headless Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './chromium';
import { closeBench, openBench, send, type GameTestBench } from './play-loop';
import { postJson, userId } from './helpers';

// 2026-11-28 12:00 UTC: the same day in every time zone a test machine may read it in.
const NOON = Date.UTC(2026, 10, 28, 12) / 1000;

describe('the sandbox in the reader’s language', () => {
  let bench: GameTestBench;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    bench = await openBench();
    browser = await openBrowser({ width: 1200, height: 900 });
    page = browser.page;
    await postJson(bench.stack, '/api/language', { userId: userId(bench.stack, 'Alice'), language: 'de' });
    await send(bench.stack, 'Alice', `Finished <t:${NOON}:d> · <t:${NOON}:D>`);
    await send(bench.stack, 'Alice', '/hare hand');
    await page.goto(`${bench.stack.sandbox.pageUrl}?user=alice`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('.ephemeral-note');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (bench) await closeBench(bench);
  });

  it('writes dates in the reader’s locale, as Discord does', async () => {
    const shown = await page.locator('time.timestamp-markup').allTextContents();
    expect(shown).toEqual(['28.11.2026', '28. November 2026']);
  });

  it('says "only you can see this" in the reader’s language, and switches with it', async () => {
    expect(await page.locator('.ephemeral-note').first().textContent()).toContain('Nur du kannst das sehen');
    await page.selectOption('#player-language', 'fr');
    await page.waitForFunction(() =>
      document.querySelector('.ephemeral-note')?.textContent?.includes('Visible uniquement par toi'),
    );
    expect(await page.locator('time.timestamp-markup').first().textContent()).toBe('28/11/2026');
    await page.selectOption('#player-language', 'en');
    await page.waitForFunction(() =>
      document.querySelector('.ephemeral-note')?.textContent?.includes('Only you can see this'),
    );
    expect(await page.locator('time.timestamp-markup').first().textContent()).toBe('11/28/2026');
  });
});
