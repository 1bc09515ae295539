/**
 * A private reply that names a button quotes it as the reader sees it under the board: the board is drawn in
 * the game's language, the reply in the reader's, so a Spanish player in a German game reads "**Karte ziehen**",
 * not "**Robar una carta**".
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candylandModule } from '../../src/games/candyland/index';
import { greedModule } from '../../src/games/greed/index';
import { withBoardLabels } from '../../src/bot/board-labels';
import { channelGame, runCommand } from './harness';
import { harnessIn, playerIn, type LanguageHarness } from './language-e2e';

let h: LanguageHarness;
beforeAll(async () => {
  h = await harnessIn(Locale.German);
});
afterAll(async () => {
  await h.close();
});

describe('a private reply names buttons as the board draws them', () => {
  it("a Spanish player's /candyland rules in a German game quote the German Draw button", async () => {
    const host = playerIn(h, 'Jürgen', Locale.German);
    const spanish = playerIn(h, 'Sofía', Locale.SpanishES);
    await runCommand(h, host, 'start', {}, 'candyland');
    expect((await channelGame(h))!.options.language).toBe('de');
    const rules = (await runCommand(h, spanish, 'rules', {}, 'candyland')).message!.content;
    expect(rules, 'the rules are in Spanish').toMatch(/casilla/);
    expect(rules).toContain('**Karte ziehen**');
    expect(rules).not.toContain('Robar una carta');
  });

  it('quotes the lead of a label with a value (Greed: Stop: bank 300), and leaves other bold words alone', () => {
    const text = '**Tirar** o **Plantarse**; **dados calientes**';
    expect(withBoardLabels(greedModule, text, 'es', 'de')).toBe(
      `**${greedWord('de', 'actions.roll')}** o **Aufhören**; **dados calientes**`,
    );
    expect(withBoardLabels(candylandModule, '**Robar una carta**', 'es', 'es')).toBe('**Robar una carta**');
  });
});

function greedWord(language: 'de', key: string): string {
  const [section, name] = key.split('.') as [string, string];
  return (greedModule.catalogue![language][section] as Record<string, string>)[name]!;
}
