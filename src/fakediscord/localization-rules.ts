/**
 * Discord's rules for localised commands: `name_localizations` and `description_localizations` on a command,
 * its options and subcommands, and `name_localizations` on choices. Keys must be Discord locales; a localised
 * name follows the name rules (1–32 characters, lower case for chat commands, no spaces); a localised
 * description or choice name is 1–100 characters; and two options of one level may not share a name in any
 * locale.
 */
import { Locale } from 'discord.js';
import type { FormErrors } from './errors';
import { isRecord, recordArray, textLength, type JsonRecord } from './json';

type Path = (string | number)[];

const LOCALES: ReadonlySet<string> = new Set(Object.values(Locale));

/** The same pattern the fake applies to command and option names. */
export const COMMAND_NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function localizations(value: unknown, errors: FormErrors, path: Path): [string, unknown][] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) {
    errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return [];
  }
  const entries = Object.entries(value);
  for (const [locale] of entries) {
    if (!LOCALES.has(locale))
      errors.add([...path, locale], 'ENUM_TYPE_COERCE', `Value "${locale}" is not a valid enum value.`);
  }
  return entries.filter(([locale]) => LOCALES.has(locale));
}

/** Checks a command's or option's localised name and description. */
export function validateLocalizations(
  item: JsonRecord,
  lowercase: boolean,
  errors: FormErrors,
  path: Path,
): void {
  for (const [locale, name] of localizations(item['name_localizations'], errors, [
    ...path,
    'name_localizations',
  ])) {
    const text = typeof name === 'string' ? name : '';
    if (!COMMAND_NAME_PATTERN.test(text) || (lowercase && text !== text.toLowerCase()))
      errors.add(
        [...path, 'name_localizations', locale],
        'APPLICATION_COMMAND_INVALID_NAME',
        'Command name is invalid',
      );
  }
  const descriptions = localizations(item['description_localizations'], errors, [
    ...path,
    'description_localizations',
  ]);
  for (const [locale, description] of descriptions) {
    const length = textLength(description);
    if (typeof description !== 'string' || length < 1 || length > 100)
      errors.add(
        [...path, 'description_localizations', locale],
        'BASE_TYPE_BAD_LENGTH',
        'Must be between 1 and 100 in length.',
      );
  }
  recordArray(item['choices']).forEach((choice, i) => {
    const at = [...path, 'choices', i, 'name_localizations'];
    for (const [locale, name] of localizations(choice['name_localizations'], errors, at)) {
      const length = textLength(name);
      if (typeof name !== 'string' || length < 1 || length > 100)
        errors.add([...at, locale], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
  });
}

/** Two options of one level may not share a name, in the default language or any locale. */
export function validateUniqueLocalizedNames(
  options: readonly JsonRecord[],
  errors: FormErrors,
  path: Path,
): void {
  const seen = new Map<string, number>();
  options.forEach((option, i) => {
    const names = new Set<string>([`:${String(option['name'] ?? '')}`]);
    const localized = isRecord(option['name_localizations']) ? option['name_localizations'] : {};
    for (const [locale, name] of Object.entries(localized)) names.add(`${locale}:${String(name)}`);
    for (const name of names) {
      if (seen.has(name) && seen.get(name) !== i)
        errors.add(
          [...path, i, 'name'],
          'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
          'Option names must be unique',
        );
      seen.set(name, i);
    }
  });
}
