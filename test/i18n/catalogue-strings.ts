/** Every sentence of every catalogue file (the platform's namespaces, each game's locales) in one language. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CatalogueString {
  /** "namespace:key" or "game:key". */
  readonly where: string;
  readonly text: string;
}

const SRC = new URL('../../src/', import.meta.url).pathname;

function stringsOf(value: unknown, where: string, out: CatalogueString[]): void {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      stringsOf(inner, where.endsWith(':') ? `${where}${key}` : `${where}.${key}`, out);
}

/** The catalogue files of `language`: [name, path]. */
export function catalogueFiles(language: string): [string, string][] {
  const inDirectory = (root: string, sub: string) =>
    readdirSync(join(SRC, root))
      .map((name): [string, string] => [name, join(SRC, root, name, sub, `${language}.json`)])
      .filter(([, path]) => existsSync(path));
  return [
    ...inDirectory('i18n', '').filter(([name]) => name !== 'glossary'),
    ...inDirectory('games', 'locales'),
  ];
}

export function catalogueStrings(language: string): CatalogueString[] {
  const out: CatalogueString[] = [];
  for (const [name, path] of catalogueFiles(language))
    stringsOf(JSON.parse(readFileSync(path, 'utf8')), `${name}:`, out);
  return out;
}
