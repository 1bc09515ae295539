import { describe, expect, it } from 'vitest';
import {
  catalogueProblems,
  languageOfLocale,
  PLATFORM_CATALOGUE,
  PLATFORM_NAMESPACES,
  Translations,
  type Catalogue,
} from '../../src/i18n/index';

describe('the message catalogue', () => {
  it('has every platform key in every language, with the same placeholders and each language’s plurals', () => {
    for (const [namespace, catalogue] of Object.entries(PLATFORM_NAMESPACES))
      expect(catalogueProblems(namespace, catalogue)).toEqual([]);
  });

  it('names a missing key, a changed placeholder and a missing or needless plural form', () => {
    const broken: Catalogue = {
      en: { a: 'Hello {{name}}', turns_one: '{{count}} turn', turns_other: '{{count}} turns' },
      de: { turns_one: '{{count}} Zug', turns_other: '{{count}} Züge' },
      fr: { a: 'Bonjour {{nom}}', turns_one: '{{count}} tour', turns_other: '{{count}} tours' },
      es: {
        a: 'Hola {{name}}',
        turns_one: '{{count}} turno',
        turns_many: '{{count}} de turnos',
        turns_other: '{{count}} turnos',
        extra: 'x',
      },
    };
    expect(catalogueProblems('demo', broken)).toEqual([
      'demo de: missing a',
      'demo fr: turns lacks plural many',
      'demo fr: a has placeholders {nom}, English {name}',
      'demo es: extra is not in English',
    ]);
  });

  it('serves Discord locales in our four languages, and English for the others', () => {
    expect(['en-US', 'en-GB', 'de', 'fr', 'es-ES', 'es-419', 'pt-BR', null].map(languageOfLocale)).toEqual([
      'en',
      'en',
      'de',
      'fr',
      'es',
      'es',
      'en',
      'en',
    ]);
  });

  it('fills placeholders, formats numbers and picks plurals by language', () => {
    const translations = new Translations({ platform: PLATFORM_CATALOGUE });
    const de = translations.translator('de', 'platform');
    const fr = translations.translator('fr', 'platform');
    const en = translations.translator('en', 'platform');
    expect(de('refusal.notYourTurn', { player: 'Ada' })).toBe('du bist nicht am Zug: Ada ist dran');
    expect(de('summary.turns', { count: 1 })).toBe('1 Zug');
    expect(de('summary.turns', { count: 1250 })).toBe('1.250 Züge');
    expect(en('summary.turns', { count: 1250 })).toBe('1,250 turns');
    expect(fr('summary.turns', { count: 1_000_000 })).toBe('1\u202f000\u202f000 de tours');
    expect(fr('summary.turns', { count: 2 })).toBe('2 tours');
  });

  it('falls back to English for a key a language lacks', () => {
    const translations = new Translations({
      demo: { en: { only: 'English only' }, de: {}, fr: {}, es: {} },
    });
    expect(translations.translator('de', 'demo')('only')).toBe('English only');
    expect(translations.has('de', 'demo', 'only')).toBe(false);
    expect(translations.has('en', 'demo', 'only')).toBe(true);
  });
});
