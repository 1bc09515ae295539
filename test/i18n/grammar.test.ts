import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Translations, type Catalogue } from '../../src/i18n/catalogue';
import { placeholders } from '../../src/i18n/catalogue-check';
import { frenchDe, frenchQue } from '../../src/i18n/french';
import { catalogueFiles, catalogueStrings } from './catalogue-strings';

/** Placeholders that hold a person's, a computer's or a game's name. */
const NAMED = new Set(['name', 'names', 'title', 'player', 'owner', 'host', 'user']);
/** Names that start with a vowel and with a consonant; titles with an article, a vowel, a consonant. */
const NAMES = ['Alice', 'Avancé 1', 'Bob', 'Ève'];
const TITLES = ['Le Lièvre et la Tortue', 'Hérissons pressés', 'Candy Land', 'Greed'];

/** Every French sentence, rendered by the catalogue's own i18next with each of NAMES in its name places. */
function renderedFrench(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const [namespace, path] of catalogueFiles('fr')) {
    const messages = JSON.parse(readFileSync(path, 'utf8'));
    const t = new Translations({ [namespace]: { en: messages, de: {}, fr: messages, es: {} } as Catalogue });
    const fr = t.translator('fr', namespace);
    for (const { where, text } of catalogueStrings('fr').filter((s) => s.where.startsWith(`${namespace}:`))) {
      const names = placeholders(text);
      if (!names.some((place) => NAMED.has(place))) continue;
      const key = where.slice(namespace.length + 1).replace(/_(one|many|other)$/, '');
      for (const [i, name] of NAMES.entries()) {
        const valueOf = (place: string) => (place === 'title' ? TITLES[i]! : NAMED.has(place) ? name : 7);
        const values = Object.fromEntries(names.map((place) => [place, valueOf(place)]));
        out.push({ where, text: fr(key, values) });
      }
    }
  }
  return out;
}

describe('French', () => {
  it('elides "de" and "que" before a vowel and contracts "de le" and "de les"', () => {
    expect(frenchDe('Alice')).toBe('d’Alice');
    expect(frenchDe('Avancé 1')).toBe('d’Avancé 1');
    expect(frenchDe('Le Lièvre et la Tortue')).toBe('du Lièvre et la Tortue');
    expect(frenchDe('Bob')).toBe('de Bob');
    expect(frenchQue('Alice')).toBe('qu’Alice');
  });

  it('writes every sentence with a name as French does, whatever the name starts with', () => {
    const rendered = renderedFrench();
    expect(rendered.length).toBeGreaterThan(100);
    const texts = rendered.map(({ text }) => text);
    expect(texts).toContain('Le Lièvre et la Tortue — au tour d’Alice');
    expect(texts).toContain('Plateau du Lièvre et la Tortue');
    expect(texts).toContain('Avancé 1 avance le hérisson d’Avancé 1 dans la rangée 7 7 7');
    const wrong = rendered.filter(
      ({ text }) =>
        /(?<![\p{L}’'-])(de|que|le|la|ne|se|ce) (?=[AEIOUYÉÈÊÀÂÎÔaeiouyéèêàâîô])/u.test(text) ||
        /(?<![\p{L}’'])(de|à) (Le|Les|le|les) (?=\p{Lu})/u.test(text),
    );
    expect(wrong).toEqual([]);
  });

  it('puts a space before a colon, as French typography does', () => {
    const tight = catalogueStrings('fr').filter(({ text }) =>
      /[\p{L}\p{N}*)»”}]:(\s|$)/u.test(text.replace(/`[^`]*`/g, '')),
    );
    expect(tight).toEqual([]);
  });

  it('reads without stutters or words split by a hyphen ("Pas de pas de côté", "Re-/départs")', () => {
    const wrong = catalogueStrings('fr').filter(({ text }) => /\b(\p{L}+) de \1\b|\p{L}-\n/u.test(text));
    expect(wrong).toEqual([]);
  });
});

describe('German', () => {
  it('puts dice after "mit" in the dative plural ("mit 5 Würfeln"), so no count of dice follows "mit"', () => {
    const wrong = catalogueStrings('de').filter(({ text }) =>
      /(?<!\p{L})(mit|Mit|bei|Bei|von|aus) \{\{(cup|dice)\}\}/u.test(text),
    );
    expect(wrong).toEqual([]);
  });
});
