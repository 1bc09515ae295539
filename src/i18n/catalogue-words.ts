/**
 * A catalogue's words in one language: a game's (GameModule.catalogue) for its texts, controls, commands and
 * renderer; the platform's namespaces for the bot's public messages and private replies.
 */
import { messageAt, Translations, type Catalogue, type Translate, type TranslationValues } from './catalogue';
import { DEFAULT_LANGUAGE, type Language } from './languages';

const translationsOf = new WeakMap<Catalogue, Translations>();
const wordsOf = new WeakMap<Catalogue, Map<Language, Translate>>();

/**
 * A sentence filled here rather than by i18next: each place `{{name}}` or `{{name, number}}` (no other format, no
 * nesting). Any other form of `{{…}}` or a `$t(` leaves the sentence to i18next.
 */
const PLACE = /\{\{(\w+)(, number)?\}\}/g;
const ANY_PLACE = /\{\{[^}]*\}\}|\$t\(/g;

/**
 * The words of one catalogue in one language, English where the language lacks one: a word is looked up
 * directly, and so is a sentence with placeholders, its numbers formatted for the language (`{{value, number}}`)
 * and its plural form (`count`) picked by the language's rules, as i18next does; i18next fills what is left
 * (a lookup through it costs about 0.1 ms, and the log lines of every move are written through here).
 */
export function catalogueWords(catalogue: Catalogue, language: Language = DEFAULT_LANGUAGE): Translate {
  let byLanguage = wordsOf.get(catalogue);
  if (!byLanguage) {
    byLanguage = new Map();
    wordsOf.set(catalogue, byLanguage);
  }
  let words = byLanguage.get(language);
  if (!words) {
    words = wordsIn(catalogue, language);
    byLanguage.set(language, words);
  }
  return words;
}

function wordsIn(catalogue: Catalogue, language: Language): Translate {
  let translations = translationsOf.get(catalogue);
  if (!translations) {
    translations = new Translations({ words: catalogue });
    translationsOf.set(catalogue, translations);
  }
  const sentence = translations.translator(language, 'words');
  const codes = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  const numbers = new Intl.NumberFormat(language);
  return (key, values) => {
    if (!values) return templateOf(catalogue, codes, key) ?? key;
    const count = values.count;
    if (typeof count === 'string') return sentence(key, values);
    const template = templateOf(catalogue, codes, key, count);
    const filled = template === undefined ? undefined : fill(template, values, numbers);
    return filled ?? sentence(key, values);
  };
}

/**
 * The template i18next picks, per language (then English): the key; with a `count`, first `_zero` (for 0), the
 * plural form, then the key and `_other`.
 */
function templateOf(
  catalogue: Catalogue,
  codes: readonly Language[],
  key: string,
  count?: number,
): string | undefined {
  for (const code of codes) {
    const form = count === undefined ? null : pluralRules(code).select(count);
    const keys = form === null ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${form}`, key];
    if (form !== null && form !== 'other') keys.push(`${key}_other`);
    for (const candidate of keys) {
      const found = messageAt(catalogue[code], candidate);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const pluralRulesOf = new Map<Language, Intl.PluralRules>();

function pluralRules(language: Language): Intl.PluralRules {
  let rules = pluralRulesOf.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesOf.set(language, rules);
  }
  return rules;
}

/** The template with its places filled, or undefined when i18next must fill it (a form or a value not ours). */
function fill(template: string, values: TranslationValues, numbers: Intl.NumberFormat): string | undefined {
  const places = template.match(ANY_PLACE);
  if (places && places.some((place) => !/^\{\{\w+(, number)?\}\}$/.test(place))) return undefined;
  let complete = true;
  const filled = template.replace(PLACE, (_place, name: string, number?: string) => {
    const value = values[name];
    if (value === undefined || (number && typeof value !== 'number')) complete = false;
    return number ? numbers.format(value as number) : String(value);
  });
  return complete ? filled : undefined;
}
