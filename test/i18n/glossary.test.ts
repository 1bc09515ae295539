import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueStrings } from './catalogue-strings';

interface Term {
  readonly concept: string;
  readonly use: readonly string[];
  /** Patterns (unicode regular expressions) of words the language's catalogues do not use for the concept. */
  readonly avoid: readonly string[];
  /** Catalogues (a game's key, a platform namespace) that keep their own word, said why in the concept. */
  readonly except?: readonly string[];
  /** The only catalogues the term rules (a game's own words, said why in the concept). */
  readonly only?: readonly string[];
}

const glossary = (language: string): { readonly terms: readonly Term[] } =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/glossary/${language}.json`, import.meta.url), 'utf8'));

/** A sentence as the patterns see it: placeholders are the code's words, not the reader's. */
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '…');

describe.each(['de', 'fr', 'es'])('the %s glossary', (language) => {
  it('is what every catalogue of the language says: no word it rules out', () => {
    const found: string[] = [];
    for (const { where, text } of catalogueStrings(language))
      for (const term of glossary(language).terms) {
        if (term.except?.some((name) => where.startsWith(`${name}:`))) continue;
        if (term.only && !term.only.some((name) => where.startsWith(`${name}:`))) continue;
        for (const avoid of term.avoid)
          if (new RegExp(avoid, 'u').test(withoutPlaceholders(text)))
            found.push(`${where}: /${avoid}/ (${term.concept}) in "${text}"`);
      }
    expect(found).toEqual([]);
  });

  it('names a word to use for every concept', () => {
    for (const term of glossary(language).terms) expect(term.use.length).toBeGreaterThan(0);
  });
});
