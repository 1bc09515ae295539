import { ApplicationCommandOptionType } from 'discord.js';
import {
  commandPaths,
  type CommandDefinition,
  type CommandPath,
  type Locale,
  type OptionSpec,
} from './command-tree';
import { commandLineWords, rangeOf, type CommandLineWords } from './command-line-words';

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

export interface Token {
  text: string;
  start: number;
}

// ---- reading the line --------------------------------------------------------------------------------------

/** Splits on white space outside double quotes. */
export function tokenize(text: string): Token[] {
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

export function unquote(text: string): string {
  return text.replace(/^"([\s\S]*?)"?$/, '$1');
}

export function quoteIfNeeded(text: string): string {
  return /\s/.test(text) ? `"${text}"` : text;
}

function sameWord(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A word of a path as typed: by the name the reader sees or by its own name. */
export function isWord(path: CommandPath, i: number, typed: string): boolean {
  return sameWord(path.labels[i]!, typed) || sameWord(path.words[i]!, typed);
}

/** The path whose words start the token list, or null. */
export function matchPath(paths: CommandPath[], tokens: Token[]): CommandPath | null {
  return (
    paths.find(
      (path) =>
        path.words.length <= tokens.length && path.words.every((_, i) => isWord(path, i, tokens[i]!.text)),
    ) ?? null
  );
}

function checkRange(spec: OptionSpec, value: number, words: CommandLineWords): number {
  const low = spec.minValue !== null && value < spec.minValue;
  const high = spec.maxValue !== null && value > spec.maxValue;
  if (low || high) throw new CommandLineError(words.notInRange(spec.label, rangeOf(spec, words)));
  return value;
}

function convertString(spec: OptionSpec, raw: string, words: CommandLineWords): string {
  if (spec.choices.length === 0) return raw;
  const choice =
    spec.choices.find((c) => String(c.value) === raw) ??
    spec.choices.find((c) => sameWord(String(c.value), raw) || sameWord(c.name, raw));
  if (!choice) {
    const names = spec.choices.map((c) => String(c.value)).join(', ');
    throw new CommandLineError(words.notAChoice(spec.label, raw, names));
  }
  return String(choice.value);
}

function convertValue(spec: OptionSpec, raw: string, context: ParseContext): OptionValue {
  const words = commandLineWords(context.locale);
  if (raw === '') throw new CommandLineError(words.noValue(spec.label));
  switch (spec.type) {
    case ApplicationCommandOptionType.Integer:
      if (!/^[+-]?\d+$/.test(raw)) throw new CommandLineError(words.notWhole(spec.label, raw));
      return checkRange(spec, Number(raw), words);
    case ApplicationCommandOptionType.Number:
      if (!Number.isFinite(Number(raw))) throw new CommandLineError(words.notANumber(spec.label, raw));
      return checkRange(spec, Number(raw), words);
    case ApplicationCommandOptionType.Boolean:
      if (/^(true|yes)$/i.test(raw)) return true;
      if (/^(false|no)$/i.test(raw)) return false;
      throw new CommandLineError(words.notTrueOrFalse(spec.label));
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable: {
      const id = context.resolveUser(raw);
      if (!id) throw new CommandLineError(words.nobody(spec.label, raw));
      return id;
    }
    case ApplicationCommandOptionType.Channel: {
      const id = context.resolveChannel(raw);
      if (!id) throw new CommandLineError(words.noChannel(spec.label, raw));
      return id;
    }
    default:
      return convertString(spec, raw, words);
  }
}

interface OptionAssignment {
  values: Record<string, OptionValue>;
  /** The option a value without a name would go to next. */
  nextPositional: OptionSpec | null;
}

export function splitNamed(token: Token, path: CommandPath): { spec: OptionSpec; raw: string } | null {
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
export function assignOptions(
  path: CommandPath,
  tokens: Token[],
  context: ParseContext,
  strict: boolean,
): OptionAssignment {
  const values: Record<string, OptionValue> = {};
  const words = commandLineWords(context.locale);
  for (const token of tokens) {
    try {
      const named = splitNamed(token, path);
      const spec = named?.spec ?? nextUnassigned(path, values);
      if (!spec) throw new CommandLineError(words.noMoreOptions(`/${path.labels.join(' ')}`, token.text));
      if (spec.name in values) throw new CommandLineError(words.twice(spec.label));
      values[spec.name] = convertValue(spec, named ? named.raw : unquote(token.text), context);
    } catch (error) {
      if (strict || !(error instanceof CommandLineError)) throw error;
    }
  }
  return { values, nextPositional: nextUnassigned(path, values) };
}

export function toParsed(path: CommandPath, options: Record<string, OptionValue>): ParsedCommand {
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
  const words = commandLineWords(context.locale);
  const body = text.trim();
  if (!body.startsWith('/')) throw new CommandLineError(words.startsWithSlash);
  const tokens = tokenize(body.slice(1));
  const paths = commandPaths(context.commands, context.locale ?? null);
  const path = matchPath(paths, tokens);
  if (!path) {
    const known = paths.filter((p) => tokens[0] && isWord(p, 0, tokens[0].text));
    if (known.length === 0) throw new CommandLineError(words.unknownCommand(`/${tokens[0]?.text ?? ''}`));
    const choices = known.map((p) => p.labels.slice(1).join(' ')).join(', ');
    throw new CommandLineError(words.chooseSubcommand(`/${known[0]!.labels[0]}`, choices));
  }
  const { values } = assignOptions(path, tokens.slice(path.words.length), context, true);
  const missing = path.options.find((o) => o.required && !(o.name in values));
  if (missing) throw new CommandLineError(words.missing(missing.label, missing.description));
  return toParsed(path, values);
}
