/**
 * The message catalogue: one i18next instance over every namespace (the platform's and one per game), each
 * with a file per language. Plurals follow each language's rules (`key_one`, `key_other`, and French's
 * `key_many`), numbers are formatted by locale with `{{value, number}}`, and a key missing in a language falls
 * back to English.
 */
import i18next, { type i18n } from 'i18next';
import { frenchDe, frenchQue } from './french';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

/** A namespace's messages in one language: nested objects of strings. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** A namespace's messages in every language. */
export type Catalogue = Readonly<Record<Language, Messages>>;

export type TranslationValues = Readonly<Record<string, string | number>>;

/** A key of one namespace in one language, with its placeholders filled. */
export type Translate = (key: string, values?: TranslationValues) => string;

/** The text at a dotted key of `messages` (no English fallback, no placeholders filled), or undefined. */
export function messageAt(messages: Messages, key: string): string | undefined {
  let at: string | Messages | undefined = messages;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

export class Translations {
  private readonly i18n: i18n;

  constructor(readonly namespaces: Readonly<Record<string, Catalogue>>) {
    const resources: Record<string, Record<string, Messages>> = {};
    for (const language of LANGUAGES) {
      resources[language] = Object.fromEntries(
        Object.entries(namespaces).map(([namespace, catalogue]) => [namespace, catalogue[language]]),
      );
    }
    this.i18n = i18next.createInstance();
    void this.i18n.init({
      initAsync: false,
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: Object.keys(namespaces),
      // Texts go to Discord and onto images, never into HTML.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    // `{{name, de}}` / `{{name, que}}`: French's elided "d’Alice", contracted "du Lièvre" (french.ts).
    this.i18n.services.formatter?.add('de', (value: unknown) => frenchDe(String(value)));
    this.i18n.services.formatter?.add('que', (value: unknown) => frenchQue(String(value)));
  }

  /** The translate function of one namespace in one language. */
  translator(language: Language, namespace: string): Translate {
    const t = this.i18n.getFixedT(language, namespace);
    return (key, values) => t(key, values ?? {});
  }

  /** Whether the language has the key itself (not through the English fallback). */
  has(language: Language, namespace: string, key: string): boolean {
    return this.i18n.exists(key, { lng: language, ns: namespace, fallbackLng: false });
  }
}
