/**
 * A game's words in one language, from its catalogue (GameModule.catalogue): what its texts, controls,
 * commands and renderer write in the player's language.
 */
import {
  DEFAULT_LANGUAGE,
  messageAt,
  Translations,
  type Catalogue,
  type Language,
  type Translate,
} from '../../i18n/index';

const translationsOf = new WeakMap<Catalogue, Translations>();

/**
 * The words of one catalogue in one language, English where the language lacks one: a word is looked up
 * directly, a sentence with values (plurals with `count`, numbers with `{{value, number}}`) is filled by
 * i18next (a lookup through i18next costs about 0.1 ms, and every registration check and command build looks
 * up some hundred words per game and language).
 */
export function catalogueWords(catalogue: Catalogue, language: Language = DEFAULT_LANGUAGE): Translate {
  let translations = translationsOf.get(catalogue);
  if (!translations) {
    translations = new Translations({ words: catalogue });
    translationsOf.set(catalogue, translations);
  }
  const sentence = translations.translator(language, 'words');
  return (key, values) =>
    values
      ? sentence(key, values)
      : (messageAt(catalogue[language], key) ?? messageAt(catalogue[DEFAULT_LANGUAGE], key) ?? key);
}
