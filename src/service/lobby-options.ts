/** A new lobby's options: the platform's checked against their one spec (src/games/options.ts), the game's own. */
import type { AnyGameModule, OptionSpec } from '../games/contract';
import { DEFAULT_LANGUAGE } from '../i18n/index';
import {
  optionProblemWords,
  platformOptionSpecs,
  OptionError,
  resolveGameOptions,
  SPEED_FACTORS,
  type OptionValue,
  type Speed,
} from '../games/options';
import type { GameOptions } from '../store/index';
import { refuse, type ServiceConfig } from './context';
import { PROGRAM_MOVE_MS } from './program-seats';
import type { OpenLobbyInput } from './types';

export function lobbyOptions(
  config: ServiceConfig,
  module: AnyGameModule,
  input: OpenLobbyInput,
): GameOptions {
  const specs = platformOptionSpecs(module);
  const seats = checkedValue(specs.seats, input.seats);
  const level = checkedValue(specs.computerLevel, input.computerLevel);
  const speed = checkedValue(specs.speed, input.speed) as Speed;
  const idlePolicy = input.idlePolicy ?? config.idlePolicy;
  if (idlePolicy !== 'computer' && idlePolicy !== 'skip') {
    throw refuse.invalid('refusal.unknownIdlePolicy', { policy: String(idlePolicy) });
  }
  return {
    seats,
    computerLevel: level,
    speed,
    aiDelayMs: Math.round(config.aiTurnDelayMs * SPEED_FACTORS[speed]),
    humanTimeoutMs: config.humanTurnTimeoutMs,
    idlePolicy,
    turnLimit: turnLimitOf(module, specs.turnLimit, input.turnLimit ?? null),
    hostSeated: input.hostSeated ?? true,
    game: gameOptions(module, input.options),
    language: input.language ?? DEFAULT_LANGUAGE,
    ...(input.programMoveMs !== undefined ? { programMoveMs: programMoveMs(input.programMoveMs) } : {}),
    ...(input.tournament ? tournamentOptions(module, input.tournament) : {}),
  };
}

/**
 * A tournament's table: its seats as given (levels and programs checked by the tournament), its computers at
 * once, nobody's seat for the host.
 */
function tournamentOptions(module: AnyGameModule, table: NonNullable<OpenLobbyInput['tournament']>) {
  if (table.seats.length < module.seats.min || table.seats.length > module.seats.max)
    throw new Error(`a ${module.key} table has ${module.seats.min}–${module.seats.max} seats`);
  return { seats: table.seats.length, aiDelayMs: 0, hostSeated: false, tournament: table.id };
}

function gameOptions(module: AnyGameModule, given: OpenLobbyInput['options']): GameOptions['game'] {
  try {
    return resolveGameOptions(module, given);
  } catch (error) {
    if (error instanceof OptionError) throw refuse.invalid(error.key, error.values);
    throw error;
  }
}

/** `given` checked against `spec` (refused in the spec's words), or the spec's default when not given. */
function checkedValue<Value extends OptionValue>(
  spec: OptionSpec & { default: Value | null },
  given: Value | undefined,
): Value {
  const value = given ?? spec.default;
  const problem = optionProblemWords(spec, value);
  if (problem) throw refuse.invalid(problem.key, problem.values);
  return value as Value;
}

function programMoveMs(value: number): number {
  if (!Number.isInteger(value) || value < PROGRAM_MOVE_MS.min || value > PROGRAM_MOVE_MS.max)
    throw refuse.invalid('refusal.programMoveMs', { min: PROGRAM_MOVE_MS.min, max: PROGRAM_MOVE_MS.max });
  return value;
}

function turnLimitOf(
  module: AnyGameModule,
  spec: OptionSpec | null,
  turnLimit: number | null,
): number | null {
  if (turnLimit === null) return null;
  if (!spec) throw refuse.invalid('refusal.noTurnLimit', { title: module.title });
  const problem = optionProblemWords(spec, turnLimit);
  if (problem) throw refuse.invalid(problem.key, problem.values);
  return turnLimit;
}
