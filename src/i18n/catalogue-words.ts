/**
 * A catalogue's words in one language: a game's (GameModule.catalogue) for its texts, controls, commands and
 * renderer; the platform's namespaces for the bot's public messages and private replies.
 */
import { messageAt, Translations, type Catalogue, type Translate } from './catalogue';
import { DEFAULT_LANGUAGE, type Language } from './languages';

const translationsOf = new WeakMap<Catalogue, Translations>();
const wordsOf = new WeakMap<Catalogue, Map<Language, Translate>>();

/** A sentence i18next need not fill: `{{name}}` placeholders only (no plural, no number format, no nesting). */
const PLAIN_PLACEHOLDER = /\{\{(\w+)\}\}/g;
const NEEDS_I18NEXT = /\{\{[^}]*[,(]|\$t\(/;

/**
 * The words of one catalogue in one language, English where the language lacks one: a word is looked up
 * directly, and so is a sentence whose values only fill `{{name}}` places; one with a plural (`count`) or a number
 * format (`{{value, number}}`) is filled by i18next (a lookup through i18next costs about 0.1 ms, and the log
 * lines of every move are written through here).
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
  const lookUp = (key: string) =>
    messageAt(catalogue[language], key) ?? messageAt(catalogue[DEFAULT_LANGUAGE], key);
  return (key, values) => {
    if (!values) return lookUp(key) ?? key;
    const template = 'count' in values ? undefined : lookUp(key);
    if (template === undefined || NEEDS_I18NEXT.test(template)) return sentence(key, values);
    let complete = true;
    const filled = template.replace(PLAIN_PLACEHOLDER, (place, name: string) => {
      const value = values[name];
      if (value === undefined) complete = false;
      return String(value);
    });
    // A value missing: i18next's own handling of it, as before.
    return complete ? filled : sentence(key, values);
  };
}
