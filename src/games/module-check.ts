/**
 * A module is checked when it is registered (as boardgame.io's ProcessGameConfig checks a game): a mistake that
 * Discord would refuse when the commands are deployed, or that would make two commands collide, stops the bot at
 * start with a sentence naming the module and the mistake, instead of surfacing in a channel.
 */
import type { AnyGameModule, OptionSpec } from './contract';

/** The platform's own subcommands of every game's command: a game's play command or tool may not take these. */
export const PLATFORM_SUBCOMMANDS = [
  'start',
  'status',
  'hand',
  'log',
  'rules',
  'leave',
  'end',
  'stats',
  'leaderboard',
  'history',
  'verify',
] as const;

/** The platform's start options around the game's own. */
export const PLATFORM_START_OPTIONS = ['seats', 'computer-level', 'speed', 'turn-limit'] as const;

/** Discord's limits on a command (application command structure). */
const DISCORD = { subcommands: 25, options: 25, choices: 25, description: 100, choiceName: 100 } as const;
/** Discord's rule for command and option names, as it applies to chat commands: lower case, 1–32 characters. */
const NAME = /^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u;

function checkOption(spec: OptionSpec, where: string, problems: string[]): void {
  const at = `${where} option "${spec.name}"`;
  if (!NAME.test(spec.name)) problems.push(`${at}: a name is 1–32 lower-case letters, digits, - or _`);
  if (spec.description.length < 1 || spec.description.length > DISCORD.description)
    problems.push(`${at}: a description has 1–${DISCORD.description} characters`);
  if (spec.type === 'integer') {
    if (spec.min > spec.max) problems.push(`${at}: min ${spec.min} is above max ${spec.max}`);
    if (spec.default !== null && (spec.default < spec.min || spec.default > spec.max))
      problems.push(`${at}: the default ${spec.default} is outside ${spec.min}–${spec.max}`);
  }
  if (spec.type === 'string') {
    if (spec.choices.length < 1 || spec.choices.length > DISCORD.choices)
      problems.push(`${at}: 1–${DISCORD.choices} choices`);
    if (spec.choices.some((choice) => choice.label.length > DISCORD.choiceName))
      problems.push(`${at}: a choice's label has at most ${DISCORD.choiceName} characters`);
    if (spec.default !== null && !spec.choices.some((choice) => choice.value === spec.default))
      problems.push(`${at}: the default "${spec.default}" is not one of the choices`);
  }
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

/** Every mistake of `module`, each a short sentence; empty when it may be registered. */
export function moduleProblems(module: AnyGameModule): string[] {
  const problems: string[] = [];
  const { seats, computer } = module;
  if (!(1 <= seats.min && seats.min <= seats.default && seats.default <= seats.max))
    problems.push(`seats: want 1 ≤ min ≤ default ≤ max, got ${seats.min}, ${seats.default}, ${seats.max}`);
  if (computer.levels.length === 0 || !computer.levels.includes(computer.defaultLevel))
    problems.push(`computer: the default level "${computer.defaultLevel}" is not one of its levels`);
  if (module.turnLimit && module.turnLimit.min > module.turnLimit.max)
    problems.push(`turnLimit: min ${module.turnLimit.min} is above max ${module.turnLimit.max}`);

  const platform: readonly string[] = PLATFORM_START_OPTIONS;
  for (const spec of module.options)
    if (platform.includes(spec.name))
      problems.push(`start option "${spec.name}" is one of the platform's own start options`);
  checkOptionList(module.options, 'start', problems);

  const subcommands = [...module.commands, ...(module.tools ?? [])];
  const reserved: readonly string[] = PLATFORM_SUBCOMMANDS;
  const names = new Set<string>();
  for (const sub of subcommands) {
    const where = `/${module.key} ${sub.name}`;
    if (!NAME.test(sub.name)) problems.push(`${where}: a name is 1–32 lower-case letters, digits, - or _`);
    if (reserved.includes(sub.name)) problems.push(`${where}: the platform has a subcommand of that name`);
    if (names.has(sub.name)) problems.push(`${where}: two commands have that name`);
    names.add(sub.name);
    checkOptionList(sub.options, where, problems);
  }
  const total = subcommands.length + PLATFORM_SUBCOMMANDS.length;
  if (total > DISCORD.subcommands)
    problems.push(
      `/${module.key}: ${total} subcommands with the platform's, Discord allows ${DISCORD.subcommands}`,
    );
  return problems;
}
