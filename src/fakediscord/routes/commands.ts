import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
} from 'discord.js';
import { Errors, FormErrors } from '../errors';
import { isRecord, optionalNumber, optionalString, recordArray, textLength, type JsonRecord } from '../json';
import {
  validateCommandCount,
  validateCommandRules,
  validateOptionLevel,
  validateOptionRules,
} from '../registration-rules';
import {
  COMMAND_NAME_PATTERN,
  validateLocalizations,
  validateUniqueLocalizedNames,
} from '../localization-rules';
import { noContent, ok, param, type RouteContext, type RouteDefinition } from './types';

/** Application command registration (global and guild), recorded for tests and used to type options. */
export function commandRoutes(): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  for (const prefix of ['/applications/:appId', '/applications/:appId/guilds/:guildId']) {
    routes.push(
      { method: 'GET', template: `${prefix}/commands`, auth: true, handler: listCommands },
      { method: 'PUT', template: `${prefix}/commands`, auth: true, handler: overwriteCommands },
      { method: 'POST', template: `${prefix}/commands`, auth: true, handler: createCommand },
      { method: 'GET', template: `${prefix}/commands/:commandId`, auth: true, handler: getCommand },
      { method: 'DELETE', template: `${prefix}/commands/:commandId`, auth: true, handler: deleteCommand },
    );
  }
  return routes;
}

function scope(ctx: RouteContext): string | null {
  if (param(ctx, 'appId') !== ctx.app.applicationId) throw Errors.missingAccess();
  const guildId = ctx.params['guildId'] ?? null;
  if (guildId !== null && !ctx.app.state.guilds.has(guildId)) throw Errors.missingAccess();
  return guildId;
}

function listCommands(ctx: RouteContext) {
  return ok(ctx.app.state.getCommands(scope(ctx)));
}

function getCommand(ctx: RouteContext) {
  const command = ctx.app.state.getCommands(scope(ctx)).find((c) => c.id === param(ctx, 'commandId'));
  if (!command) throw Errors.unknownCommand();
  return ok(command);
}

function deleteCommand(ctx: RouteContext) {
  const guildId = scope(ctx);
  const commands = ctx.app.state.getCommands(guildId);
  const remaining = commands.filter((c) => c.id !== param(ctx, 'commandId'));
  if (remaining.length === commands.length) throw Errors.unknownCommand();
  ctx.app.state.setCommands(guildId, remaining);
  return noContent();
}

function overwriteCommands(ctx: RouteContext) {
  const guildId = scope(ctx);
  const bodies = Array.isArray(ctx.req.json) ? ctx.req.json : [];
  const errors = new FormErrors();
  const existing = ctx.app.state.getCommands(guildId);
  const commands = bodies.map((body, i) =>
    buildCommand(ctx, guildId, asCommandBody(body), existing, errors, [i]),
  );
  validateCommandCount(commands.filter((c) => c.type === ApplicationCommandType.ChatInput).length, errors);
  errors.throwIfAny();
  ctx.app.state.setCommands(guildId, commands);
  return ok(commands);
}

function createCommand(ctx: RouteContext) {
  const guildId = scope(ctx);
  const errors = new FormErrors();
  const existing = ctx.app.state.getCommands(guildId);
  const command = buildCommand(ctx, guildId, asCommandBody(ctx.req.json), existing, errors, []);
  errors.throwIfAny();
  const replaced = existing.some((c) => c.id === command.id);
  ctx.app.state.setCommands(guildId, [...existing.filter((c) => c.id !== command.id), command]);
  return ok(command, replaced ? 200 : 201);
}

function asCommandBody(body: unknown): JsonRecord {
  return isRecord(body) ? body : {};
}

function buildCommand(
  ctx: RouteContext,
  guildId: string | null,
  body: JsonRecord,
  existing: readonly APIApplicationCommand[],
  errors: FormErrors,
  path: (string | number)[],
): APIApplicationCommand {
  const type = (optionalNumber(body, 'type') ?? ApplicationCommandType.ChatInput) as ApplicationCommandType;
  const name = optionalString(body, 'name') ?? '';
  const chatInput = type === ApplicationCommandType.ChatInput;
  validateName(name, chatInput, errors, [...path, 'name']);
  if (chatInput) validateDescription(body, errors, path);
  validateLocalizations(body, chatInput, errors, path);
  const options = recordArray(body['options']);
  validateOptions(options, errors, [...path, 'options'], 0);
  validateCommandRules(body, errors, path);
  const previous = existing.find((c) => c.name === name && c.type === type);
  const { ids } = ctx.app.state;
  const permissions = body['default_member_permissions'];
  return {
    id: previous?.id ?? ids.next(),
    application_id: ctx.app.applicationId,
    version: ids.next(),
    type,
    name,
    description: optionalString(body, 'description') ?? '',
    ...localizationFields(body),
    ...(options.length > 0 ? { options: options as unknown as APIApplicationCommandOption[] } : {}),
    default_member_permissions: typeof permissions === 'string' ? permissions : null,
    nsfw: body['nsfw'] === true,
    integration_types: Array.isArray(body['integration_types'])
      ? (body['integration_types'] as APIApplicationCommand['integration_types'])
      : [0],
    contexts: Array.isArray(body['contexts'])
      ? (body['contexts'] as APIApplicationCommand['contexts'])
      : null,
    ...(guildId !== null ? { guild_id: guildId } : {}),
  };
}

/** The command's localisations as Discord returns them (null when none were given). */
function localizationFields(
  body: JsonRecord,
): Pick<APIApplicationCommand, 'name_localizations' | 'description_localizations'> {
  const names = body['name_localizations'];
  const descriptions = body['description_localizations'];
  return {
    name_localizations: isRecord(names) ? (names as APIApplicationCommand['name_localizations']) : null,
    description_localizations: isRecord(descriptions)
      ? (descriptions as APIApplicationCommand['description_localizations'])
      : null,
  };
}

function validateName(name: string, lowercase: boolean, errors: FormErrors, path: (string | number)[]): void {
  if (!COMMAND_NAME_PATTERN.test(name) || (lowercase && name !== name.toLowerCase())) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

function validateDescription(body: JsonRecord, errors: FormErrors, path: (string | number)[]): void {
  const length = textLength(body['description']);
  if (length < 1 || length > 100) {
    errors.add([...path, 'description'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
  }
}

const NESTING_TYPES: ReadonlySet<number> = new Set([
  ApplicationCommandOptionType.Subcommand,
  ApplicationCommandOptionType.SubcommandGroup,
]);

function validateOptions(
  options: readonly JsonRecord[],
  errors: FormErrors,
  path: (string | number)[],
  depth: number,
): void {
  if (options.length > 25) errors.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  validateOptionLevel(options, errors, path);
  validateUniqueLocalizedNames(options, errors, path);
  let sawOptional = false;
  options.forEach((option, i) => {
    const at = [...path, i];
    validateName(optionalString(option, 'name') ?? '', true, errors, [...at, 'name']);
    validateDescription(option, errors, at);
    validateLocalizations(option, true, errors, at);
    validateOptionRules(option, errors, at);
    const required = option['required'] === true;
    if (required && sawOptional) {
      errors.add(
        [...at, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    sawOptional ||= !required;
    const choices = recordArray(option['choices']);
    if (choices.length > 25) {
      errors.add([...at, 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    }
    if (choices.length > 0 && option['autocomplete'] === true) {
      errors.add(
        [...at, 'autocomplete'],
        'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_CHOICES',
        'Autocomplete can not be used with choices',
      );
    }
    if (NESTING_TYPES.has(Number(option['type']))) {
      if (depth >= 2) {
        errors.add([...at, 'type'], 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands nest too deep');
      }
      validateOptions(recordArray(option['options']), errors, [...at, 'options'], depth + 1);
    }
  });
}
