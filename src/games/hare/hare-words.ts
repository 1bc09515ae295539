/**
 * Hare & Tortoise's words in one language (its catalogue, src/games/hare/locales/): sentences, counted nouns
 * ("1 carrot", "1.065 Karotten") and places ("2nd", "2.", "2e", "2.º"), the same in texts and images.
 */
import { DEFAULT_LANGUAGE, type Language, type Translate } from '../../i18n/index';
import { catalogueWords } from '../kit/catalogue-words';
import { hareCatalogue } from './locales/index';

export interface HareWords {
  language: Language;
  t: Translate;
  /** "65 carrots", "1 carrot". */
  carrots(count: number): string;
  lettuces(count: number): string;
  turns(count: number): string;
  /** A place or race position: "1st", "1.", "1er" ("1re" when `feminine`), "1.º" ("1.ª"). */
  ordinal(n: number, feminine?: boolean): string;
}

function englishOrdinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function ordinalIn(language: Language, n: number, feminine: boolean): string {
  switch (language) {
    case 'de':
      return `${n}.`;
    case 'fr':
      return n === 1 ? (feminine ? '1re' : '1er') : `${n}e`;
    case 'es':
      return `${n}.${feminine ? 'ª' : 'º'}`;
    default:
      return englishOrdinal(n);
  }
}

const cache = new Map<Language, HareWords>();

export function hareWords(language: Language = DEFAULT_LANGUAGE): HareWords {
  let words = cache.get(language);
  if (!words) {
    const t = catalogueWords(hareCatalogue, language);
    words = {
      language,
      t,
      carrots: (count) => t('count.carrots', { count }),
      lettuces: (count) => t('count.lettuces', { count }),
      turns: (count) => t('count.turns', { count }),
      ordinal: (n, feminine = false) => ordinalIn(language, n, feminine),
    };
    cache.set(language, words);
  }
  return words;
}
