/** A game's own words for a private reply in the reader's language: its title, seat noun and computer levels. */
import type { AnyGameModule } from '../games/contract';
import { catalogueWords, type Language } from '../i18n/index';

/** The game's catalogue word at `key` in `language`, or null (no catalogue, or English). */
function gameWord(module: AnyGameModule, key: string, language: Language): string | null {
  if (language === 'en' || !module.catalogue) return null;
  const word = catalogueWords(module.catalogue, language)(key);
  return word === key ? null : word;
}

/** "Hase und Igel": the game's title in `language`. */
export function titleIn(module: AnyGameModule, language: Language): string {
  return gameWord(module, 'title', language) ?? module.title;
}

/** What a seat is called in `language` ("runner", "Läufer"), or undefined when the game has no word. */
export function seatNounIn(module: AnyGameModule, language: Language): string | undefined {
  return gameWord(module, 'seatNoun', language) ?? module.texts.seatNoun;
}

/** A computer level's name in `language`, else as it is. */
export function levelNameIn(module: AnyGameModule, level: string, language: Language): string {
  return gameWord(module, `command.computerLevels.${level}`, language) ?? level;
}
