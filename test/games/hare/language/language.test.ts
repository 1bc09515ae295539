/**
 * Hare & Tortoise in German, French and Spanish: the catalogue is complete, complete games leave no English word
 * in anything a player sees (texts, controls, commands, the board's drawn words, the words the game gives the
 * summary sheet), and the English log stays what it was. The summary sheet's own words (places, "Turning
 * point", luck) are the drawing kit's and are judged there.
 */
import { describe, expect, it } from 'vitest';
import { catalogueProblems, type Language, type Messages } from '../../../../src/i18n/index';
import { hareCatalogue } from '../../../../src/games/hare/locales/index';
import { hareTexts } from '../../../../src/games/hare/texts';
import { handText } from '../../../../src/games/hare/texts-core';
import { effectIn } from '../../../../src/games/hare/rules/effect-words';
import { hareWords } from '../../../../src/games/hare/hare-words';
import { fixture } from '../rules/helpers';
import { boardWords, gameTexts, playedGame, staticTexts, summaryWords } from './seen-texts';

function messages(tree: Messages): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : messages(value)));
}

/** The messages of `tree` that differ from English's message of the same key (a copied one proves nothing). */
function translated(tree: Messages, english: Messages | undefined): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const theirs = english?.[key];
    if (typeof value === 'string') return value === theirs ? [] : [value];
    return translated(value, typeof theirs === 'object' ? theirs : undefined);
  });
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** The words of the English catalogue (and the ordinals' endings), less those the language uses too. */
function englishOnly(language: Language): Set<string> {
  const own = new Set(translated(hareCatalogue[language]!, hareCatalogue.en).flatMap(wordsOf));
  const english = [...messages(hareCatalogue.en!).flatMap(wordsOf), 'st', 'nd', 'rd', 'th'];
  return new Set(english.filter((word) => !own.has(word)));
}

/** The texts holding an English word, each with the words found. */
function englishIn(texts: readonly string[], language: Language): string[] {
  const english = englishOnly(language);
  const found = new Set<string>();
  for (const text of texts) {
    const words = wordsOf(text).filter((word) => english.has(word));
    if (words.length > 0) found.add(`${words.join(', ')}: ${text}`);
  }
  return [...found];
}

const GAMES = [
  ['standard', 4, 'a'],
  ['classic', 3, 'b'],
  ['standard', 2, 'c'],
  ['classic', 6, 'd'],
] as const;

describe("Hare & Tortoise's catalogue", () => {
  it('has every English key in German, French and Spanish, with the same placeholders and plurals', () => {
    expect(catalogueProblems('hare', hareCatalogue)).toEqual([]);
  });

  it('tells a hare card or roll in English exactly as the rules wrote it', () => {
    const english = hareWords('en');
    let told = 0;
    for (const [rules, seats, seed] of GAMES) {
      for (const events of playedGame(rules, seats, seed).events) {
        for (const event of events) {
          if (event.type !== 'hare-card' && event.type !== 'hare-roll') continue;
          expect(effectIn(event, english)).toBe(event.effect);
          told++;
        }
      }
    }
    expect(told).toBeGreaterThan(20);
  });
});

describe.each(['de', 'fr', 'es'] as const)('Hare & Tortoise in %s', (language) => {
  it('leaves no English word in what players read or press', () => {
    const texts = [
      ...staticTexts(language),
      ...GAMES.flatMap(([rules, seats, seed]) => gameTexts(playedGame(rules, seats, seed), language)),
    ];
    expect(texts.length).toBeGreaterThan(1000);
    expect(englishIn(texts, language)).toEqual([]);
  });

  it('leaves no English word on the board images or in the summary', () => {
    const texts: string[] = [];
    for (const [rules, seats, seed] of GAMES.slice(0, 2)) {
      const game = playedGame(rules, seats, seed);
      texts.push(...boardWords(game, language));
      texts.push(...summaryWords(game.states.at(-1)!, language));
      texts.push(...summaryWords(game.states[Math.floor(game.states.length / 2)]!, language, 'Xaver'));
    }
    expect(englishIn(texts, language)).toEqual([]);
  });

  it('gives the rules of both rule sets within 3,800 characters', () => {
    const rules = hareTexts.rules as (options: Record<string, string>, language?: Language) => string;
    for (const set of ['standard', 'classic']) {
      const text = rules({ rules: set }, language);
      expect(text.length).toBeLessThanOrEqual(3800);
      expect(text.split('\n')).toHaveLength(rules({ rules: set }).split('\n').length);
    }
  });

  it('writes numbers and places as the language does', () => {
    const state = fixture({ seats: [{ position: 21, carrots: 12345 }, { place: 2 }] });
    const number = new Intl.NumberFormat(language).format(12345);
    expect(handText(state, 0, language)).toContain(number);
    expect(handText(state, 1, language)).toContain({ de: '2.', fr: '2e', es: '2.º' }[language]);
  });
});

describe('Hare & Tortoise in English', () => {
  it('keeps its words when asked for English or for no language', () => {
    const state = fixture({ seats: [{ position: 21, carrots: 1065 }, {}] });
    expect(handText(state, 0, 'en')).toBe(handText(state, 0));
    expect(hareTexts.levelDescription('novice', 'en')).toBe('novice: plays by simple rules of thumb');
  });
});
