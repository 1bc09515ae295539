/**
 * What is wrong with a catalogue: a key English has that another language lacks (or the reverse), a message
 * whose placeholders differ from English's, or a plural without exactly the forms its language uses
 * (Intl.PluralRules: English and German one/other, French and Spanish one/many/other).
 */
import type { Catalogue, Messages } from './catalogue';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every message by its dotted key. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

/** The placeholder names of a message (`{{count, number}}` counts as `count`). */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!).sort();
}

/** Base key → the plural forms present (empty for a key without plural forms). */
function forms(flat: Map<string, string>): Map<string, Set<string>> {
  const byBase = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const plural = PLURAL_SUFFIX.exec(key);
    const base = plural ? key.slice(0, plural.index) : key;
    const set = byBase.get(base) ?? new Set<string>();
    if (plural) set.add(plural[1]!);
    byBase.set(base, set);
  }
  return byBase;
}

function pluralCategories(language: Language): Set<string> {
  return new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
}

/** One line per problem, naming the namespace, language and key; empty when the catalogue is complete. */
export function catalogueProblems(namespace: string, catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const english = flatten(catalogue[DEFAULT_LANGUAGE]);
  const englishForms = forms(english);
  const englishPlaceholders = new Map<string, string>();
  for (const [key, message] of english) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const names = placeholders(message).join(',');
    if (!englishPlaceholders.has(base) || englishPlaceholders.get(base) === names)
      englishPlaceholders.set(base, names);
  }
  for (const language of LANGUAGES) {
    const flat = flatten(catalogue[language]);
    const languageForms = forms(flat);
    const wanted = pluralCategories(language);
    for (const [base, present] of englishForms) {
      const own = languageForms.get(base);
      if (!own) {
        problems.push(`${namespace} ${language}: missing ${base}`);
        continue;
      }
      if (present.size === 0 && own.size === 0) continue;
      const missing = [...wanted].filter((form) => !own.has(form));
      const extra = [...own].filter((form) => !wanted.has(form));
      if (missing.length > 0)
        problems.push(`${namespace} ${language}: ${base} lacks plural ${missing.join(', ')}`);
      if (extra.length > 0)
        problems.push(`${namespace} ${language}: ${base} has plural ${extra.join(', ')} it does not use`);
    }
    for (const base of languageForms.keys()) {
      if (!englishForms.has(base)) problems.push(`${namespace} ${language}: ${base} is not in English`);
    }
    for (const [key, message] of flat) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const expected = englishPlaceholders.get(base);
      const own = placeholders(message).filter((name) => name !== 'count' || expected?.includes('count'));
      if (expected !== undefined && own.join(',') !== expected)
        problems.push(
          `${namespace} ${language}: ${key} has placeholders {${own.join(', ')}}, English {${expected}}`,
        );
    }
  }
  return problems;
}
