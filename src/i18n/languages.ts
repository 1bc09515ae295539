/**
 * The languages the bot speaks and how Discord's locales map onto them. Discord tells each user's locale
 * (`interaction.locale`) and each server's (`guildLocale`); a locale we have no catalogue for falls back to
 * English.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, for the `language` option and the sandbox's setting. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/** The Discord locales each language serves (command names and descriptions are registered for each). */
export const DISCORD_LOCALES: Readonly<Record<Language, readonly string[]>> = {
  en: ['en-US', 'en-GB'],
  de: ['de'],
  fr: ['fr'],
  es: ['es-ES', 'es-419'],
};

const LANGUAGE_OF_LOCALE = new Map<string, Language>(
  Object.entries(DISCORD_LOCALES).flatMap(([language, locales]) =>
    locales.map((locale) => [locale, language as Language] as const),
  ),
);

/** The language for a Discord locale (`de`, `es-419`, …); English for one we do not have or none. */
export function languageOfLocale(locale: string | null | undefined): Language {
  return (locale && LANGUAGE_OF_LOCALE.get(locale)) || DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
