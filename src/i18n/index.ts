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
import type { Catalogue } from './catalogue';

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
