/**
 * catalogueWords fills most sentences itself (i18next costs about 0.1 ms a sentence, and every move's log lines
 * are written through it): for every key of every catalogue in every language, with numbers, words, plural
 * counts and missing values, it says exactly what i18next says.
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import {
  catalogueWords,
  LANGUAGES,
  PLATFORM_NAMESPACES,
  Translations,
  type Catalogue,
  type Messages,
  type TranslationValues,
} from '../../src/i18n/index';

const CATALOGUES: [string, Catalogue][] = [
  ...Object.entries(PLATFORM_NAMESPACES),
  ...GAMES.all.flatMap((module) =>
    module.catalogue ? [[module.key, module.catalogue] as [string, Catalogue]] : [],
  ),
];
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1234, 1_000_000, 2.5];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key of `messages` (dotted), its plural forms folded into the key, with the place names of its forms. */
function keysOf(messages: Messages, prefix = '', found = new Map<string, Set<string>>()) {
  for (const [name, value] of Object.entries(messages)) {
    const key = `${prefix}${name}`;
    if (typeof value !== 'string') {
      keysOf(value, `${key}.`, found);
      continue;
    }
    const base = key.replace(PLURAL, '');
    const places = found.get(base) ?? new Set<string>();
    for (const [, place] of value.matchAll(/\{\{-?\s*(\w+)/g)) places.add(place!);
    if (base !== key) places.add('count');
    found.set(base, places);
  }
  return found;
}

function valueSets(places: Set<string>): TranslationValues[] {
  const names = [...places];
  const sets: TranslationValues[] = COUNTS.map((n) => Object.fromEntries(names.map((name) => [name, n])));
  sets.push(Object.fromEntries(names.map((name) => [name, name === 'count' ? 2 : 'Ada'])));
  // A place left without a value, and a count given as a word.
  if (names.length > 0) sets.push(Object.fromEntries(names.slice(1).map((name) => [name, 7])));
  if (places.has('count'))
    sets.push({ ...Object.fromEntries(names.map((name) => [name, 'Zoé'])), count: '3' });
  return sets;
}

describe('catalogueWords', () => {
  it.each(CATALOGUES)('says what i18next says, for every key of %s in every language', (_name, catalogue) => {
    const i18next = new Translations({ words: catalogue });
    let compared = 0;
    for (const language of LANGUAGES) {
      const ours = catalogueWords(catalogue, language);
      const theirs = i18next.translator(language, 'words');
      for (const [key, places] of keysOf(catalogue.en)) {
        for (const values of valueSets(places)) {
          expect(ours(key, values), `${language} ${key} ${JSON.stringify(values)}`).toBe(theirs(key, values));
          compared += 1;
        }
        expect(ours(key), `${language} ${key}`).toBe(theirs(key));
      }
    }
    expect(compared).toBeGreaterThan(LANGUAGES.length * 10);
  });
});
