/**
 * Writes the JSON Schema of each game's part of the players' protocol to docs/players-schema/<game>.json
 * (from src/arena/schemas). With --check it writes nothing and exits 1 when a committed file differs.
 *
 *   npm run players:schema [-- --check]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArguments } from './args';
import { SCHEMA_FOLDER, schemaFiles } from './players-schema-files';

const USAGE = 'npm run players:schema [-- --check]';
const { values } = parseArguments(USAGE, { options: { check: { type: 'boolean', default: false } } });

function committed(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

mkdirSync(SCHEMA_FOLDER, { recursive: true });
let stale = 0;
for (const { path, text } of await schemaFiles()) {
  const name = relative(process.cwd(), path);
  if (committed(path) === text) continue;
  if (values.check) {
    console.error(`${name} is out of date: run npm run players:schema`);
    stale += 1;
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${name}`);
  }
}
if (stale > 0) process.exit(1);
