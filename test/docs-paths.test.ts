/** The docs point at files that exist: a renamed or moved file must take its mentions along. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const PATH = /\b(?:src|test|scripts|docs|commands|assets)\/[\w./-]+\.(?:ts|md|json|png|sql|js|mjs)\b/g;

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the docs', () => {
  it('mention only files that exist', () => {
    const missing: string[] = [];
    for (const file of ['README.md', ...markdownFiles('docs')]) {
      for (const path of readFileSync(join(ROOT, file), 'utf8').match(PATH) ?? [])
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
