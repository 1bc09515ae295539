/**
 * The start options' one spec each (the platform's seats, computer level, speed and turn limit, and the game's
 * own): the command builder lists them, the lobby checks values against them, and `engineOptions` turns them
 * into `create`'s options for the lobby and for every replay alike. A forged or out-of-range value is refused
 * with a short sentence wherever it comes from.
 */
import type { AnyGameModule, OptionSpec } from './contract';
import { TURN_LIMIT, type TurnLimitRange } from './kit/turn-limit';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, replyWords, type Language } from '../i18n/index';

export type OptionValue = string | number;

/** How much longer or shorter than the configured delay computer players take, by speed. */
export const SPEED_FACTORS = { fast: 0.2, normal: 1, slow: 3 } as const;
export type Speed = keyof typeof SPEED_FACTORS;
export const SPEEDS = Object.keys(SPEED_FACTORS) as Speed[];
export const DEFAULT_SPEED: Speed = 'normal';

/** The platform's start options, by their slash-command names (a game's own may not take these). */
export const PLATFORM_START_OPTIONS = [
  'seats',
  'computer-level',
  'speed',
  'turn-limit',
  'program-time',
  'language',
  'client-seed',
] as const;

/** The longest value a seated person may type for the game's seed (docs/fairness.md). */
export const CLIENT_SEED_OPTION_LENGTH = 64;

export interface PlatformOptionSpecs {
  seats: OptionSpec & { type: 'integer' };
  computerLevel: OptionSpec & { type: 'string' };
  speed: OptionSpec & { type: 'string' };
  /** Null when the game has no turn limit. */
  turnLimit: (OptionSpec & { type: 'integer' }) | null;
  /** Seconds an outside program has per move (src/service/program-seats.ts; default 2). */
  programTime: OptionSpec & { type: 'integer' };
  /** The language of the game's public messages (default: the server's). */
  language: OptionSpec & { type: 'string' };
  /** The seated host's own value for the game's seed (default: one drawn and shown; docs/fairness.md). */
  clientSeed: OptionSpec & { type: 'text' };
}

/** The range of the game's turn limit, or null when it has none (see GameModule.turnLimit). */
export function turnLimitRange(module: AnyGameModule): TurnLimitRange | null {
  if (module.turnLimit === null) return null;
  return { min: module.turnLimit?.min ?? TURN_LIMIT.min, max: module.turnLimit?.max ?? TURN_LIMIT.max };
}

/** The one spec of each platform start option of `module`. */
export function platformOptionSpecs(module: AnyGameModule): PlatformOptionSpecs {
  const noun = module.texts.seatNoun ?? 'player';
  const { seats, computer } = module;
  const range = turnLimitRange(module);
  return {
    seats: {
      type: 'integer',
      name: 'seats',
      description: `Number of ${noun}s, ${seats.min} to ${seats.max} (default ${seats.default})`,
      min: seats.min,
      max: seats.max,
      default: seats.default,
    },
    computerLevel: {
      type: 'string',
      name: 'computer-level',
      description: `Level of the computer players that fill empty seats (default ${computer.defaultLevel})`,
      choices: computer.levels.map((level) => ({ value: level, label: level })),
      default: computer.defaultLevel,
    },
    speed: {
      type: 'string',
      name: 'speed',
      description: `How fast computer players move (default ${DEFAULT_SPEED})`,
      choices: SPEEDS.map((value) => ({ value, label: value })),
      default: DEFAULT_SPEED,
    },
    turnLimit: range && {
      type: 'integer',
      name: 'turn-limit',
      description: 'End the game after this many rounds; the standings then decide (default: none)',
      min: range.min,
      max: range.max,
      default: null,
    },
    programTime: {
      type: 'integer',
      name: 'program-time',
      description: 'Seconds an outside program (see /arena) has per move (default 2)',
      min: 1,
      max: 10,
      default: null,
    },
    language: {
      type: 'string',
      name: 'language',
      description: "The language of the game's messages, boards and summary (default: the server's)",
      choices: LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
      default: null,
    },
    clientSeed: {
      type: 'text',
      name: 'client-seed',
      description: 'Your own value for the dice: 1 to 64 letters, digits, - _ . (default: one drawn for you)',
      maxLength: CLIENT_SEED_OPTION_LENGTH,
    },
  };
}

/**
 * The options of /start in their order: seats (after the game's first `optionsBeforeSeats` options), the game's
 * own, the computer level (when there is a choice), speed, the turn limit, the language and the host's value
 * for the seed.
 */
export function startOptionSpecs(module: AnyGameModule): OptionSpec[] {
  const platform = platformOptionSpecs(module);
  const before = module.options.slice(0, module.optionsBeforeSeats ?? 0);
  const after = module.options.slice(module.optionsBeforeSeats ?? 0);
  const level = module.computer.levels.length > 1 ? [platform.computerLevel] : [];
  const turnLimit = platform.turnLimit ? [platform.turnLimit] : [];
  return [
    ...before,
    platform.seats,
    ...after,
    ...level,
    platform.speed,
    ...turnLimit,
    platform.programTime,
    platform.language,
    platform.clientSeed,
  ];
}

/**
 * The options `create` gets: the game's own by engine key and the turn limit. The lobby's start and every replay
 * (verify, the archive, the fairness check) call this one function, so a replay starts from the very state the
 * game started from.
 */
export function engineOptions(
  own: Readonly<Record<string, OptionValue>>,
  turnLimit: number | null,
): Record<string, OptionValue | undefined> {
  return { ...own, turnLimit: turnLimit ?? undefined };
}

/** Why a value does not fit its spec: a key of the replies catalogue (src/i18n/replies) and its values. */
export interface OptionProblem {
  key: string;
  values: Record<string, string | number>;
}

/** Why `value` does not fit `spec`, as a catalogue key and values, or null when it fits. */
export function optionProblemWords(spec: OptionSpec, value: unknown): OptionProblem | null {
  const name = spec.name;
  switch (spec.type) {
    case 'integer': {
      const step = spec.step ?? 1;
      if (typeof value !== 'number' || !Number.isInteger(value))
        return { key: 'option.wholeNumber', values: { name } };
      if (value < spec.min || value > spec.max)
        return { key: 'option.range', values: { name, min: spec.min, max: spec.max } };
      if (value % step !== 0) return { key: 'option.multiple', values: { name, step } };
      return null;
    }
    case 'string':
      return typeof value === 'string' && spec.choices.some((choice) => choice.value === value)
        ? null
        : {
            key: 'option.oneOf',
            values: { name, choices: spec.choices.map((choice) => choice.value).join(', ') },
          };
    case 'text':
      return typeof value === 'string' && value.length <= spec.maxLength
        ? null
        : { key: 'option.text', values: { name, max: spec.maxLength } };
  }
}

/**
 * Why `value` does not fit `spec`, in a short sentence in `language` (naming the option `name`, its name in
 * that language), or null when it fits.
 */
export function optionProblem(
  spec: OptionSpec,
  value: unknown,
  language: Language = DEFAULT_LANGUAGE,
  name: string = spec.name,
): string | null {
  const problem = optionProblemWords(spec, value);
  return problem && replyWords(language)(problem.key, { ...problem.values, name });
}

/** A game option refused: its English message, and its words in the replies catalogue. */
export class OptionError extends Error {
  readonly key: string;
  readonly values: Record<string, string | number>;

  constructor(problem: OptionProblem) {
    super(replyWords('en')(problem.key, problem.values));
    this.name = 'OptionError';
    this.key = problem.key;
    this.values = problem.values;
  }
}

/**
 * The module's own options by engine key, defaults filled in. Throws an Error with a player-readable message
 * for an unknown option or a value outside its spec.
 */
export function resolveGameOptions(
  module: AnyGameModule,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, OptionValue> {
  const resolved: Record<string, OptionValue> = {};
  const known = new Set<string>();
  for (const spec of module.options) {
    const key = spec.type === 'text' ? spec.name : (spec.key ?? spec.name);
    known.add(key);
    const value = given[key];
    if (value === undefined || value === null) {
      if (spec.type !== 'text' && spec.default !== null) resolved[key] = spec.default;
      continue;
    }
    const problem = optionProblemWords(spec, value);
    if (problem) throw new OptionError(problem);
    resolved[key] = value as OptionValue;
  }
  const unknown = Object.keys(given).filter((key) => !known.has(key) && given[key] !== undefined);
  if (unknown.length > 0)
    throw new OptionError({
      key: 'option.unknown',
      values: { title: module.title, names: unknown.join(', ') },
    });
  return resolved;
}
