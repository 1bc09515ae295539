import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it when it is missing. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser tests save their screenshots (ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Errors thrown by the page's scripts. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** Headless Chromium with a fresh profile and one page of the given size. */
export async function openBrowser(viewport: { width: number; height: number }): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install it with \`apt-get install chromium\` (.ci/run does)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'hare-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    context,
    page,
    pageErrors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
