/**
 * The schema-v2 database of test/fixtures (kept as SQL text, store-v2.sql, so that no database file is tracked),
 * built into the system's temporary folder once for each version of the SQL, which tests copy or read but never
 * change.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const SQL = readFileSync(new URL('../fixtures/store-v2.sql', import.meta.url), 'utf8');

/** The path of the v2 database file, as version 2 wrote it (journal_mode DELETE, user_version 2). */
export function v2FixtureFile(): string {
  const digest = createHash('sha256').update(SQL).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `hare-store-v2-${digest}.db`);
  if (existsSync(file)) return file;
  // Built aside and renamed into place, so that test files starting together never read a half-built file.
  const building = `${file}.${process.pid}.building`;
  rmSync(building, { force: true });
  const db = new Database(building);
  try {
    db.exec(SQL);
  } finally {
    db.close();
  }
  renameSync(building, file);
  return file;
}
