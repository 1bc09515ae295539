import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { OWNER_ONLY } from './database';

/**
 * Copies the open database to `target` while it is in use, with SQLite's online backup API (consistent: the
 * copy is the database at one moment, whatever is written meanwhile; it runs in steps between other work).
 * The copy is written beside the target and renamed into place, readable by its owner only.
 */
export async function backupOnline(db: Database.Database, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // SQLite keeps the mode of an existing file: created owner-only, the copy is never readable by others.
  fs.closeSync(fs.openSync(partial, 'wx', OWNER_ONLY));
  try {
    await db.backup(partial);
    withoutTokens(partial);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** Interaction tokens are credentials valid for minutes: a backup keeps none (overwritten, not just unlinked). */
function withoutTokens(file: string): void {
  const copy = new Database(file);
  try {
    const table = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'interaction_tokens'")
      .get();
    if (!table) return;
    copy.pragma('secure_delete = ON');
    copy.exec('DELETE FROM interaction_tokens');
  } finally {
    copy.close();
  }
}
