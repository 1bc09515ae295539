/**
 * The sandbox shows a player in another language what Discord's client shows them: a private reply's
 * "Only you can see this" in their language, and Discord's timestamp markup in their locale (`<t:…:d>` reads
 * 28.11.2026 for a German reader), in headless Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './chromium';
import { closeBench, openBench, send, waitFor, type GameTestBench } from './play-loop';
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

  it('writes the time beside each author in the reader’s locale ("Heute um 14:05"), switching with it', async () => {
    await page.selectOption('#player-language', 'de');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="de"]');
    const header = page.locator('.message-header time.timestamp').first();
    expect(await header.textContent()).toMatch(/^Heute um \d{2}:\d{2}$/);
    expect(await header.getAttribute('title')).toMatch(
      /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \p{L}+ \d{4}/u,
    );
    await page.selectOption('#player-language', 'fr');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="fr"]');
    expect(await header.textContent()).toMatch(/^Aujourd’hui à \d{2}:\d{2}$/);
    await page.selectOption('#player-language', 'en');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="en"]');
    expect(await header.textContent()).toMatch(/^Today at \d{1,2}:\d{2} (AM|PM)$/);

    // A day later, read in German: "Gestern um 18:30"; a week later, in French: the date and the time.
    const sentAt = Number(new Date((await header.getAttribute('datetime'))!));
    for (const [later, language, shown] of [
      [1, 'de', /^Gestern um \d{2}:\d{2}$/],
      [7, 'fr', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/],
    ] as const) {
      await page.clock.setFixedTime(sentAt + later * 86_400_000);
      await page.selectOption('#player-language', language);
      await page.waitForSelector(`.user-switch[data-user-name="Alice"][data-language="${language}"]`);
      expect(await header.textContent()).toMatch(shown);
    }
  });

  it('suggests the commands by their localised names and descriptions, and sends the command itself', async () => {
    const alice = userId(bench.stack, 'Alice');
    await page.selectOption('#player-language', 'de');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="de"]');
    const input = page.locator('#input');
    await input.pressSequentially('/ha');
    const start = page.locator('.suggestion', { hasText: '/hase starten' });
    await start.waitFor();
    expect(await start.locator('.detail').textContent()).toBe(
      'Eine neue Partie in diesem Kanal eröffnen; andere steigen über die Knöpfe ein',
    );
    expect(await page.textContent('.suggestions-title')).toBe('Befehle');
    const labels = await page.locator('.suggestion .label').allTextContents();
    expect(labels.filter((label) => label.startsWith('/hare'))).toEqual([]);
    await input.fill('/hase st');
    await start.waitFor();
    await input.press('Tab');
    expect(await input.inputValue()).toBe('/hase starten ');
    await input.pressSequentially('te');
    const speed = page.locator('.suggestion', { hasText: 'tempo' });
    await speed.waitFor();
    expect(await speed.locator('.detail').textContent()).toBe(
      'Wie schnell die Computerspieler ziehen (Standard: normal)',
    );
    expect(await page.textContent('.suggestions-title')).toBe('Optionen');
    await input.fill('/hase starten plätze:2 tempo:');
    await page.locator('.suggestions-title', { hasText: /^tempo$/ }).waitFor();
    expect(await page.locator('.suggestion .detail').allTextContents()).toEqual([
      'schnell',
      'normal',
      'langsam',
    ]);
    await input.fill('/hase starten plätze:2 tempo:schnell computer-stärke:anfänger');
    await input.press('Escape');
    const before = bench.stack.sandbox.fake.interactions.length;
    await input.press('Enter');
    const sent = await waitFor(
      () =>
        bench.stack.sandbox.fake.interactions
          .slice(before)
          .find((i) => i.payload.type === 2 && i.userId === alice),
      'the command',
    );
    const lobby = page.locator('.message .reply-context', { hasText: '/hase starten' });
    await lobby.waitFor();
    expect(await lobby.textContent()).toContain('Alice hat /hase starten verwendet');
    expect(sent.payload.data).toMatchObject({
      name: 'hare',
      options: [
        {
          name: 'start',
          options: [
            { name: 'seats', value: 2 },
            { name: 'speed', value: 'fast' },
            { name: 'computer-level', value: 'novice' },
          ],
        },
      ],
    });
  });

  it('frames the channel in the reader’s language, naming the commands as they read them', async () => {
    await page.selectOption('#player-language', 'de');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="de"]');
    const frame = () =>
      page.evaluate(() => ({
        sections: Array.from(document.querySelectorAll('.sidebar-section'), (n) => n.textContent),
        player: document.querySelector('#player-language-label')!.textContent,
        placeholder: document.querySelector<HTMLInputElement>('#input')!.placeholder,
        hint: document.querySelector('#composer-hint')!.textContent,
        welcome: document.querySelector('.channel-welcome')!.textContent,
      }));
    const german = await frame();
    expect(german.sections).toEqual(['Textkanäle', 'Spielen als', 'Sprachen']);
    expect(german.player).toBe('Sprache von Alice');
    expect(german.placeholder).toMatch(
      /^Nachricht an #race-track als Alice – probier \/hase starten oder \/\S+ \S+$/,
    );
    expect(german.hint).toMatch(/^Gib \/hase starten ein · /);
    expect(german.welcome).toContain('Willkommen in #race-track!');
    expect(german.welcome).toContain('Du bist Alice. Gib unten /hase starten, ');
    expect(`${german.placeholder} ${german.hint} ${german.welcome}`).not.toMatch(
      /\/(hare|hedgehogs) |\bstart\b/,
    );

    await page.selectOption('#player-language', 'fr');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="fr"]');
    const french = await frame();
    expect(french.player).toBe('Langue d’Alice');
    expect(french.hint).toMatch(/^Tape \/lièvre commencer · /);
    await page.selectOption('#player-language', 'en');
    await page.waitForSelector('.user-switch[data-user-name="Alice"][data-language="en"]');
    expect((await frame()).placeholder).toMatch(/^Message #race-track as Alice — try \/hare start or \//);
  });
});
