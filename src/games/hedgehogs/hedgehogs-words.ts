/** Hedgehogs in a Hurry's words in one language, and the names of squares and columns they share. */
import type { Language, Translate } from '../../i18n/index';
import { catalogueWords } from '../kit/catalogue-words';
import { GOAL } from './rules/board';
import { hedgehogsCatalogue } from './locales/index';

export type { Translate };

export function words(language?: Language): Translate {
  return catalogueWords(hedgehogsCatalogue, language);
}

/** A seat's name, or "Player 3" when the names do not reach it. */
export function seatName(t: Translate, names: readonly string[], seat: number): string {
  return names[seat] ?? t('player', { number: seat + 1 });
}

/** "column 3", "the start", "the goal". */
export function columnName(t: Translate, col: number): string {
  if (col === 0) return t('column.start');
  return col === GOAL ? t('column.goal') : t('column.number', { col });
}

/** A square: "row 2 at the start", "row 2, column 3", "row 2 in the goal". */
export function squareName(t: Translate, row: number, col: number): string {
  if (col === 0) return t('square.start', { row });
  return col === GOAL ? t('square.goal', { row }) : t('square.other', { row, col });
}

/** "in column 3", "in the start", "in the goal": where a sidestep happens. */
export function inColumn(t: Translate, col: number): string {
  if (col === 0) return t('inColumn.start');
  return col === GOAL ? t('inColumn.goal') : t('inColumn.number', { col });
}

export function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
