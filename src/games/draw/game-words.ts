/**
 * What the default board and summary say of a game, from the contract alone: the seats' names, the result,
 * the figures, texts without their Markdown, in the image's language.
 */
import type { AnyGameModule, Figure, SeatView, TextContext } from '../contract';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/index';
import { formatNumber, imageWords, unnamedSeat } from './image-words';

export function seatNames(seats: readonly SeatView[], count: number, language?: Language): string[] {
  return Array.from({ length: count }, (_, seat) => seats[seat]?.name ?? unnamedSeat(seat, language));
}

export function textContextOf(
  seats: readonly SeatView[],
  count: number,
  viewerSeat: number | null,
  language?: Language,
): TextContext {
  return {
    names: seatNames(seats, count, language),
    viewerSeat,
    ...(language && language !== DEFAULT_LANGUAGE ? { language } : {}),
  };
}

/** A line of the game's texts as an image shows it: no Markdown, no mentions. */
export function plainText(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/<@!?\d+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "1 mark", "3 marks" (the module gives the figure's words in the language; the number is formatted here). */
export function figureText(figure: Figure, language?: Language): string {
  const label = figure.value === 1 ? (figure.singular ?? figure.label) : figure.label;
  const value = typeof figure.value === 'number' ? formatNumber(figure.value, language) : figure.value;
  return imageWords(language)('images.figure', { value, label });
}

/** A finished game's result in a few words: "Ada wins", "A draw", "Shared win: Ada, Bo", "No winner". */
export function resultText(
  module: AnyGameModule,
  state: unknown,
  names: readonly string[],
  language?: Language,
): string {
  const t = imageWords(language);
  if (module.rules.endedByTurnLimit?.(state)) return t('images.turnLimit');
  const standings = module.rules.standings(state);
  const first = standings.filter((standing) => standing.place === 1).map((standing) => names[standing.seat]);
  if (first.length === 1) return t('images.wins', { name: first[0]! });
  if (first.length === standings.length) return t('images.draw');
  return t('images.sharedWin', { names: first.join(', ') });
}

/** The number of seats of a state: its standings name every seat. */
export function seatCount(module: AnyGameModule, state: unknown): number {
  return module.rules.standings(state).length;
}

/** The game's title in `language`: its catalogue's `title`, else the module's own. */
export function gameTitle(module: AnyGameModule, language?: Language): string {
  if (!language || language === DEFAULT_LANGUAGE) return module.title;
  const title = module.catalogue?.[language]?.title;
  return typeof title === 'string' ? title : module.title;
}
