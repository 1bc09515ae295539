import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
} from 'discord.js';

/**
 * The sandbox's message box understands slash commands typed as text, the way Discord's client shows them:
 * `/hare start seats:2 speed:fast` (values may be quoted: `name:"two words"`, and may be given in order without
 * a name: `/hare move 12`). This module parses such a line against the registered command definitions and
 * proposes completions (subcommands, option names, choices, and the bot's own autocomplete answers).
 */

export type OptionValue = string | number | boolean;

export interface ParsedCommand {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
}

/** A mistake in a typed command, worded for the person who typed it. */
export class CommandLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

export interface Choice {
  name: string;
  value: string | number;
}

/** What one option accepts, flattened from the many option shapes of the Discord API. */
export interface OptionSpec {
  name: string;
  description: string;
  type: ApplicationCommandOptionType;
  required: boolean;
  choices: Choice[];
  autocomplete: boolean;
  minValue: number | null;
  maxValue: number | null;
}

/** One runnable command: `/hare start` is the path ['hare', 'start']. */
export interface CommandPath {
  words: string[];
  description: string;
  options: OptionSpec[];
}

/** A registered command (as Discord returns it) or a command definition (as the bot deploys it). */
export type CommandDefinition = Pick<APIApplicationCommand, 'name' | 'description' | 'options'> & {
  type?: ApplicationCommandType;
};

export interface ParseContext {
  commands: readonly CommandDefinition[];
  /** The user id for `@Name`, `<@id>`, a name or an id; null when nobody matches. */
  resolveUser(text: string): string | null;
  /** The channel id for `#name`, `<#id>` or an id; null when no channel matches. */
  resolveChannel(text: string): string | null;
}

export interface AutocompleteRequest {
  command: ParsedCommand;
  focused: string;
  value: string;
}

export interface SuggestContext extends ParseContext {
  users: readonly { id: string; name: string }[];
  /** Asks the bot for the choices of an autocomplete option (a real autocomplete interaction). */
  autocomplete(request: AutocompleteRequest): Promise<Choice[]>;
}

/** A completion: `text` is the whole new content of the message box; null for a hint that cannot be picked. */
export interface Suggestion {
  label: string;
  detail: string;
  text: string | null;
}

export interface SuggestResult {
  items: Suggestion[];
  /** The line as typed is a whole command that can be sent. */
  complete: boolean;
}

interface Token {
  text: string;
  start: number;
}

// ---- the command definitions -------------------------------------------------------------------------------

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

export function optionSpec(option: APIApplicationCommandOption): OptionSpec {
  const choices = 'choices' in option && Array.isArray(option.choices) ? option.choices : [];
  return {
    name: option.name,
    description: option.description,
    type: option.type,
    required: 'required' in option && option.required === true,
    choices: choices.map((choice: Choice) => ({ name: choice.name, value: choice.value })),
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
  words: string[],
  description: string,
  options: APIApplicationCommandOption[],
): CommandPath[] {
  const nested = options.filter(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (nested.length === 0) return [{ words, description, options: options.map(optionSpec) }];
  return nested.flatMap((o) => pathsBelow([...words, o.name], o.description, childOptions(o)));
}

/** Every runnable path of the chat-input commands, in declaration order. */
export function commandPaths(commands: readonly CommandDefinition[]): CommandPath[] {
  return commands
    .filter((c) => (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput)
    .flatMap((c) => pathsBelow([c.name], c.description, c.options ?? []));
}

// ---- reading the line --------------------------------------------------------------------------------------

/** Splits on white space outside double quotes. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  let quoted = false;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    const boundary = char === undefined || (/\s/.test(char) && !quoted);
    if (boundary) {
      if (start >= 0) tokens.push({ text: text.slice(start, i), start });
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (char === '"') quoted = !quoted;
  }
  return tokens;
}

function unquote(text: string): string {
  return text.replace(/^"([\s\S]*?)"?$/, '$1');
}

function quoteIfNeeded(text: string): string {
  return /\s/.test(text) ? `"${text}"` : text;
}

function sameWord(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The path whose words start the token list, or null. */
function matchPath(paths: CommandPath[], tokens: Token[]): CommandPath | null {
  return (
    paths.find(
      (path) =>
        path.words.length <= tokens.length && path.words.every((word, i) => sameWord(word, tokens[i]!.text)),
    ) ?? null
  );
}

function describeRange(spec: OptionSpec): string {
  if (spec.minValue !== null && spec.maxValue !== null) return ` from ${spec.minValue} to ${spec.maxValue}`;
  if (spec.minValue !== null) return ` of at least ${spec.minValue}`;
  if (spec.maxValue !== null) return ` of at most ${spec.maxValue}`;
  return '';
}

function checkRange(spec: OptionSpec, value: number): number {
  const low = spec.minValue !== null && value < spec.minValue;
  const high = spec.maxValue !== null && value > spec.maxValue;
  if (low || high) throw new CommandLineError(`${spec.name}: must be a number${describeRange(spec)}.`);
  return value;
}

function convertString(spec: OptionSpec, raw: string): string {
  if (spec.choices.length === 0) return raw;
  const choice =
    spec.choices.find((c) => String(c.value) === raw) ??
    spec.choices.find((c) => sameWord(String(c.value), raw) || sameWord(c.name, raw));
  if (!choice) {
    const names = spec.choices.map((c) => String(c.value)).join(', ');
    throw new CommandLineError(`${spec.name}: "${raw}" is not one of ${names}.`);
  }
  return String(choice.value);
}

function convertValue(spec: OptionSpec, raw: string, context: ParseContext): OptionValue {
  if (raw === '') throw new CommandLineError(`${spec.name}: give a value after "${spec.name}:".`);
  switch (spec.type) {
    case ApplicationCommandOptionType.Integer:
      if (!/^[+-]?\d+$/.test(raw))
        throw new CommandLineError(`${spec.name}: "${raw}" is not a whole number.`);
      return checkRange(spec, Number(raw));
    case ApplicationCommandOptionType.Number:
      if (!Number.isFinite(Number(raw)))
        throw new CommandLineError(`${spec.name}: "${raw}" is not a number.`);
      return checkRange(spec, Number(raw));
    case ApplicationCommandOptionType.Boolean:
      if (/^(true|yes)$/i.test(raw)) return true;
      if (/^(false|no)$/i.test(raw)) return false;
      throw new CommandLineError(`${spec.name}: answer true or false.`);
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable: {
      const id = context.resolveUser(raw);
      if (!id) throw new CommandLineError(`${spec.name}: nobody here is called "${raw}".`);
      return id;
    }
    case ApplicationCommandOptionType.Channel: {
      const id = context.resolveChannel(raw);
      if (!id) throw new CommandLineError(`${spec.name}: there is no channel "${raw}".`);
      return id;
    }
    default:
      return convertString(spec, raw);
  }
}

interface OptionAssignment {
  values: Record<string, OptionValue>;
  /** The option a value without a name would go to next. */
  nextPositional: OptionSpec | null;
}

function splitNamed(token: Token, path: CommandPath): { spec: OptionSpec; raw: string } | null {
  const named = /^([\w-]+):([\s\S]*)$/.exec(token.text);
  const spec = named ? path.options.find((o) => sameWord(o.name, named[1]!)) : undefined;
  return named && spec ? { spec, raw: unquote(named[2]!) } : null;
}

function nextUnassigned(path: CommandPath, values: Record<string, OptionValue>): OptionSpec | null {
  return path.options.find((o) => !(o.name in values)) ?? null;
}

/** Assigns option tokens; `strict` throws on the first mistake, otherwise bad tokens are left out. */
function assignOptions(
  path: CommandPath,
  tokens: Token[],
  context: ParseContext,
  strict: boolean,
): OptionAssignment {
  const values: Record<string, OptionValue> = {};
  for (const token of tokens) {
    try {
      const named = splitNamed(token, path);
      const spec = named?.spec ?? nextUnassigned(path, values);
      if (!spec)
        throw new CommandLineError(`/${path.words.join(' ')} takes no more options ("${token.text}").`);
      if (spec.name in values) throw new CommandLineError(`${spec.name} is given twice.`);
      values[spec.name] = convertValue(spec, named ? named.raw : unquote(token.text), context);
    } catch (error) {
      if (strict || !(error instanceof CommandLineError)) throw error;
    }
  }
  return { values, nextPositional: nextUnassigned(path, values) };
}

function toParsed(path: CommandPath, options: Record<string, OptionValue>): ParsedCommand {
  const [name, second, third] = path.words;
  if (third !== undefined) return { name: name!, subcommandGroup: second!, subcommand: third, options };
  if (second !== undefined) return { name: name!, subcommand: second, options };
  return { name: name!, options };
}

/** True for text the message box sends as a slash command rather than as a chat message. */
export function isCommandLine(text: string): boolean {
  return text.trimStart().startsWith('/');
}

/** Reads a typed slash command; throws a CommandLineError that says what is wrong. */
export function parseCommandLine(text: string, context: ParseContext): ParsedCommand {
  const body = text.trim();
  if (!body.startsWith('/')) throw new CommandLineError('A command starts with "/".');
  const tokens = tokenize(body.slice(1));
  const paths = commandPaths(context.commands);
  const path = matchPath(paths, tokens);
  if (!path) {
    const known = paths.filter((p) => tokens[0] && sameWord(p.words[0]!, tokens[0].text));
    if (known.length === 0) throw new CommandLineError(`Unknown command "/${tokens[0]?.text ?? ''}".`);
    const choices = known.map((p) => p.words.slice(1).join(' ')).join(', ');
    throw new CommandLineError(`Choose what /${known[0]!.words[0]} should do: ${choices}.`);
  }
  const { values } = assignOptions(path, tokens.slice(path.words.length), context, true);
  const missing = path.options.find((o) => o.required && !(o.name in values));
  if (missing) throw new CommandLineError(`${missing.name} is required: ${missing.description}.`);
  return toParsed(path, values);
}

// ---- suggestions -------------------------------------------------------------------------------------------

function pathSuggestions(paths: CommandPath[], done: Token[], current: string): Suggestion[] {
  return paths
    .filter(
      (path) =>
        path.words.length > done.length &&
        done.every((token, i) => sameWord(path.words[i]!, token.text)) &&
        path.words[done.length]!.toLowerCase().startsWith(current.toLowerCase()),
    )
    .map((path) => ({
      label: `/${path.words.join(' ')}`,
      detail: path.description,
      text: `/${path.words.join(' ')} `,
    }));
}

function optionNameSuggestions(
  path: CommandPath,
  used: Record<string, OptionValue>,
  prefix: string,
  typed: string,
) {
  return path.options
    .filter((o) => !(o.name in used) && o.name.toLowerCase().startsWith(typed.toLowerCase()))
    .map((o) => ({
      label: o.name,
      detail: `${o.required ? 'required · ' : ''}${o.description}`,
      text: `${prefix}${o.name}:`,
    }));
}

function matches(choice: Choice, typed: string): boolean {
  const needle = typed.toLowerCase();
  return choice.name.toLowerCase().includes(needle) || String(choice.value).toLowerCase().startsWith(needle);
}

function hint(spec: OptionSpec): Suggestion {
  const kinds: Partial<Record<ApplicationCommandOptionType, string>> = {
    [ApplicationCommandOptionType.Integer]: 'a whole number',
    [ApplicationCommandOptionType.Number]: 'a number',
    [ApplicationCommandOptionType.String]: 'text',
    [ApplicationCommandOptionType.Channel]: 'a #channel',
  };
  const kind = kinds[spec.type] ?? 'a value';
  return { label: `${spec.name}: ${kind}${describeRange(spec)}`, detail: spec.description, text: null };
}

async function valueSuggestions(
  spec: OptionSpec,
  typed: string,
  prefix: string,
  request: { path: CommandPath; options: Record<string, OptionValue> },
  context: SuggestContext,
): Promise<Suggestion[]> {
  const pick = (label: string, value: string | number, detail = ''): Suggestion => ({
    label,
    detail,
    text: `${prefix}${spec.name}:${quoteIfNeeded(String(value))} `,
  });
  if (spec.autocomplete) {
    const choices = await context.autocomplete({
      command: toParsed(request.path, request.options),
      focused: spec.name,
      value: typed,
    });
    return choices.length > 0
      ? choices.map((c) => pick(c.name, c.value))
      : [{ label: `${spec.name}: no suggestions`, detail: spec.description, text: null }];
  }
  if (spec.choices.length > 0) {
    return spec.choices.filter((c) => matches(c, typed)).map((c) => pick(String(c.value), c.value, c.name));
  }
  if (spec.type === ApplicationCommandOptionType.Boolean) {
    return ['true', 'false'].filter((v) => v.startsWith(typed.toLowerCase())).map((v) => pick(v, v));
  }
  if (
    spec.type === ApplicationCommandOptionType.User ||
    spec.type === ApplicationCommandOptionType.Mentionable
  ) {
    const typedName = typed.replace(/^@/, '').toLowerCase();
    return context.users
      .filter((u) => u.name.toLowerCase().startsWith(typedName))
      .map((u) => pick(`@${u.name}`, `@${u.name}`));
  }
  return [hint(spec)];
}

function isComplete(text: string, context: ParseContext): boolean {
  try {
    parseCommandLine(text, context);
    return true;
  } catch (error) {
    if (error instanceof CommandLineError) return false;
    throw error;
  }
}

/** Completions for the line as typed so far (the cursor is at its end). */
export async function suggest(text: string, context: SuggestContext): Promise<SuggestResult> {
  if (!text.startsWith('/')) return { items: [], complete: false };
  const complete = isComplete(text, context);
  const body = text.slice(1);
  const tokens = tokenize(body);
  const endsWord = body.length > 0 && !/\s$/.test(body);
  const current = endsWord ? tokens.pop()! : { text: '', start: body.length };
  const prefix = `/${body.slice(0, current.start)}`;
  const paths = commandPaths(context.commands);
  const path = matchPath(paths, tokens);
  if (!path) return { items: pathSuggestions(paths, tokens, current.text), complete };

  const { values, nextPositional } = assignOptions(path, tokens.slice(path.words.length), context, false);
  const request = { path, options: values };
  const named = splitNamed(current, path);
  if (named && !(named.spec.name in values)) {
    const items = await valueSuggestions(named.spec, named.raw, prefix, request, context);
    return { items, complete };
  }
  const names = optionNameSuggestions(path, values, prefix, current.text);
  if (names.length > 0 || current.text === '' || !nextPositional) return { items: names, complete };
  const items = await valueSuggestions(nextPositional, unquote(current.text), prefix, request, context);
  return { items, complete };
}
