/**
 * The schema-v2 database of test/fixtures (kept as SQL text, store-v2.sql, so that no database file is tracked),
 * built once per test process into a temporary file that tests copy or read but never change.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const SQL = new URL('../fixtures/store-v2.sql', import.meta.url);

let built: string | null = null;

/** The path of the v2 database file, as version 2 wrote it (journal_mode DELETE, user_version 2). */
export function v2FixtureFile(): string {
  if (built) return built;
  const file = join(mkdtempSync(join(tmpdir(), 'hare-fixture-v2-')), 'store-v2.db');
  const db = new Database(file);
  try {
    db.exec(readFileSync(SQL, 'utf8'));
  } finally {
    db.close();
  }
  built = file;
  return file;
}
