/** Candy Land's words in one language: cards, spaces, shortcuts and numbers as players read them. */
import type { Language, Translate } from '../../i18n/index';
import { catalogueWords } from '../kit/catalogue-words';
import type { Card } from './rules/cards';
import { CASTLE, SHORTCUTS } from './rules/track';
import { candylandCatalogue } from './locales/index';

export type { Translate };

export function words(language?: Language): Translate {
  return catalogueWords(candylandCatalogue, language);
}

export function seatName(t: Translate, names: readonly string[], seat: number): string {
  return names[seat] ?? t('player', { number: seat + 1 });
}

/** "red", "double red", "ice cream". */
export function cardName(t: Translate, card: Card): string {
  if ('picture' in card) return t(`picture.${card.picture}`);
  const color = t(`color.${card.color}`);
  return card.count === 2 ? t('double', { color }) : color;
}

/** A shortcut's name, from its English name in the event ("Rainbow Trail"). */
export function shortcutName(t: Translate, english: string): string {
  const index = SHORTCUTS.findIndex((shortcut) => shortcut.name === english);
  return index < 0 ? english : t(index === 0 ? 'shortcutName.rainbow' : 'shortcutName.gumdrop');
}

/** Where a pawn is in the status: "the start", "the Candy Castle", or the space's number. */
export function spaceName(t: Translate, space: number): string {
  if (space === 0) return t('space.start');
  return space === CASTLE ? t('space.castle') : String(space);
}

/**
 * A number with `digits` decimals in the language's way (English as `toFixed` writes it: "1234.5"); whole
 * numbers are written in full as JavaScript writes them when no digits are asked for.
 */
export function decimal(value: number, language: Language | undefined, digits: number): string {
  if (!language || language === 'en') return value.toFixed(digits);
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A number as JavaScript writes it in English ("33.5"), in the language's way otherwise ("33,5"). */
export function plainNumber(value: number, language: Language | undefined): string {
  return !language || language === 'en' ? String(value) : value.toLocaleString(language);
}
