/**
 * The players' rules of every game in every language, as docs/rules/<language>/<game>.md: the very text
 * `/<game> rules` answers when no game is open, so the docs and the bot never disagree. `npm run docs:rules`
 * writes them (scripts/docs-rules.ts); test/docs-rules.test.ts fails when they are out of date.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES } from '../src/games/index';
import { LANGUAGE_NAMES, LANGUAGES } from '../src/i18n/index';
import { catalogueWords } from '../src/i18n/catalogue-words';

export const RULES_DIR = fileURLToPath(new URL('../docs/rules', import.meta.url));

/** Each rules file's path (under docs/rules) and its text. */
export function rulesDocuments(): Map<string, string> {
  const documents = new Map<string, string>();
  for (const language of LANGUAGES) {
    const lines = [`# ${LANGUAGE_NAMES[language]}`, ''];
    for (const module of GAMES.all) {
      const title = module.catalogue ? catalogueWords(module.catalogue, language)('title') : module.title;
      const rules = module.texts.rules;
      const text = typeof rules === 'string' ? rules : rules({}, language);
      documents.set(join(language, `${module.key}.md`), `# ${title}\n\n${text.trim()}\n`);
      lines.push(`- [${title}](${module.key}.md) (\`/${module.key} rules\`)`);
    }
    documents.set(join(language, 'README.md'), `${lines.join('\n')}\n`);
  }
  return documents;
}
