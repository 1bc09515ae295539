/**
 * Draws docs/sandbox.png: a game in #race-track at desktop size, Alice typing /hare move with the bot's
 * suggestions over the board. `npx tsx test/sandbox/docs-screenshot.ts docs/sandbox.png` (not a test: vitest
 * runs only *.test.ts). docs/sandbox-phone.png is test-artifacts/sandbox-phone-board.png of phone.test.ts.
 */
import type { Page } from 'playwright-core';
import { openBrowser } from './chromium';
import { startStack, type SandboxStack } from './helpers';

async function playAs(page: Page, stack: SandboxStack, name: string): Promise<void> {
  const user = stack.sandbox.users.find((u) => u.name === name)!;
  if ((await page.getAttribute('body', 'data-viewer')) === user.id) return;
  await page.click(`.user-switch[data-user-name="${name}"]`);
  await page.waitForSelector(`body[data-viewer="${user.id}"]`);
}

/** The newest board's title ("Turn 3 — Alice to play"). */
function boardTitle(page: Page): Promise<string> {
  return page.evaluate(() => {
    const titles = Array.from(document.querySelectorAll('.message .embed-title'), (t) => t.textContent ?? '');
    return titles.filter((t) => /to play/.test(t)).at(-1) ?? '';
  });
}

async function startGame(page: Page, stack: SandboxStack): Promise<void> {
  const input = page.locator('#input');
  await input.fill('/hare start seats:3 speed:fast computer-level:intermediate');
  await input.press('Escape');
  await input.press('Enter');
  const lobby = page.locator('.message', { has: page.locator('.embed-title', { hasText: 'new game' }) });
  await lobby.waitFor();
  await playAs(page, stack, 'Bob');
  await lobby.locator('.component-button', { hasText: 'Join' }).click();
  await lobby.locator('.embed-field-value', { hasText: '@Bob' }).waitFor();
  await playAs(page, stack, 'Alice');
  await lobby.locator('.component-button', { hasText: 'Start' }).click();
  await page.waitForFunction(() => document.querySelector('.message .embed-image') !== null);
}

async function main(out: string): Promise<void> {
  const stack = await startStack({ aiTurnDelayMs: 100 });
  const browser = await openBrowser({ width: 1280, height: 860 });
  const page = browser.page;
  try {
    await page.goto(`${stack.sandbox.pageUrl}?user=alice`);
    await page.waitForSelector('body[data-ready="true"]');
    await startGame(page, stack);
    for (let step = 0; step < 60; step++) {
      await page.waitForTimeout(300);
      const title = await boardTitle(page);
      const turn = Number(/Turn (\d+)/.exec(title)?.[1] ?? 0);
      const who = /— (.+) to play/.exec(title)?.[1] ?? '';
      if (who !== 'Alice' && who !== 'Bob') continue;
      await playAs(page, stack, who);
      const choose = page.locator('.component-button', { hasText: 'Choose your move' });
      const board = page.locator('.message', { has: choose }).last();
      if (who === 'Alice' && turn >= 3) {
        await board.locator('.embed-image').evaluate((node) => node.scrollIntoView({ block: 'start' }));
        await page.evaluate(() => (document.querySelector('#messages')!.scrollTop -= 60));
        const input = page.locator('#input');
        await input.click();
        await input.pressSequentially('/hare move ');
        await page.locator('.suggestion', { hasText: 'square' }).waitFor();
        await input.press('Tab');
        await page
          .locator('.suggestion', { hasText: /costs \d+/ })
          .first()
          .waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: out });
        return;
      }
      // A board may go out of date under the click (a computer moved): then the next round of the loop retries.
      await board.locator('.component-button', { hasText: 'Choose your move' }).click();
      const controls = page
        .locator('.message.ephemeral', { hasText: 'only you can see these controls' })
        .last();
      const menu = controls.locator('.select:not(.disabled)').first();
      if (
        !(await menu.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        ))
      )
        continue;
      await menu.click();
      await controls.locator('.select-option').first().click();
    }
    throw new Error('Alice never got her third turn');
  } finally {
    if (browser.pageErrors.length > 0) console.error('page errors:', browser.pageErrors);
    await browser.close();
    await stack.close({ removeFiles: true });
  }
}

main(process.argv[2] ?? 'test-artifacts/sandbox-docs.png').catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
