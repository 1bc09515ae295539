/** The rules in docs/rules/<language>/ are the bot's own `/<game> rules` answers, in every language. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesDocuments, RULES_DIR } from '../scripts/rules-documents';
import { LANGUAGES } from '../src/i18n/index';

describe("the players' rules in docs/rules", () => {
  it('are what /<game> rules answers in each language (npm run docs:rules rewrites them)', () => {
    const documents = rulesDocuments();
    expect(documents.size).toBe(LANGUAGES.length * 5);
    for (const [path, text] of documents) {
      const file = join(RULES_DIR, path);
      expect(existsSync(file), `${path} is missing: run npm run docs:rules`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${path} is out of date: run npm run docs:rules`).toBe(text);
    }
  });

  it('are translated: the German rules of Greed are not the English ones', () => {
    const documents = rulesDocuments();
    expect(documents.get(join('de', 'greed.md'))).not.toBe(documents.get(join('en', 'greed.md')));
    expect(documents.get(join('de', 'greed.md'))).toMatch(/Würfel/);
  });
});
