/**
 * The words the shared drawing kit writes on every game's images (the default board and summary, the summary
 * sheet, the charts, how the game was won), from the platform's catalogue (`images.…`) in the image's language,
 * and numbers formatted by that language's locale.
 */
import { catalogueWords } from '../kit/catalogue-words';
import { ordinal } from '../kit/places';
import { DEFAULT_LANGUAGE, PLATFORM_CATALOGUE, type Language, type Translate } from '../../i18n/index';

/** The platform's words in `language` (English when absent). */
export function imageWords(language: Language = DEFAULT_LANGUAGE): Translate {
  return catalogueWords(PLATFORM_CATALOGUE, language);
}

/** English keeps the US grouping the images always had ("5,250"). */
const LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

const formats = new Map<Language, Intl.NumberFormat>();

/** A number as the language writes it: "5,250", "5.250", "5 250", "5250" (Spanish groups from 10.000). */
export function formatNumber(value: number, language: Language = DEFAULT_LANGUAGE): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 20 });
    formats.set(language, format);
  }
  return format.format(value);
}

/** A place: "1st", "2nd" in English; "1.", "1er", "2e", "1.º" in the others. */
export function placeText(place: number, language: Language = DEFAULT_LANGUAGE): string {
  if (language === 'en') return ordinal(place);
  const t = imageWords(language);
  return place === 1 ? t('images.firstPlace') : t('images.place', { place });
}

/** What the images call a seat without a name: "Player 3". */
export function unnamedSeat(seat: number, language: Language = DEFAULT_LANGUAGE): string {
  return imageWords(language)('images.seat', { number: seat + 1 });
}
