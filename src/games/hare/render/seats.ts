import type { Language } from '../../../i18n/index';
import { hareWords } from '../hare-words';
import type { SeatDisplay } from './types';

export function seatDisplay(
  seats: readonly SeatDisplay[],
  seatIndex: number,
  language?: Language,
): SeatDisplay {
  return (
    seats[seatIndex] ?? { name: hareWords(language).t('seat', { number: seatIndex + 1 }), kind: 'human' }
  );
}

/** A computer level in words ("novice", "Anfänger"). */
function levelName(kind: string, language?: Language): string {
  return hareWords(language).t(`command.computerLevels.${kind}`);
}

export function kindLabel(display: SeatDisplay, language?: Language): string {
  const { t } = hareWords(language);
  return display.kind === 'human'
    ? t('board.human')
    : t('board.computer', { level: levelName(display.kind, language) });
}

export function rulesLabel(rules: string, language?: Language): string {
  return hareWords(language).t(rules === 'classic' ? 'board.classicRules' : 'board.standardRules');
}

/** The seat's name, with its computer level when the name does not say it already ("Intermediate 2" does). */
export function displayName(display: SeatDisplay, language?: Language): string {
  const name = display.name.toLowerCase();
  const level = levelName(display.kind, language);
  const named = name.includes(display.kind.toLowerCase()) || name.includes(level.toLowerCase());
  return display.kind !== 'human' && !named ? `${display.name} (${level})` : display.name;
}
