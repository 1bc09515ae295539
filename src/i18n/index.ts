/**
 * Languages for players: the catalogue (i18next), the platform's messages and Discord's locales. Game modules
 * bring their own namespace; see docs/adding-a-game.md.
 */
import de from './platform/de.json';
import en from './platform/en.json';
import es from './platform/es.json';
import fr from './platform/fr.json';
import commandsDe from './commands/de.json';
import commandsEn from './commands/en.json';
import commandsEs from './commands/es.json';
import commandsFr from './commands/fr.json';
import messagesDe from './messages/de.json';
import messagesEn from './messages/en.json';
import messagesEs from './messages/es.json';
import messagesFr from './messages/fr.json';
import repliesDe from './replies/de.json';
import repliesEn from './replies/en.json';
import repliesEs from './replies/es.json';
import repliesFr from './replies/fr.json';
import type { Catalogue, Translate } from './catalogue';
import { catalogueWords } from './catalogue-words';
import type { Language } from './languages';

export const PLATFORM_CATALOGUE: Catalogue = { en, de, fr, es };

/**
 * The platform's words of every game's slash command (its own subcommands and start options, and the sentences
 * a game's title and seat noun fill in); each game's own words are in its catalogue (GameModule.catalogue).
 */
export const COMMANDS_CATALOGUE: Catalogue = {
  en: commandsEn,
  de: commandsDe,
  fr: commandsFr,
  es: commandsEs,
};

/** What everyone in the channel reads: lobbies, boards, turn mentions, summaries (in the game's language). */
export const MESSAGES_CATALOGUE: Catalogue = {
  en: messagesEn,
  de: messagesDe,
  fr: messagesFr,
  es: messagesEs,
};

/** What one user reads privately: refusals, confirmations, /log, history, stats (in the user's language). */
export const REPLIES_CATALOGUE: Catalogue = {
  en: repliesEn,
  de: repliesDe,
  fr: repliesFr,
  es: repliesEs,
};

/** Every platform namespace, for the catalogue checks. */
export const PLATFORM_NAMESPACES: Readonly<Record<string, Catalogue>> = {
  platform: PLATFORM_CATALOGUE,
  commands: COMMANDS_CATALOGUE,
  messages: MESSAGES_CATALOGUE,
  replies: REPLIES_CATALOGUE,
};

/** The public messages' words in `language`. */
export function messageWords(language: Language): Translate {
  return catalogueWords(MESSAGES_CATALOGUE, language);
}

/** The private replies' words in `language`. */
export function replyWords(language: Language): Translate {
  return catalogueWords(REPLIES_CATALOGUE, language);
}

export { catalogueWords } from './catalogue-words';
export {
  messageAt,
  Translations,
  type Catalogue,
  type Messages,
  type Translate,
  type TranslationValues,
} from './catalogue';
export { catalogueProblems, placeholders } from './catalogue-check';
export {
  DEFAULT_LANGUAGE,
  DISCORD_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGES,
  isLanguage,
  languageOfLocale,
  type Language,
} from './languages';
