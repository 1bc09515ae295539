import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from 'discord.js';
import { z } from 'zod';
import type { FakeDiscord } from '../fakediscord/index';
import { DISCORD_LOCALES, LANGUAGE_NAMES, LANGUAGES, languageOfLocale, type Language } from '../i18n/index';
import type { Logger } from '../logger';
import type { SandboxWorld } from './world';

/**
 * The sandbox's language settings: each local player's Discord locale (sent with their interactions, so their
 * private replies and `/… rules` come in that language) and the server's (`guild_locale`, so a lobby opened
 * there speaks it). The fake Discord's users and guild hold the locales; this keeps them across restarts in a
 * small JSON file.
 */

/** Who a setting is for: a local player's id, or the server. */
export type LanguageTarget = { userId: string } | { server: true };

export interface LanguageSettingsView {
  server: Language;
  users: Record<string, Language>;
  /** The languages to pick from, in the page's order, each in its own name. */
  choices: { code: Language; name: string }[];
}

const fileSchema = z.object({
  version: z.literal(1),
  server: z.enum(LANGUAGES),
  users: z.record(z.string(), z.enum(LANGUAGES)),
});

/** The Discord locale the sandbox sends for a language (Discord's first locale of it: `en-US`, `de`, `es-ES`). */
export function localeOfLanguage(language: Language): Locale {
  return DISCORD_LOCALES[language][0] as Locale;
}

export class SandboxLanguages {
  constructor(
    private readonly fake: FakeDiscord,
    private readonly world: SandboxWorld,
    private readonly file: string | null,
    private readonly logger: Logger,
  ) {}

  /** Puts back the settings saved by an earlier run (none: everyone in English). */
  restore(): void {
    if (!this.file || !fs.existsSync(this.file)) return;
    try {
      const saved = fileSchema.parse(JSON.parse(fs.readFileSync(this.file, 'utf8')));
      this.apply({ server: true }, saved.server);
      for (const [userId, language] of Object.entries(saved.users)) {
        if (this.world.users.some((u) => u.id === userId)) this.apply({ userId }, language);
      }
    } catch (error) {
      this.logger.warn(`sandbox: ignoring unreadable language settings ${this.file}`, error);
    }
  }

  view(): LanguageSettingsView {
    const users: Record<string, Language> = {};
    for (const user of this.world.users)
      users[user.id] = languageOfLocale(this.fake.state.user(user.id).locale);
    return {
      server: languageOfLocale(this.fake.state.guild(this.world.guildId).locale),
      users,
      choices: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    };
  }

  /** Changes one setting (the user must be a local player) and saves them all. */
  set(target: LanguageTarget, language: Language): void {
    if ('userId' in target && !this.world.users.some((u) => u.id === target.userId)) {
      throw new Error(`not a sandbox player: ${target.userId}`);
    }
    this.apply(target, language);
    this.save();
  }

  private apply(target: LanguageTarget, language: Language): void {
    const locale = localeOfLanguage(language);
    if ('userId' in target) this.fake.state.user(target.userId).locale = locale;
    else this.fake.state.guild(this.world.guildId).locale = locale;
  }

  private save(): void {
    if (!this.file) return;
    const { server, users } = this.view();
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, `${JSON.stringify({ version: 1, server, users }, null, 2)}\n`);
    } catch (error) {
      this.logger.warn(`sandbox: could not save the language settings to ${this.file}`, error);
    }
  }
}

/** The settings file beside the history file (`./data/sandbox-languages.json`), or none without one. */
export function languagesFileFor(historyFile: string | null | undefined): string | null {
  return historyFile ? path.join(path.dirname(historyFile), 'sandbox-languages.json') : null;
}
