/**
 * The platform's words for what every game shares, defined once so that every path (service refusals, slash
 * commands, autocomplete, the summary) says the same thing the same way.
 */
import { catalogueWords, DEFAULT_LANGUAGE, PLATFORM_CATALOGUE, type Language } from '../i18n/index';

/** A user without a seat in the game acts, asks for their hand, or leaves. */
export const NOT_SEATED = 'you are not playing in this game';

/** A seated player acts out of turn. */
export function notYourTurn(toPlay: string): string {
  return `it is not your turn: ${toPlay} is to play`;
}

/** A game stopped with `/<game> end` before its end by someone not playing: it counts for nobody. */
export function stoppedBy(name: string, language: Language = DEFAULT_LANGUAGE): string {
  return catalogueWords(PLATFORM_CATALOGUE, language)('summary.stoppedBy', { name });
}

/** A game stopped with `/<game> end` by a player: their forfeit (src/service/forfeit.ts). */
export function forfeitedBy(name: string, language: Language = DEFAULT_LANGUAGE): string {
  return catalogueWords(PLATFORM_CATALOGUE, language)('summary.forfeitedBy', { name });
}

/** What a game stopped with `/<game> end` says of its end: `name`'s forfeit, or a stop that counts for nobody. */
export function endedLine(forfeit: boolean, name: string, language: Language = DEFAULT_LANGUAGE): string {
  return forfeit ? forfeitedBy(name, language) : stoppedBy(name, language);
}

/**
 * `text` as one sentence: trimmed, capitalised, ending with exactly one full stop (or its own ! ? …), so that
 * texts joined from parts never show "..".
 */
export function sentence(text: string): string {
  const trimmed = text.trim().replace(/[\s.:;,]+$/, '');
  const capitalised = `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}`;
  return /[!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
