/**
 * The registration rules of application commands that the option walk in routes/commands.ts does not cover:
 * choices, option types, subcommands mixed with plain options, the 8,000-character total of a command, the
 * 100-command limit, and the contexts and integration types a command is offered in.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import type { FormErrors } from './errors';
import { recordArray, textLength, type JsonRecord } from './json';

const MAX_COMMAND_TEXT = 8000;
const MAX_CHAT_COMMANDS = 100;
const CONTEXTS = new Set([0, 1, 2]);
const INTEGRATION_TYPES = new Set([0, 1]);
const OPTION_TYPES = new Set(
  Object.values(ApplicationCommandOptionType).filter((v) => typeof v === 'number'),
);
const NESTING = new Set<number>([
  ApplicationCommandOptionType.Subcommand,
  ApplicationCommandOptionType.SubcommandGroup,
]);

type Path = (string | number)[];

/** Checks one option's type and choices (its name and description are checked by the caller). */
export function validateOptionRules(option: JsonRecord, errors: FormErrors, at: Path): void {
  if (!OPTION_TYPES.has(Number(option['type'])))
    errors.add(
      [...at, 'type'],
      'BASE_TYPE_CHOICES',
      'Value must be a valid application command option type.',
    );
  recordArray(option['choices']).forEach((choice, i) => {
    const name = textLength(choice['name']);
    if (name < 1 || name > 100)
      errors.add(
        [...at, 'choices', i, 'name'],
        'BASE_TYPE_BAD_LENGTH',
        'Must be between 1 and 100 in length.',
      );
    if (typeof choice['value'] === 'string' && textLength(choice['value']) > 100)
      errors.add([...at, 'choices', i, 'value'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
  });
}

/** Subcommands (or groups) and plain options cannot share a level. */
export function validateOptionLevel(options: readonly JsonRecord[], errors: FormErrors, path: Path): void {
  const nesting = options.filter((option) => NESTING.has(Number(option['type']))).length;
  if (nesting > 0 && nesting < options.length)
    errors.add(
      path,
      'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
      'Sub-command and sub-command group option types are mutually exclusive to all other types',
    );
}

/** A command's name, description, and every option's name, description, choice names and values: ≤ 8,000. */
export function commandTextLength(body: JsonRecord): number {
  const ofOption = (option: JsonRecord): number =>
    textLength(option['name']) +
    textLength(option['description']) +
    recordArray(option['choices']).reduce(
      (sum, choice) => sum + textLength(choice['name']) + textLength(String(choice['value'] ?? '')),
      0,
    ) +
    recordArray(option['options']).reduce((sum, child) => sum + ofOption(child), 0);
  return ofOption(body);
}

export function validateCommandRules(body: JsonRecord, errors: FormErrors, path: Path): void {
  if (commandTextLength(body) > MAX_COMMAND_TEXT)
    errors.add(path, 'APPLICATION_COMMAND_TOO_LARGE', `Command exceeds maximum size (${MAX_COMMAND_TEXT})`);
  checkEnum(body['contexts'], CONTEXTS, errors, [...path, 'contexts']);
  checkEnum(body['integration_types'], INTEGRATION_TYPES, errors, [...path, 'integration_types']);
}

/** At most 100 chat-input commands per scope (global, or one server). */
export function validateCommandCount(chatInputCount: number, errors: FormErrors): void {
  if (chatInputCount > MAX_CHAT_COMMANDS)
    errors.add([], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CHAT_COMMANDS} or fewer in length.`);
}

function checkEnum(value: unknown, allowed: ReadonlySet<number>, errors: FormErrors, path: Path): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) return errors.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
  value.forEach((item, i) => {
    if (!allowed.has(Number(item)) || typeof item !== 'number')
      errors.add([...path, i], 'ENUM_TYPE_COERCE', `Value "${String(item)}" is not a valid enum value.`);
  });
}
