/**
 * `/<game> rules` answers privately in the reader's own language (Discord's `locale` of the interaction), English
 * for a language the bot does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

type ReaderLocale = NonNullable<Parameters<Harness['fake']['addUser']>[0]['locale']>;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function rulesFor(locale: ReaderLocale, game: string): Promise<string> {
  const reader = h.fake.addUser({ username: `reader-${locale}-${game}`, locale, guilds: [h.guildId] });
  const answer = await h.fake.waitForResponse(
    h.fake.slashCommand({ user: reader, channel: h.channel, name: game, subcommand: 'rules' }),
  );
  expect(answer.ephemeral).toBe(true);
  return answer.message?.content ?? '';
}

describe('the rules in the reader’s language', () => {
  it('Hare & Tortoise in German, French, Spanish and English', async () => {
    expect(await rulesFor('de', 'hare')).toMatch(/Karotten/);
    expect(await rulesFor('fr', 'hare')).toMatch(/carottes/);
    expect(await rulesFor('es-ES', 'hare')).toMatch(/zanahorias/);
    expect(await rulesFor('en-US', 'hare')).toMatch(/carrots/);
  });

  it('every game in German, and English for a language the bot does not have', async () => {
    for (const game of ['greed', 'candyland', 'hedgehogs']) {
      const german = await rulesFor('de', game);
      const english = await rulesFor('en-US', game);
      expect(german, game).not.toBe(english);
      expect(await rulesFor('ja', game), game).toBe(english);
    }
    expect(await rulesFor('de', 'greed')).toMatch(/Würfel/);
  });
});
