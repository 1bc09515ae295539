import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import { openBrowser } from './chromium';
import { EventStream, messageOf, postJson, startStack, userId, type SandboxStack } from './helpers';

const CHANNEL = SANDBOX_IDS.channels.raceTrack;

interface WorldLanguages {
  server: string;
  users: Record<string, string>;
  choices: { code: string; name: string }[];
}

async function worldLanguages(stack: SandboxStack): Promise<WorldLanguages> {
  const world = (await (await fetch(new URL('/api/world', stack.sandbox.pageUrl))).json()) as {
    languages: WorldLanguages;
  };
  return world.languages;
}

/** Sends a slash command as a sandbox player and returns the private reply's text. */
async function privateReply(stack: SandboxStack, stream: EventStream, user: string, text: string) {
  const before = stream.events.length;
  const sent = await postJson(stack, '/api/send', { channelId: CHANNEL, userId: user, text });
  expect(sent.body).toMatchObject({ ok: true });
  const event = await stream.waitFor(
    (e) => stream.events.indexOf(e) >= before && messageOf(e)?.ephemeral === true && !messageOf(e)!.loading,
  );
  return messageOf(event)!.html;
}

describe('the sandbox’s language settings: each player’s locale and the server’s', () => {
  let stack: SandboxStack;
  let alice: string;
  let bob: string;
  beforeEach(async () => {
    stack = await startStack();
    alice = userId(stack, 'Alice');
    bob = userId(stack, 'Bob');
  });
  afterEach(async () => {
    await stack.close({ removeFiles: true });
  });

  it('offers the four languages, everyone English at first', async () => {
    const languages = await worldLanguages(stack);
    expect(languages.choices).toEqual([
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch' },
      { code: 'fr', name: 'Français' },
      { code: 'es', name: 'Español' },
    ]);
    expect(languages.server).toBe('en');
    expect(Object.values(languages.users)).toEqual(['en', 'en', 'en', 'en']);
  });

  it('a player set to Deutsch sends interactions with the locale de and reads the German rules', async () => {
    const set = await postJson(stack, '/api/language', { userId: bob, language: 'de' });
    expect(set.body).toMatchObject({ ok: true, languages: { users: { [bob]: 'de', [alice]: 'en' } } });
    expect((await worldLanguages(stack)).users[bob]).toBe('de');

    const bobStream = await EventStream.open(stack, CHANNEL, bob);
    const german = await privateReply(stack, bobStream, bob, '/hare rules');
    expect(german).toMatch(/Karotten/);
    const command = stack.sandbox.fake.interactions.filter((i) => i.userId === bob).at(-1);
    expect(command?.payload).toMatchObject({ locale: 'de', guild_locale: 'en-US' });

    const aliceStream = await EventStream.open(stack, CHANNEL, alice);
    expect(await privateReply(stack, aliceStream, alice, '/hare rules')).toMatch(/carrots/);

    await postJson(stack, '/api/language', { userId: bob, language: 'es' });
    expect(await privateReply(stack, bobStream, bob, '/hare rules')).toMatch(/zanahorias/);
    expect(stack.sandbox.fake.interactions.filter((i) => i.userId === bob).at(-1)?.payload).toMatchObject({
      locale: 'es-ES',
    });
    bobStream.close();
    aliceStream.close();
  });

  it('the server set to Deutsch opens a German lobby', async () => {
    const set = await postJson(stack, '/api/language', { server: true, language: 'de' });
    expect(set.body).toMatchObject({ ok: true, languages: { server: 'de' } });
    const stream = await EventStream.open(stack, CHANNEL, alice);
    const sent = await postJson(stack, '/api/send', {
      channelId: CHANNEL,
      userId: alice,
      text: '/greed start seats:2 speed:fast',
    });
    expect(sent.body).toMatchObject({ ok: true });
    await stream.waitFor((e) => (messageOf(e)?.embeds.length ?? 0) > 0);
    const game = await stack.service.findActiveGameInChannel(CHANNEL);
    expect(game?.options.language).toBe('de');
    expect(stack.sandbox.fake.interactions.at(-1)?.payload).toMatchObject({ guild_locale: 'de' });
    stream.close();
  });

  it('keeps the settings across a restart', async () => {
    await postJson(stack, '/api/language', { userId: alice, language: 'fr' });
    await postJson(stack, '/api/language', { server: true, language: 'es' });
    await stack.close();
    stack = await startStack({ dir: stack.dir });
    const languages = await worldLanguages(stack);
    expect(languages.server).toBe('es');
    expect(languages.users[alice]).toBe('fr');
    expect(languages.users[bob]).toBe('en');
  });

  it('refuses an unknown player or language', async () => {
    expect((await postJson(stack, '/api/language', { userId: '42', language: 'de' })).status).toBe(400);
    expect((await postJson(stack, '/api/language', { userId: alice, language: 'ja' })).status).toBe(400);
    expect((await postJson(stack, '/api/language', { language: 'de' })).status).toBe(400);
    expect((await worldLanguages(stack)).users[alice]).toBe('en');
  });
});

describe('the page’s language settings', () => {
  it('switches a player to Deutsch (the German rules come back) and the server to Deutsch', async () => {
    const stack = await startStack();
    const browser = await openBrowser({ width: 1280, height: 900 });
    try {
      const { page } = browser;
      await page.goto(`${stack.sandbox.pageUrl}?user=bob`);
      await page.waitForSelector('body[data-ready="true"]');
      expect(await page.textContent('#player-language-label')).toBe("Bob's language");
      expect(await page.locator('#player-language option').allTextContents()).toEqual([
        'English',
        'Deutsch',
        'Français',
        'Español',
      ]);
      await page.selectOption('#player-language', 'de');
      await page.waitForSelector('.user-switch[data-user-name="Bob"][data-language="de"]');
      expect(await page.textContent('.user-switch[data-user-name="Bob"] .language-tag')).toBe('DE');
      expect(await page.locator('.user-switch[data-user-name="Alice"] .language-tag').count()).toBe(0);

      const input = page.locator('#input');
      await input.fill('/hare rules');
      await input.press('Escape');
      await input.press('Enter');
      await page.locator('.message.ephemeral', { hasText: 'Karotten' }).waitFor({ timeout: 10_000 });

      await page.selectOption('#server-language', 'de');
      await expect.poll(async () => (await worldLanguages(stack)).server).toBe('de');
      expect((await worldLanguages(stack)).users[userId(stack, 'Bob')]).toBe('de');
      // Another player's setting is their own: switching to Alice shows hers.
      await page.click('.user-switch[data-user-name="Alice"]');
      await page.waitForSelector(`body[data-viewer="${userId(stack, 'Alice')}"]`);
      expect(await page.inputValue('#player-language')).toBe('en');
      expect(await page.inputValue('#server-language')).toBe('de');
      expect(browser.pageErrors).toEqual([]);
    } finally {
      await browser.close();
      await stack.close({ removeFiles: true });
    }
  }, 30_000);
});
