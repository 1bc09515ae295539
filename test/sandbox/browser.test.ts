import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, openBrowser, type Browser } from './chromium';
import { startStack, type SandboxStack } from './helpers';

const HUMANS = ['Alice', 'Bob'];

interface BoardOnPage {
  id: string;
  title: string;
  version: number;
  description: string;
  hasMenu: boolean;
  buttons: string[];
}

/**
 * The newest board message on the page (its footer carries the game version, followed by a hint while the game
 * runs), read from the DOM.
 */
function readBoard(page: Page): Promise<BoardOnPage | null> {
  return page.evaluate(() => {
    const boards = Array.from(document.querySelectorAll('.message')).filter((m) =>
      /· v\d+( ·|$)/.test(m.querySelector('.embed-footer')?.textContent ?? ''),
    );
    const board = boards.at(-1) as HTMLElement | undefined;
    if (!board) return null;
    const footer = board.querySelector('.embed-footer')?.textContent ?? '';
    const buttons = Array.from(board.querySelectorAll('.component-button')) as HTMLButtonElement[];
    return {
      id: board.dataset.messageId ?? '',
      title: board.querySelector('.embed-title')?.textContent ?? '',
      version: Number(/· v(\d+)(?: ·|$)/.exec(footer)?.[1] ?? 0),
      description: board.querySelector('.embed-description')?.textContent ?? '',
      hasMenu: board.querySelector('.select:not(.disabled)') !== null,
      buttons: buttons.filter((b) => !b.disabled).map((b) => b.textContent ?? ''),
    };
  });
}

/** Waits until the board on the page shows a newer version than `version`. */
async function waitForNewerBoard(page: Page, version: number): Promise<void> {
  await page.waitForFunction(
    (seen) =>
      Array.from(document.querySelectorAll('.message .embed-footer')).some((footer) => {
        const found = /· v(\d+)(?: ·|$)/.exec(footer.textContent ?? '');
        return found !== null && Number(found[1]) > seen;
      }),
    version,
    { timeout: 20_000, polling: 50 },
  );
}

async function playAs(page: Page, stack: SandboxStack, name: string): Promise<void> {
  const user = stack.sandbox.users.find((u) => u.name === name)!;
  if ((await page.getAttribute('body', 'data-viewer')) === user.id) return;
  await page.click(`.user-switch[data-user-name="${name}"]`);
  await page.waitForSelector(`body[data-viewer="${user.id}"]`);
}

/**
 * One human turn through the page: the first square of the menu, or else the first button. Under the standard
 * rules the board shows only Choose your move, which opens the mover's controls in a private reply.
 */
async function playTurn(page: Page, board: BoardOnPage): Promise<'menu' | 'button'> {
  const boardMessage = page.locator(`.message[data-message-id="${board.id}"]`);
  let message = boardMessage;
  let hasMenu = board.hasMenu;
  if (board.buttons.includes('Choose your move')) {
    await boardMessage.locator('.component-button', { hasText: 'Choose your move' }).click();
    message = page.locator('.message.ephemeral', { hasText: 'only you can see these controls' }).last();
    await message.locator('.select, .component-button').first().waitFor();
    hasMenu = (await message.locator('.select:not(.disabled)').count()) > 0;
  }
  if (hasMenu) {
    await message.locator('.select').click();
    await message.locator('.select-option').first().click();
    await waitForNewerBoard(page, board.version);
    return 'menu';
  }
  await message.locator('.component-button:not([disabled])').first().click();
  await waitForNewerBoard(page, board.version);
  return 'button';
}

function distinctColours(file: string): { colours: number; width: number; height: number } {
  const png = PNG.sync.read(readFileSync(file));
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4) {
    seen.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
  }
  return { colours: seen.size, width: png.width, height: png.height };
}

describe('the sandbox page in headless Chromium', () => {
  let stack: SandboxStack;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    stack = await startStack({ aiTurnDelayMs: 100 });
    browser = await openBrowser({ width: 1280, height: 900 });
    page = browser.page;
    pageErrors = browser.pageErrors;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close({ removeFiles: true });
  });

  it(
    'plays a short game: typed /hare start, a join, menu moves, computer turns, the summary',
    { timeout: 180_000 },
    async () => {
      await page.goto(`${stack.sandbox.pageUrl}?user=alice`);
      await page.waitForSelector('body[data-ready="true"]');
      expect(await page.textContent('.chat-channel')).toBe('race-track');

      // The message box completes the subcommand from the registered definitions.
      const input = page.locator('#input');
      await input.pressSequentially('/hare st');
      await page.locator('.suggestion', { hasText: '/hare start' }).waitFor();
      expect(await page.textContent('.suggestions-title')).toBe('Commands');
      // The list is headed by what it lists: options, then an option's choices.
      await input.pressSequentially('art sp');
      await page.locator('.suggestions-title', { hasText: /^Options$/ }).waitFor();
      expect(await page.locator('.suggestion .label').allTextContents()).toContain('speed');
      await input.pressSequentially('eed:');
      await page.locator('.suggestions-title', { hasText: /^speed$/ }).waitFor();
      expect(await page.locator('.suggestion .label').allTextContents()).toContain('fast');
      await input.fill('/hare st');
      await page.locator('.suggestion', { hasText: '/hare start' }).waitFor();
      await input.press('Tab');
      expect(await input.inputValue()).toBe('/hare start ');
      await input.pressSequentially('seats:3 speed:fast computer-level:novice turn-limit:3');
      await input.press('Enter');
      const lobby = page.locator('.message', { has: page.locator('.embed-title', { hasText: 'new game' }) });
      await lobby.waitFor();
      expect(await lobby.locator('.reply-context').textContent()).toContain('Alice used /hare start');

      await playAs(page, stack, 'Bob');
      await lobby.locator('.component-button', { hasText: 'Join' }).click();
      await lobby.locator('.embed-field-value', { hasText: '@Bob' }).waitFor();
      await playAs(page, stack, 'Alice');
      await lobby.locator('.component-button', { hasText: 'Start' }).click();
      await page.waitForFunction(() => document.querySelector('.message .embed-image') !== null);

      // Bob presses Choose your move on Alice's turn: the bot explains privately, and only Bob sees it.
      await playAs(page, stack, 'Bob');
      const first = (await readBoard(page))!;
      expect(first.title).toContain('Alice to play');
      const firstBoard = page.locator(`.message[data-message-id="${first.id}"]`);
      // The turn mention's link to the board jumps to it in the page (there is no discord.com here).
      const boardLink = page.locator('a.message-link').last();
      await boardLink.waitFor();
      expect(await boardLink.getAttribute('href')).toBe(`#message-${first.id}`);
      await boardLink.click();
      await page.locator(`.message.jumped[data-message-id="${first.id}"]`).waitFor();
      await firstBoard.locator('.component-button', { hasText: 'Choose your move' }).click();
      // (Bob's other private message is the record of his seat, given when he joined.)
      const privateReply = page.locator('.message.ephemeral', {
        hasText: 'Only you can see this',
        hasNotText: 'Keep this to check the game',
      });
      await privateReply.waitFor();
      const privateId = await privateReply.getAttribute('data-message-id');
      await playAs(page, stack, 'Alice');
      expect(await page.locator(`.message[data-message-id="${privateId}"]`).count()).toBe(0);

      // The square suggestions of /hare move come from the bot (a real autocomplete interaction).
      await input.pressSequentially('/hare move ');
      await page.locator('.suggestion', { hasText: 'square' }).waitFor();
      await input.press('Tab');
      await page
        .locator('.suggestion', { hasText: /costs \d+/ })
        .first()
        .waitFor();
      await input.press('Escape');
      await input.fill('');

      const boardTexts: string[] = [];
      const used = { menu: 0, button: 0 };
      for (let turns = 0; turns < 60; turns++) {
        const board = await readBoard(page);
        if (!board) throw new Error('the board is not on the page');
        boardTexts.push(board.description);
        if (/game over/.test(board.title)) break;
        const toPlay = /— (.+) to play/.exec(board.title)?.[1] ?? '';
        if (!HUMANS.includes(toPlay)) {
          await waitForNewerBoard(page, board.version);
          continue;
        }
        await playAs(page, stack, toPlay);
        const fresh = (await readBoard(page))!;
        used[await playTurn(page, fresh)]++;
        if (used.menu === 1) {
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: join(ARTIFACTS, 'sandbox-midgame.png') });
        }
      }

      const summary = page.locator('.message', { has: page.locator('.embed-title', { hasText: 'wins!' }) });
      await summary.waitFor({ timeout: 20_000 });
      const summaryImage = summary.locator('.embed-image');
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await summaryImage.elementHandle(),
      );
      expect(used.menu).toBeGreaterThan(0);
      const computers = [
        ...((await summary.locator('.embed-description').textContent()) ?? '').matchAll(/🤖 (\S+)/g),
      ].map((m) => m[1]!);
      expect(computers).toHaveLength(1);
      expect(boardTexts.some((text) => text.includes(computers[0]!))).toBe(true);
      expect(await stack.service.findActiveGameInChannel(stack.sandbox.channels[0]!.id)).toBeNull();

      await summary.scrollIntoViewIfNeeded();
      mkdirSync(ARTIFACTS, { recursive: true });
      const shot = join(ARTIFACTS, 'sandbox.png');
      await page.screenshot({ path: shot });
      const picture = distinctColours(shot);
      expect(picture).toMatchObject({ width: 1280, height: 900 });
      expect(picture.colours).toBeGreaterThan(200);
      expect(pageErrors).toEqual([]);
    },
  );

  it('lays out in one column at phone width: nothing squeezed, messages and images fit', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.sandbox.pageUrl}?user=alice`);
    await page.waitForSelector('body[data-ready="true"]');
    const sizes = await page.evaluate(() => {
      const width = (selector: string) =>
        document.querySelector(selector)?.getBoundingClientRect().width ?? 0;
      const widest = (selector: string) =>
        Math.max(
          0,
          ...Array.from(document.querySelectorAll(selector)).map(
            (node) => node.getBoundingClientRect().right,
          ),
        );
      return {
        page: document.documentElement.scrollWidth,
        messages: width('#messages'),
        composer: width('#composer'),
        embeds: widest('.embed'),
        images: widest('.embed-image'),
        players: document.querySelectorAll('#users li, #users button').length,
      };
    });
    expect(sizes.page).toBeLessThanOrEqual(390);
    expect(sizes.messages).toBeGreaterThanOrEqual(350);
    expect(sizes.composer).toBeGreaterThanOrEqual(340);
    expect(sizes.embeds).toBeLessThanOrEqual(390);
    expect(sizes.images).toBeLessThanOrEqual(390);
    expect(sizes.players).toBeGreaterThanOrEqual(4);
    // Emoji come from the font the sandbox serves (Chromium here has no emoji font of its own).
    const emojiFont = await page.evaluate(async () => {
      await document.fonts.load('16px "Noto Emoji"', '🏆🥇');
      return document.fonts.check('16px "Noto Emoji"', '🏆🥇');
    });
    expect(emojiFont).toBe(true);
    await page.waitForTimeout(300);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'sandbox-phone.png') });
  });
});
