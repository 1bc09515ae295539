/**
 * A native read-through: each of the four games played to its end in German, French and Spanish through the real
 * discord.js client and the fake Discord, by a player whose name starts with a vowel, against a computer (whose
 * name in French starts with one too). Everything the player sees — messages, embeds, buttons, menus, private
 * replies, the images' descriptions and the texts the images draw — is read as a native speaker would: no English
 * word left, no template seam, the glossary's words, one form of address (du, tu, tú), and in French a space
 * before the colon and "d'Élise", never "de Élise". Each game's file (native-read-<game>.e2e.test.ts) runs it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Locale } from 'discord.js';
import { channelGame, runCommand, startGame, waitForSummary } from './harness';
import {
  englishWords,
  harnessIn,
  playerIn,
  playToEnd,
  seenTexts,
  withoutAllowed,
  wordsByPlace,
  type LanguageHarness,
  type SeenText,
} from './language-e2e';
import {
  FORMAL,
  avoidedWords,
  frenchColons,
  frenchElision,
  seams,
  type NativeLanguage,
} from '../support/native-checks';

interface Reader {
  language: NativeLanguage;
  locale: Locale;
  player: string;
}

const READERS: Reader[] = [
  { language: 'de', locale: Locale.German, player: 'Anke' },
  { language: 'fr', locale: Locale.French, player: 'Élise' },
  { language: 'es', locale: Locale.SpanishES, player: 'Inés' },
];

export interface GameCase {
  key: string;
  options: Record<string, string | number>;
  /** A play command typed on one of the player's turns (it is then their move). */
  typed?: string;
}

/**
 * Short games: a round limit ends the longer races with a summary all the same. The computers' levels are the ones
 * French names with a vowel ("Intermédiaire 1", "Expert 1", "Avancé 1"; Candy Land's "Ordinateur 1").
 */
export const NATIVE_GAMES: Record<string, GameCase> = Object.fromEntries(
  (
    [
      {
        key: 'hare',
        options: { seats: 2, 'computer-level': 'intermediate', speed: 'fast', 'turn-limit': 5 },
      },
      {
        key: 'greed',
        options: { seats: 2, 'computer-level': 'expert', speed: 'fast', target: 1000, entry: 0 },
        typed: 'roll',
      },
      { key: 'candyland', options: { seats: 2, speed: 'fast', 'turn-limit': 5 }, typed: 'draw' },
      {
        key: 'hedgehogs',
        options: { seats: 2, 'computer-level': 'advanced', speed: 'fast', 'turn-limit': 3 },
      },
    ] as GameCase[]
  ).map((game) => [game.key, game]),
);

/** "where: what ← the text" for each text that `check` finds something in. */
function findings(seen: readonly SeenText[], check: (text: string) => string[]): string[] {
  const found = new Set<string>();
  for (const { place, text } of seen)
    for (const what of check(text))
      found.add(`${place}: ${what} ← ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
  return [...found];
}

/** Registers the read-through of `game` in German, French and Spanish (one file per game runs them apart). */
export function readThrough(game: GameCase): void {
  describe(`${game.key} read by a native player`, () => {
    let h: LanguageHarness;
    afterEach(async () => {
      await h.close();
    });

    it.each(READERS)('in $language', async ({ language, locale, player: name }) => {
      const { key, options, typed } = game;
      h = await harnessIn(locale);
      const player = playerIn(h, name, locale);
      const command = (subcommand: string, values: Record<string, string | number> = {}) =>
        runCommand(h, player, subcommand, values, key);

      await command('status'); // no game yet: a refusal
      const { gameId } = await startGame(h, [player], options, key);
      expect((await h.service.getGame(gameId))!.options.language).toBe(language);
      await playToEnd(h, key, gameId, [player], async (turn) => {
        if (turn === 0) {
          await command('hand');
          await command('rules');
        }
        if (turn === 1 && typed) await command(typed);
        if (turn === 2) await command('status');
      });
      await waitForSummary(h, gameId);
      expect(await channelGame(h)).toBeNull();
      for (const subcommand of ['log', 'stats', 'history', 'hand']) await command(subcommand);

      const record = (await h.service.getGame(gameId))!;
      const names = record.seats.map((seat) => seat.name);
      expect(names.some((seatName) => seatName !== name)).toBe(true);
      const seen = seenTexts(h);
      expect(seen.filter((text) => text.place === 'public images').length).toBeGreaterThan(10);
      expect(seen.some((text) => text.place.startsWith('private'))).toBe(true);
      const readable = seen.map((text) => ({ ...text, text: withoutAllowed(text.text, [], [gameId]) }));

      const english = wordsByPlace(seen, englishWords(language), [...names, player.username], [gameId]);
      expect.soft(english, `${key} in ${language}: English left`).toEqual({});
      expect.soft(findings(seen, seams), `${key} in ${language}: seams`).toEqual([]);
      const avoided = avoidedWords(language, key);
      const glossary = findings(readable, (text) =>
        avoided.filter(({ pattern }) => pattern.test(text)).map(({ pattern }) => `${pattern}`),
      );
      expect.soft(glossary, `${key} in ${language}: a word the glossary rules out`).toEqual([]);
      const formal = findings(readable, (text) =>
        FORMAL[language].filter((pattern) => pattern.test(text)).map((pattern) => `${pattern}`),
      );
      expect.soft(formal, `${key} in ${language}: a formal address`).toEqual([]);
      if (language === 'fr') {
        expect.soft(findings(readable, frenchColons), `${key}: a French colon without its space`).toEqual([]);
        // the elided forms are there to read ("au tour d’Élise"), not only the wrong ones absent
        expect(seen.some(({ text }) => /[dq]u?[’']É/u.test(text))).toBe(true);
        const elision = findings(readable, (text) => frenchElision(text, names));
        expect.soft(elision, `${key}: a "de" or "que" before a vowel`).toEqual([]);
      }
    });
  });
}
