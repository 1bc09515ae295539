import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type LocalizationMap,
} from 'discord.js';

/**
 * The registered commands as runnable paths (`/hare start` is the path ['hare', 'start']) with their options, as
 * a reader in one Discord locale sees them: Discord's client shows each name, description and choice in the
 * reader's locale when the command gives one (`/hase starten` for a German reader), while the interaction it
 * sends names the command, its subcommand and options by their own names.
 */

export interface Choice {
  name: string;
  value: string | number;
}

/** What one option accepts, flattened from the many option shapes of the Discord API. */
export interface OptionSpec {
  /** The option's own name, sent with the interaction. */
  name: string;
  /** Its name as the reader sees it (the own name when there is no localisation). */
  label: string;
  description: string;
  type: ApplicationCommandOptionType;
  required: boolean;
  /** Each choice with the name the reader sees. */
  choices: Choice[];
  autocomplete: boolean;
  minValue: number | null;
  maxValue: number | null;
}

export interface CommandPath {
  /** The own names: ['hare', 'start']. */
  words: string[];
  /** As the reader sees them: ['hase', 'starten']. */
  labels: string[];
  description: string;
  options: OptionSpec[];
}

/** A registered command (as Discord returns it) or a command definition (as the bot deploys it). */
export type CommandDefinition = Pick<
  APIApplicationCommand,
  'name' | 'description' | 'options' | 'name_localizations' | 'description_localizations'
> & {
  type?: ApplicationCommandType;
};

/** A Discord locale (`de`, `es-ES`), or null for the commands' own words. */
export type Locale = string | null;

function localized(own: string, map: LocalizationMap | null | undefined, locale: Locale): string {
  return (locale ? map?.[locale as keyof LocalizationMap] : undefined) ?? own;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

export function optionSpec(option: APIApplicationCommandOption, locale: Locale = null): OptionSpec {
  const choices: (Choice & { name_localizations?: LocalizationMap | null })[] =
    'choices' in option && Array.isArray(option.choices) ? option.choices : [];
  return {
    name: option.name,
    label: localized(option.name, option.name_localizations, locale),
    description: localized(option.description, option.description_localizations, locale),
    type: option.type,
    required: 'required' in option && option.required === true,
    choices: choices.map((choice) => ({
      name: localized(choice.name, choice.name_localizations, locale),
      value: choice.value,
    })),
    autocomplete: 'autocomplete' in option && option.autocomplete === true,
    minValue: numberOrNull('min_value' in option ? option.min_value : undefined),
    maxValue: numberOrNull('max_value' in option ? option.max_value : undefined),
  };
}

function childOptions(option: APIApplicationCommandOption): APIApplicationCommandOption[] {
  return 'options' in option && Array.isArray(option.options)
    ? (option.options as APIApplicationCommandOption[])
    : [];
}

function pathsBelow(
  at: Pick<CommandPath, 'words' | 'labels' | 'description'>,
  options: APIApplicationCommandOption[],
  locale: Locale,
): CommandPath[] {
  const nested = options.filter(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (nested.length === 0) return [{ ...at, options: options.map((o) => optionSpec(o, locale)) }];
  return nested.flatMap((o) =>
    pathsBelow(
      {
        words: [...at.words, o.name],
        labels: [...at.labels, localized(o.name, o.name_localizations, locale)],
        description: localized(o.description, o.description_localizations, locale),
      },
      childOptions(o),
      locale,
    ),
  );
}

/** Every runnable path of the chat-input commands, in declaration order, as a reader in `locale` sees it. */
export function commandPaths(commands: readonly CommandDefinition[], locale: Locale = null): CommandPath[] {
  return commands
    .filter((c) => (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput)
    .flatMap((c) =>
      pathsBelow(
        {
          words: [c.name],
          labels: [localized(c.name, c.name_localizations, locale)],
          description: localized(c.description, c.description_localizations, locale),
        },
        c.options ?? [],
        locale,
      ),
    );
}

/** Each path's words as a reader in `locale` sees them, by its own words: { 'hare start': 'hase starten' }. */
export function commandNames(commands: readonly CommandDefinition[], locale: Locale): Record<string, string> {
  return Object.fromEntries(
    commandPaths(commands, locale).map((p) => [p.words.join(' '), p.labels.join(' ')]),
  );
}
