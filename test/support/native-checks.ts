/**
 * What a native reader of German, French or Spanish notices in a text the bot wrote: a formal address where the
 * game communities say du / tu / tú, a word the language's glossary rules out, a template's seam ("{{name}}",
 * "undefined", "NaN", two spaces), and in French a colon without its space and a "de"/"que" not elided before a
 * name that starts with a vowel.
 */
import { readFileSync } from 'node:fs';

export type NativeLanguage = 'de' | 'fr' | 'es';

/** Formal forms of address the informal texts never need (Sie/Ihr… capitalised mid-sentence, vous, usted). */
export const FORMAL: Record<NativeLanguage, readonly RegExp[]> = {
  fr: [
    /\b[Vv]ous\b/u,
    /\b[Vv]otre\b/u,
    /\b[Vv]os\b/u,
    /\b[Vv]ôtres?\b/u,
    /(^|[.:!?]\s*|\n- )\p{Lu}\p{Ll}+ez\b/u,
  ],
  // Sie/Ihr… capitalised mid-sentence is the polite form ("sie" and "ihr" in lower case are third persons).
  de: [
    /[\p{Ll},;:)]\s+(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/u,
    /^(Bitte )?(Drücken|Wählen|Tippen) Sie\b/u,
  ],
  es: [
    /(?<!\p{L})[Uu]sted(es)?(?!\p{L})/u,
    /(?<!\p{L})(pulse|elija|escriba|juegue|vuelva|intente|únase|pida)(?!\p{L})/u,
  ],
};

interface Term {
  readonly concept: string;
  readonly avoid: readonly string[];
  readonly except?: readonly string[];
  readonly only?: readonly string[];
}

/** The glossary's ruled-out words that apply to a game's texts (and the platform's around them). */
export function avoidedWords(
  language: NativeLanguage,
  gameKey: string,
): { pattern: RegExp; concept: string }[] {
  const url = new URL(`../../src/i18n/glossary/${language}.json`, import.meta.url);
  const { terms } = JSON.parse(readFileSync(url, 'utf8')) as { terms: readonly Term[] };
  return terms
    .filter((term) => !term.except?.includes(gameKey) && (!term.only || term.only.includes(gameKey)))
    .flatMap((term) =>
      term.avoid.map((avoid) => ({ pattern: new RegExp(avoid, 'u'), concept: term.concept })),
    );
}

/** A template's seams: a placeholder left over, a value that was never there, two spaces inside a line. */
export function seams(text: string): string[] {
  const found: string[] = [];
  if (/\{\{|\}\}/.test(text)) found.push('a placeholder');
  if (/\bundefined\b/.test(text)) found.push('undefined');
  if (/\bNaN\b/.test(text)) found.push('NaN');
  if (/\[object /.test(text)) found.push('[object …]');
  // two spaces between words (a line's indentation, e.g. in a code block, is not a seam)
  if (text.split('\n').some((line) => /\S {2,}\S/.test(line))) found.push('two spaces');
  if (/ [,.](?!\d|\.)/.test(text)) found.push('a space before a comma or a full stop');
  return found;
}

/** French typography: a space (often a narrow or non-breaking one) before ":", ";", "!" and "?". */
export function frenchColons(text: string): string[] {
  // times ("12:30"), emoji names (":star:"), option values ("seats:3") and links have no space by nature
  const bare = text
    .replace(/\d:\d/g, ' ')
    .replace(/:[\w-]+:/g, ' ')
    .replace(/[\w-]+:\S/g, ' ');
  return [...bare.matchAll(/\S(?<![\s\u00a0\u202f])[:;!?](?=\s|$)/gu)].map((match) => match[0]);
}

/** "de Alice", "que Alice", "de Le Lièvre": French elides and contracts before a vowel and an article. */
export function frenchElision(text: string, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of names.filter((name) => /^[AEIOUYÂÊÎÔÛÉÈH]/iu.test(name)))
    for (const word of ['de', 'que', 'le', 'la', 'ce', 'ne', 'je'])
      if (new RegExp(`(^|[^\\p{L}])${word} ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(text))
        found.push(`${word} ${name}`);
  for (const match of text.matchAll(/(^|[^\p{L}])(de|à) (Le|Les) /gu)) found.push(match[0].trim());
  return found;
}
