import { ApplicationCommandOptionType } from 'discord.js';
import {
  assignOptions,
  CommandLineError,
  isWord,
  matchPath,
  parseCommandLine,
  quoteIfNeeded,
  splitNamed,
  toParsed,
  tokenize,
  unquote,
  type OptionValue,
  type ParseContext,
  type ParsedCommand,
  type Token,
} from './command-line';
import { commandPaths, type Choice, type CommandPath, type OptionSpec } from './command-tree';
import { commandLineWords, rangeOf, type CommandLineWords } from './command-line-words';

/**
 * What the sandbox's message box proposes while a slash command is typed, as Discord's client does: the
 * commands and subcommands, the options not given yet, an option's choices or the bot's own autocomplete
 * answers, each named and described in the reader's language.
 */

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
  words: CommandLineWords,
) {
  return path.options
    .filter((o) => !(o.name in used) && (startsWith(o.label, typed) || startsWith(o.name, typed)))
    .map((o) => ({
      label: o.label,
      detail: `${o.required ? `${words.required} · ` : ''}${o.description}`,
      text: `${prefix}${o.label}:`,
    }));
}

function matches(choice: Choice, typed: string): boolean {
  const needle = typed.toLowerCase();
  return choice.name.toLowerCase().includes(needle) || String(choice.value).toLowerCase().startsWith(needle);
}

function hint(spec: OptionSpec, words: CommandLineWords): Suggestion {
  const kind = words.kinds[spec.type] ?? words.kinds.other;
  return { label: `${spec.label}: ${kind}${rangeOf(spec, words)}`, detail: spec.description, text: null };
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
      : [
          {
            label: `${spec.label}: ${commandLineWords(context.locale).noSuggestions}`,
            detail: spec.description,
            text: null,
          },
        ];
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
  return [hint(spec, commandLineWords(context.locale))];
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
  const names = optionNameSuggestions(path, values, prefix, current.text, commandLineWords(context.locale));
  if (names.length > 0 || current.text === '' || !nextPositional) return { items: names, complete };
  const items = await valueSuggestions(nextPositional, unquote(current.text), prefix, request, context);
  return { items, complete };
}
