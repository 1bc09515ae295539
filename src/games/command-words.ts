/**
 * A game's slash command in one language: the localised name and description of the command, of each
 * subcommand and option, and the name of each choice, keyed by their English names (and choices by value). The
 * platform's words (its subcommands and start options, and the sentences a game's title and seat noun fill in)
 * come from the `commands` namespace (src/i18n/commands/), the game's own from its catalogue
 * (GameModule.catalogue). The bot registers them as Discord's name and description localizations.
 */
import {
  COMMANDS_CATALOGUE,
  type Catalogue,
  type Language,
  type Messages,
  type Translate,
  type TranslationValues,
} from '../i18n/index';
import type { AnyGameModule, OptionSpec } from './contract';
import { catalogueWords } from './kit/catalogue-words';
import { DEFAULT_SPEED, PLATFORM_START_OPTIONS, startOptionSpecs } from './options';
import { PLATFORM_SUBCOMMANDS } from './platform-subcommands';

export interface Words {
  name: string;
  description: string;
}

export interface OptionWords extends Words {
  /** Each choice's name, by its value. */
  choices: Readonly<Record<string, string>>;
}

export interface SubcommandWords extends Words {
  /** By the option's (English) name. */
  options: Readonly<Record<string, OptionWords>>;
}

export interface CommandWords extends Words {
  /** By the subcommand's (English) name. */
  subcommands: Readonly<Record<string, SubcommandWords>>;
}

/** The keys of an option's words under `base`: its name, description and each choice's name. */
function optionKeys(
  base: string,
  spec: OptionSpec,
): { name: string; description: string; choices: string[] } {
  const choices =
    spec.type === 'string' ? spec.choices.map((choice) => `${base}.choices.${choice.value}`) : [];
  return { name: `${base}.name`, description: `${base}.description`, choices };
}

function playSubcommands(module: AnyGameModule) {
  return [...module.commands, ...(module.tools ?? [])];
}

/** Every key a game's catalogue must hold in every language for the game's command. */
export function requiredCommandKeys(module: AnyGameModule): string[] {
  const keys = ['title', 'seatNoun', 'seatNounPlural', 'command.name'];
  const addOption = (base: string, spec: OptionSpec) => {
    const own = optionKeys(base, spec);
    keys.push(own.name, own.description, ...own.choices);
  };
  for (const spec of module.options) addOption(`command.startOptions.${spec.name}`, spec);
  for (const sub of playSubcommands(module)) {
    const base = `command.subcommands.${sub.name}`;
    keys.push(`${base}.name`, `${base}.description`);
    for (const spec of sub.options) addOption(`${base}.options.${spec.name}`, spec);
  }
  // The computer level is a start option only when there is a choice.
  if (module.computer.levels.length > 1)
    for (const level of module.computer.levels) keys.push(`command.computerLevels.${level}`);
  return keys;
}

function optionWords(t: Translate, base: string, spec: OptionSpec, values?: TranslationValues): OptionWords {
  const keys = optionKeys(base, spec);
  const choices =
    spec.type === 'string'
      ? Object.fromEntries(spec.choices.map((choice, i) => [choice.value, t(keys.choices[i]!)]))
      : {};
  return { name: t(keys.name), description: t(keys.description, values), choices };
}

/**
 * The start options' words, in /start's order: the platform's from its catalogue (`startOptions.<option>`, the
 * game's seat noun and defaults filled in; the computer levels named by the game), the game's from its own.
 */
function startOptionWords(
  module: AnyGameModule,
  platform: Translate,
  game: Translate,
): Record<string, OptionWords> {
  const levels = Object.fromEntries(
    module.computer.levels.map((level) => [level, game(`command.computerLevels.${level}`)]),
  );
  const values: Record<string, TranslationValues> = {
    seats: {
      seatNounPlural: game('seatNounPlural'),
      min: module.seats.min,
      max: module.seats.max,
      defaultSeats: module.seats.default,
    },
    'computer-level': { level: levels[module.computer.defaultLevel] ?? module.computer.defaultLevel },
    speed: { speed: platform(`startOptions.speed.choices.${DEFAULT_SPEED}`) },
  };
  const platformOptions: readonly string[] = PLATFORM_START_OPTIONS;
  return Object.fromEntries(
    startOptionSpecs(module).map((spec) => {
      if (!platformOptions.includes(spec.name))
        return [spec.name, optionWords(game, `command.startOptions.${spec.name}`, spec)];
      const words = optionWords(platform, `startOptions.${spec.name}`, spec, values[spec.name]);
      return [spec.name, spec.name === 'computer-level' ? { ...words, choices: levels } : words];
    }),
  );
}

/** A platform subcommand's options' words (e.g. /stats user), as the English catalogue lists them. */
function platformSubcommandOptions(platform: Translate, name: string): Record<string, OptionWords> {
  const english = (COMMANDS_CATALOGUE.en['subcommands'] as Messages)[name] as Messages;
  const options = (english['options'] ?? {}) as Messages;
  return Object.fromEntries(
    Object.keys(options).map((option) => {
      const base = `subcommands.${name}.options.${option}`;
      const values = Object.keys(((options[option] as Messages)['choices'] ?? {}) as Messages);
      const choices = Object.fromEntries(
        values.map((value) => [value, platform(`${base}.choices.${value}`)]),
      );
      return [
        option,
        { name: platform(`${base}.name`), description: platform(`${base}.description`), choices },
      ];
    }),
  );
}

/**
 * The words of the game's command in `language`, or null for a game without a catalogue (registered in English
 * only). The catalogue must hold every key of requiredCommandKeys (the registration check sees to it).
 */
export function commandWords(module: AnyGameModule, language: Language): CommandWords | null {
  if (!module.catalogue) return null;
  const known = wordsByModule.get(module) ?? new Map<Language, CommandWords>();
  wordsByModule.set(module, known);
  const words = known.get(language) ?? wordsIn(module, module.catalogue, language);
  known.set(language, words);
  return words;
}

/** The words already gathered (the registration check and the command builder ask for each). */
const wordsByModule = new WeakMap<AnyGameModule, Map<Language, CommandWords>>();

function wordsIn(module: AnyGameModule, catalogue: Catalogue, language: Language): CommandWords {
  const platform = catalogueWords(COMMANDS_CATALOGUE, language);
  const game = catalogueWords(catalogue, language);
  const subcommands: Record<string, SubcommandWords> = {};
  for (const name of PLATFORM_SUBCOMMANDS) {
    const base = `subcommands.${name}`;
    subcommands[name] = {
      name: platform(`${base}.name`),
      description: platform(`${base}.description`, { seatNoun: game('seatNoun') }),
      options:
        name === 'start'
          ? startOptionWords(module, platform, game)
          : platformSubcommandOptions(platform, name),
    };
  }
  for (const sub of playSubcommands(module)) {
    const base = `command.subcommands.${sub.name}`;
    subcommands[sub.name] = {
      name: game(`${base}.name`),
      description: game(`${base}.description`),
      options: Object.fromEntries(
        sub.options.map((spec) => [spec.name, optionWords(game, `${base}.options.${spec.name}`, spec)]),
      ),
    };
  }
  return {
    name: game('command.name'),
    description: platform('game.description', { title: game('title') }),
    subcommands,
  };
}

/**
 * "/hase ziehen": a command as a reader of `language` finds it in Discord (the localised names; the English ones
 * for a game without a catalogue). Every text that names a command names it so.
 */
export function slashCommand(module: AnyGameModule, language: Language, subcommand?: string): string {
  const words = commandWords(module, language);
  const command = words?.name ?? module.key;
  if (subcommand === undefined) return `/${command}`;
  return `/${command} ${words?.subcommands[subcommand]?.name ?? subcommand}`;
}
