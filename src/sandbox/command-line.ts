import { ApplicationCommandOptionType } from 'discord.js';
import {
  commandPaths,
  type Choice,
  type CommandDefinition,
  type CommandPath,
  type Locale,
  type OptionSpec,
} from './command-tree';

export { commandPaths, type Choice } from './command-tree';

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

export interface ParseContext {
  commands: readonly CommandDefinition[];
  /** The reader's Discord locale: commands read and are suggested by their names in it (and their own). */
  locale?: Locale;
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

/** A word of a path as typed: by the name the reader sees or by its own name. */
function isWord(path: CommandPath, i: number, typed: string): boolean {
  return sameWord(path.labels[i]!, typed) || sameWord(path.words[i]!, typed);
}

/** The path whose words start the token list, or null. */
function matchPath(paths: CommandPath[], tokens: Token[]): CommandPath | null {
  return (
    paths.find(
      (path) =>
        path.words.length <= tokens.length && path.words.every((_, i) => isWord(path, i, tokens[i]!.text)),
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
  if (low || high) throw new CommandLineError(`${spec.label}: must be a number${describeRange(spec)}.`);
  return value;
}

function convertString(spec: OptionSpec, raw: string): string {
  if (spec.choices.length === 0) return raw;
  const choice =
    spec.choices.find((c) => String(c.value) === raw) ??
    spec.choices.find((c) => sameWord(String(c.value), raw) || sameWord(c.name, raw));
  if (!choice) {
    const names = spec.choices.map((c) => String(c.value)).join(', ');
    throw new CommandLineError(`${spec.label}: "${raw}" is not one of ${names}.`);
  }
  return String(choice.value);
}

function convertValue(spec: OptionSpec, raw: string, context: ParseContext): OptionValue {
  if (raw === '') throw new CommandLineError(`${spec.label}: give a value after "${spec.label}:".`);
  switch (spec.type) {
    case ApplicationCommandOptionType.Integer:
      if (!/^[+-]?\d+$/.test(raw))
        throw new CommandLineError(`${spec.label}: "${raw}" is not a whole number.`);
      return checkRange(spec, Number(raw));
    case ApplicationCommandOptionType.Number:
      if (!Number.isFinite(Number(raw)))
        throw new CommandLineError(`${spec.label}: "${raw}" is not a number.`);
      return checkRange(spec, Number(raw));
    case ApplicationCommandOptionType.Boolean:
      if (/^(true|yes)$/i.test(raw)) return true;
      if (/^(false|no)$/i.test(raw)) return false;
      throw new CommandLineError(`${spec.label}: answer true or false.`);
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable: {
      const id = context.resolveUser(raw);
      if (!id) throw new CommandLineError(`${spec.label}: nobody here is called "${raw}".`);
      return id;
    }
    case ApplicationCommandOptionType.Channel: {
      const id = context.resolveChannel(raw);
      if (!id) throw new CommandLineError(`${spec.label}: there is no channel "${raw}".`);
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
  const named = /^([\p{L}\p{N}_-]+):([\s\S]*)$/u.exec(token.text);
  const spec = named
    ? path.options.find((o) => sameWord(o.label, named[1]!) || sameWord(o.name, named[1]!))
    : undefined;
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
        throw new CommandLineError(`/${path.labels.join(' ')} takes no more options ("${token.text}").`);
      if (spec.name in values) throw new CommandLineError(`${spec.label} is given twice.`);
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
  const paths = commandPaths(context.commands, context.locale ?? null);
  const path = matchPath(paths, tokens);
  if (!path) {
    const known = paths.filter((p) => tokens[0] && isWord(p, 0, tokens[0].text));
    if (known.length === 0) throw new CommandLineError(`Unknown command "/${tokens[0]?.text ?? ''}".`);
    const choices = known.map((p) => p.labels.slice(1).join(' ')).join(', ');
    throw new CommandLineError(`Choose what /${known[0]!.labels[0]} should do: ${choices}.`);
  }
  const { values } = assignOptions(path, tokens.slice(path.words.length), context, true);
  const missing = path.options.find((o) => o.required && !(o.name in values));
  if (missing) throw new CommandLineError(`${missing.label} is required: ${missing.description}.`);
  return toParsed(path, values);
}

// ---- suggestions -------------------------------------------------------------------------------------------

function startsWith(word: string, typed: string): boolean {
  return word.toLowerCase().startsWith(typed.toLowerCase());
}

function pathSuggestions(paths: CommandPath[], done: Token[], current: string): Suggestion[] {
  const at = done.length;
  return paths
    .filter(
      (path) =>
        path.words.length > at &&
        done.every((token, i) => isWord(path, i, token.text)) &&
        (startsWith(path.labels[at]!, current) || startsWith(path.words[at]!, current)),
    )
    .map((path) => ({
      label: `/${path.labels.join(' ')}`,
      detail: path.description,
      text: `/${path.labels.join(' ')} `,
    }));
}

function optionNameSuggestions(
  path: CommandPath,
  used: Record<string, OptionValue>,
  prefix: string,
  typed: string,
) {
  return path.options
    .filter((o) => !(o.name in used) && (startsWith(o.label, typed) || startsWith(o.name, typed)))
    .map((o) => ({
      label: o.label,
      detail: `${o.required ? 'required · ' : ''}${o.description}`,
      text: `${prefix}${o.label}:`,
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
  return { label: `${spec.label}: ${kind}${describeRange(spec)}`, detail: spec.description, text: null };
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
    text: `${prefix}${spec.label}:${quoteIfNeeded(String(value))} `,
  });
  if (spec.autocomplete) {
    const choices = await context.autocomplete({
      command: toParsed(request.path, request.options),
      focused: spec.name,
      value: typed,
    });
    return choices.length > 0
      ? choices.map((c) => pick(c.name, c.value))
      : [{ label: `${spec.label}: no suggestions`, detail: spec.description, text: null }];
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
  const paths = commandPaths(context.commands, context.locale ?? null);
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
