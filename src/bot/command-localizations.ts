/**
 * Discord's name and description localizations of a game's command, from its words in each language
 * (src/games/command-words.ts): every Discord locale a language serves (DISCORD_LOCALES: es-ES and es-419 read
 * the Spanish, en-US and en-GB the English) gets that language's words. A game without a catalogue gets none:
 * its command is English only.
 */
import type { LocalizationMap } from 'discord.js';
import { commandWords, type AnyGameModule, type CommandWords, type Words } from '../games/index';
import { DISCORD_LOCALES, LANGUAGES } from '../i18n/index';

/** A builder of the command, a subcommand or an option. */
interface Localizable {
  readonly name: string;
  setNameLocalizations(map: LocalizationMap | null): unknown;
  setDescriptionLocalizations(map: LocalizationMap | null): unknown;
}

export class CommandLocalizations {
  private readonly languages: readonly { locales: readonly string[]; words: CommandWords }[];

  constructor(module: AnyGameModule) {
    this.languages = LANGUAGES.flatMap((language) => {
      const words = commandWords(module, language);
      return words ? [{ locales: DISCORD_LOCALES[language], words }] : [];
    });
  }

  /** Each locale's text, picked from its language's words; null when there is none. */
  private map(pick: (words: CommandWords) => string | undefined): LocalizationMap | null {
    const map: Record<string, string> = {};
    for (const { locales, words } of this.languages) {
      const text = pick(words);
      if (text !== undefined) for (const locale of locales) map[locale] = text;
    }
    return Object.keys(map).length > 0 ? (map as LocalizationMap) : null;
  }

  private localize<Builder extends Localizable>(
    builder: Builder,
    pick: (words: CommandWords) => Words | undefined,
  ): Builder {
    const name = this.map((words) => pick(words)?.name);
    const description = this.map((words) => pick(words)?.description);
    if (name) builder.setNameLocalizations(name);
    if (description) builder.setDescriptionLocalizations(description);
    return builder;
  }

  /** Sets the command's localised name and description; returns the builder. */
  command<Builder extends Localizable>(builder: Builder): Builder {
    return this.localize(builder, (words) => words);
  }

  /** Sets a subcommand's localised name and description (by its name); returns the builder. */
  subcommand<Builder extends Localizable>(builder: Builder): Builder {
    return this.localize(builder, (words) => words.subcommands[builder.name]);
  }

  /** Sets the localised name and description of an option of `subcommand`; returns the builder. */
  option<Builder extends Localizable>(subcommand: string, builder: Builder): Builder {
    return this.localize(builder, (words) => words.subcommands[subcommand]?.options[builder.name]);
  }

  /** A choice's localised names, to spread into the choice (nothing when there are none). */
  choice(subcommand: string, option: string, value: string): { name_localizations?: LocalizationMap } {
    const names = this.map((words) => words.subcommands[subcommand]?.options[option]?.choices[value]);
    return names ? { name_localizations: names } : {};
  }
}
