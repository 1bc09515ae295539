/** The docs point at files and folders that exist: a renamed or moved file must take its mentions along. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
/** A file with its extension, or a folder written with its trailing slash, under one of the project's folders. */
const PATH =
  /(?<![\w./-])(?:src|test|scripts|docs|commands|assets)\/(?:[\w.-]+\/)*(?:[\w.-]+\.(?:ts|md|json|png|sql|js|mjs)\b|(?=[\s`)'",:;]))/g;

/** Every Markdown file git keeps (the README, docs/, and the notes beside assets and fixtures). */
function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

describe('the docs', () => {
  it('mention only files and folders that exist', () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      for (const path of readFileSync(join(ROOT, file), 'utf8').match(PATH) ?? [])
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
