/**
 * Discord's name and description localizations of a game's command, from its words in each language
 * (src/games/command-words.ts): every Discord locale a language serves (DISCORD_LOCALES: es-ES and es-419 read
 * the Spanish, en-US and en-GB the English) gets that language's words. A game without a catalogue gets none:
 * its command is English only.
 */
import type { LocalizationMap } from 'discord.js';
import { commandWords, type AnyGameModule, type CommandWords, type Words } from '../games/index';
import { DISCORD_LOCALES, LANGUAGES } from '../i18n/index';

/** Where a part of the command stands: the command itself, a subcommand, or one of its options. */
export interface CommandPart {
  subcommand?: string;
  option?: string;
}

interface Localizable {
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

  private words(words: CommandWords, part: CommandPart): Words | undefined {
    const sub = part.subcommand === undefined ? undefined : words.subcommands[part.subcommand];
    if (part.subcommand === undefined) return words;
    return part.option === undefined ? sub : sub?.options[part.option];
  }

  /** Sets the localised names and descriptions of `builder`, the command's `part`; returns the builder. */
  localize<Builder extends Localizable>(builder: Builder, part: CommandPart = {}): Builder {
    const name = this.map((words) => this.words(words, part)?.name);
    const description = this.map((words) => this.words(words, part)?.description);
    if (name) builder.setNameLocalizations(name);
    if (description) builder.setDescriptionLocalizations(description);
    return builder;
  }

  /** A choice's localised names, to spread into the choice (nothing when there are none). */
  choice(part: CommandPart, value: string): { name_localizations?: LocalizationMap } {
    const names = this.map((words) => {
      const sub = part.subcommand === undefined ? undefined : words.subcommands[part.subcommand];
      return part.option === undefined ? undefined : sub?.options[part.option]?.choices[value];
    });
    return names ? { name_localizations: names } : {};
  }
}
