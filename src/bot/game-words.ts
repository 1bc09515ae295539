/**
 * A game's own words in the language of its public messages: its title, seat noun, footer hint and computer
 * levels from its catalogue (GameModule.catalogue), the module's English words for English or a module without
 * one; and the language of a stored game.
 */
import type { AnyGameModule } from '../games/contract';
import { DEFAULT_LANGUAGE, messageAt, messageWords, type Language, type Translate } from '../i18n/index';
import { gameLanguage, levelWord } from '../service/index';
import type { GameInfo } from '../service/index';

/** The language of a game's public messages (English for a record without one). */
export const languageOf = gameLanguage;

/** The public messages' words in the game's language. */
export function gameMessageWords(game: Pick<GameInfo, 'options'>): Translate {
  return messageWords(languageOf(game));
}

/** A word of the module's catalogue in `language`, or undefined (English, no catalogue, or no such key). */
function catalogueWord(module: AnyGameModule, language: Language, key: string): string | undefined {
  if (language === DEFAULT_LANGUAGE || !module.catalogue) return undefined;
  return messageAt(module.catalogue[language], key);
}

export function gameTitle(module: AnyGameModule, language: Language = DEFAULT_LANGUAGE): string {
  return catalogueWord(module, language, 'title') ?? module.title;
}

/** "runner" / "runners" (English: the module's seat noun, "player" by default, and its plural with "s"). */
export function seatNoun(
  module: AnyGameModule,
  language: Language = DEFAULT_LANGUAGE,
  plural = false,
): string {
  const own = catalogueWord(module, language, plural ? 'seatNounPlural' : 'seatNoun');
  if (own !== undefined) return own;
  const noun = module.texts.seatNoun ?? 'player';
  return plural ? `${noun}s` : noun;
}

/** What a seat is called in `language` ("runner", "Läufer"), or undefined when the game has no word of its own. */
export function ownSeatNoun(
  module: AnyGameModule,
  language: Language = DEFAULT_LANGUAGE,
): string | undefined {
  return catalogueWord(module, language, 'seatNoun') ?? module.texts.seatNoun;
}

/** The live board's footer hint, or undefined for a game without one. */
export function footerHint(module: AnyGameModule, language: Language = DEFAULT_LANGUAGE): string | undefined {
  if (!module.texts.footerHint) return undefined;
  return catalogueWord(module, language, 'footerHint') ?? module.texts.footerHint;
}

/** A computer level's name ("intermediate"; "Mittel" in German when the game names its levels). */
export function levelName(
  module: AnyGameModule,
  level: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  // A game with a single level names it nowhere players meet it (Candy Land's "auto"): it is "a computer".
  if (module.computer.levels.length <= 1) return messageWords(language)('lobby.computer');
  return levelWord(module, level, language);
}
