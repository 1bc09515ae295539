/** Writes the players' rules in every language under docs/rules (scripts/rules-documents.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rulesDocuments, RULES_DIR } from './rules-documents';
import { noArguments } from './args';

noArguments('npm run docs:rules');

const documents = rulesDocuments();
for (const [path, text] of documents) {
  const file = join(RULES_DIR, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
console.log(`wrote ${documents.size} files under docs/rules`);
