/**
 * A module is checked when it is registered (as boardgame.io's ProcessGameConfig checks a game): a mistake that
 * Discord would refuse when the commands are deployed, or that would make two commands collide, stops the bot at
 * start with a sentence naming the module and the mistake, instead of surfacing in a channel.
 */
import { catalogueProblems, LANGUAGES, messageAt, type Language } from '../i18n/index';
import { commandWords, requiredCommandKeys, type CommandWords, type OptionWords } from './command-words';
import type { AnyGameModule, OptionSpec } from './contract';
import { TURN_LIMIT } from './kit/turn-limit';
import { PLATFORM_START_OPTIONS, startOptionSpecs } from './options';
import { PLATFORM_SUBCOMMANDS } from './platform-subcommands';

export { PLATFORM_SUBCOMMANDS, type PlatformSubcommand } from './platform-subcommands';

/** Discord's limits on a command (application command structure). */
const DISCORD = {
  subcommands: 25,
  options: 25,
  choices: 25,
  description: 100,
  choiceName: 100,
  choiceValue: 100,
  textLength: 6000,
} as const;
/** Discord's rule for command and option names, as it applies to chat commands: lower case, 1–32 characters. */
const NAME = /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u;
/** A game's key: the command's name and the custom ids' prefix. */
const KEY = /^[a-z]{2,24}$/;

function checkDescription(description: string, at: string, problems: string[]): void {
  if (description.length < 1 || description.length > DISCORD.description)
    problems.push(`${at}: a description has 1–${DISCORD.description} characters`);
}

function checkOption(spec: OptionSpec, where: string, problems: string[]): void {
  const at = `${where} option "${spec.name}"`;
  if (!NAME.test(spec.name)) problems.push(`${at}: a name is 1–32 lower-case letters, digits, - or _`);
  checkDescription(spec.description, at, problems);
  if (spec.type === 'integer') {
    const step = spec.step ?? 1;
    if (spec.min > spec.max) problems.push(`${at}: min ${spec.min} is above max ${spec.max}`);
    if (spec.default !== null && (spec.default < spec.min || spec.default > spec.max))
      problems.push(`${at}: the default ${spec.default} is outside ${spec.min}–${spec.max}`);
    if (!Number.isInteger(step) || step < 1) problems.push(`${at}: the step is a whole number above 0`);
    else if (spec.default !== null && spec.default % step !== 0)
      problems.push(`${at}: the default ${spec.default} is not a multiple of the step ${step}`);
  }
  if (spec.type === 'string') {
    if (spec.choices.length < 1 || spec.choices.length > DISCORD.choices)
      problems.push(`${at}: 1–${DISCORD.choices} choices`);
    if (spec.choices.some((choice) => choice.label.length < 1 || choice.label.length > DISCORD.choiceName))
      problems.push(`${at}: a choice's label has 1–${DISCORD.choiceName} characters`);
    if (spec.choices.some((choice) => choice.value.length < 1 || choice.value.length > DISCORD.choiceValue))
      problems.push(`${at}: a choice's value has 1–${DISCORD.choiceValue} characters`);
    if (new Set(spec.choices.map((choice) => choice.value)).size !== spec.choices.length)
      problems.push(`${at}: two choices have the same value`);
    if (spec.default !== null && !spec.choices.some((choice) => choice.value === spec.default))
      problems.push(`${at}: the default "${spec.default}" is not one of the choices`);
  }
  if (spec.type === 'text' && !(spec.maxLength >= 1 && spec.maxLength <= DISCORD.textLength))
    problems.push(`${at}: a text's maximum length is 1–${DISCORD.textLength}`);
}

function checkOptionList(specs: readonly OptionSpec[], where: string, problems: string[]): void {
  if (specs.length > DISCORD.options) problems.push(`${where}: at most ${DISCORD.options} options`);
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) problems.push(`${where}: two options are named "${spec.name}"`);
    seen.add(spec.name);
    checkOption(spec, where, problems);
  }
}

/** The seat range, the computer levels, the turn limit and where the game's options stand on /start. */
function checkPlatformParts(module: AnyGameModule, problems: string[]): void {
  const { seats, computer, turnLimit } = module;
  if (!(1 <= seats.min && seats.min <= seats.default && seats.default <= seats.max))
    problems.push(`seats: want 1 ≤ min ≤ default ≤ max, got ${seats.min}, ${seats.default}, ${seats.max}`);
  if (computer.levels.length === 0 || !computer.levels.includes(computer.defaultLevel))
    problems.push(`computer: the default level "${computer.defaultLevel}" is not one of its levels`);
  if (turnLimit) {
    const min = turnLimit.min ?? TURN_LIMIT.min;
    const max = turnLimit.max ?? TURN_LIMIT.max;
    if (!(Number.isInteger(min) && Number.isInteger(max) && 1 <= min && min <= max))
      problems.push(`turnLimit: want whole numbers 1 ≤ min ≤ max, got ${min}, ${max}`);
  }
  const before = module.optionsBeforeSeats ?? 0;
  if (!Number.isInteger(before) || before < 0 || before > module.options.length)
    problems.push(`optionsBeforeSeats: ${before} is not 0 to the ${module.options.length} start options`);
}

/** The names of one level must differ (Discord compares them in every locale). */
function checkUnique(names: readonly string[], what: string, where: string, problems: string[]): void {
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  for (const name of new Set(twice)) problems.push(`${where}: two ${what} are named "${name}"`);
}

function checkLocalizedOption(words: OptionWords, where: string, problems: string[]): void {
  if (!NAME.test(words.name))
    problems.push(`${where}: the name "${words.name}" is not 1–32 lower-case letters, digits, - or _`);
  checkDescription(words.description, where, problems);
  if (Object.values(words.choices).some((name) => name.length < 1 || name.length > DISCORD.choiceName))
    problems.push(`${where}: a choice's name has 1–${DISCORD.choiceName} characters`);
}

/** The command's names and descriptions in one language, as Discord checks them. */
function checkLocalizedCommand(words: CommandWords, language: Language, problems: string[]): void {
  const where = `catalogue ${language}: /${words.name}`;
  checkLocalizedOption({ ...words, choices: {} }, where, problems);
  const subcommands = Object.entries(words.subcommands);
  checkUnique(
    subcommands.map(([, sub]) => sub.name),
    'subcommands',
    where,
    problems,
  );
  for (const [name, sub] of subcommands) {
    checkLocalizedOption({ ...sub, choices: {} }, `${where} ${name}`, problems);
    const options = Object.entries(sub.options);
    checkUnique(
      options.map(([, option]) => option.name),
      'options',
      `${where} ${name}`,
      problems,
    );
    for (const [option, own] of options)
      checkLocalizedOption(own, `${where} ${name} option "${option}"`, problems);
  }
}

/**
 * The mistakes of the module's catalogue (GameModule.catalogue): a key missing in a language or not in English,
 * changed placeholders, and, once every word is there, localised names and descriptions Discord would refuse.
 */
function catalogueMistakes(module: AnyGameModule): string[] {
  const catalogue = module.catalogue;
  if (!catalogue) return [];
  const problems = catalogueProblems('catalogue', catalogue);
  const required = requiredCommandKeys(module);
  for (const language of LANGUAGES)
    for (const key of required)
      if (messageAt(catalogue[language], key) === undefined)
        problems.push(`catalogue ${language}: missing ${key}`);
  if (problems.length > 0) return problems;
  for (const language of LANGUAGES)
    checkLocalizedCommand(commandWords(module, language)!, language, problems);
  return problems;
}

/** Every mistake of `module`, each a short sentence; empty when it may be registered. */
export function moduleProblems(module: AnyGameModule): string[] {
  const problems: string[] = [];
  if (!KEY.test(module.key)) problems.push(`key: a game key is 2–24 lowercase letters, not "${module.key}"`);
  checkDescription(`Play ${module.title} in this channel`, `/${module.key} (from the title)`, problems);
  checkPlatformParts(module, problems);

  const platform: readonly string[] = PLATFORM_START_OPTIONS;
  for (const spec of module.options)
    if (platform.includes(spec.name))
      problems.push(`start option "${spec.name}" is one of the platform's own start options`);
  checkOptionList(startOptionSpecs(module), 'start', problems);

  const subcommands = [...module.commands, ...(module.tools ?? [])];
  const reserved: readonly string[] = PLATFORM_SUBCOMMANDS;
  const names = new Set<string>();
  for (const sub of subcommands) {
    const where = `/${module.key} ${sub.name}`;
    if (!NAME.test(sub.name)) problems.push(`${where}: a name is 1–32 lower-case letters, digits, - or _`);
    if (reserved.includes(sub.name)) problems.push(`${where}: the platform has a subcommand of that name`);
    if (names.has(sub.name)) problems.push(`${where}: two commands have that name`);
    names.add(sub.name);
    checkDescription(sub.description, where, problems);
    checkOptionList(sub.options, where, problems);
  }
  const total = subcommands.length + PLATFORM_SUBCOMMANDS.length;
  if (total > DISCORD.subcommands)
    problems.push(
      `/${module.key}: ${total} subcommands with the platform's, Discord allows ${DISCORD.subcommands}`,
    );
  problems.push(...catalogueMistakes(module));
  return [...new Set(problems)];
}

/** The mistakes of a set of modules together: two games of one key, or of one command name in a language. */
export function registryProblems(modules: readonly AnyGameModule[]): string[] {
  const keys = modules.map((module) => module.key);
  const twice = keys.filter((key, index) => keys.indexOf(key) !== index);
  const problems = [...new Set(twice)].map((key) => `two games have the key "${key}"`);
  for (const language of LANGUAGES) {
    // A game without words in a language shows its key there.
    const names = modules.map((module) => commandWords(module, language)?.name ?? module.key);
    const same = names.filter((name, index) => names.indexOf(name) !== index && !twice.includes(name));
    for (const name of new Set(same)) problems.push(`two games’ commands are named "${name}" in ${language}`);
  }
  return problems;
}
