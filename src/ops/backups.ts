/**
 * Backups of the SQLite database while the bot runs: an online copy (SQLite's backup API), verified by replaying
 * every game in it, the last `keep` copies kept. `npm run db:backup` and BACKUP_INTERVAL_HOURS both come here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { startWorker } from '../workers/task-pool';

export interface BackupVerdict {
  verified: number;
  failed: number;
  /** The lines of the games that failed. */
  failures: string[];
}

export interface BackupResult extends BackupVerdict {
  file: string;
  /** Older backups removed to keep the last `keep`. */
  removed: string[];
}

export interface BackupOptions {
  /** Takes the consistent copy as a SQLite file at its path (Storage.backupTo, either engine). */
  copyTo: (file: string) => Promise<void>;
  /** The database file's path, or a name for a server's database (names the copies: hare.db → hare-20261125-231500.db). */
  databaseFile: string;
  dir: string;
  keep: number;
  now: number;
  /** Replays every game of the copy (in a worker thread for the bot, inline for the command). */
  verify: (file: string) => Promise<BackupVerdict>;
}

function stamp(now: number): string {
  return new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

function copiesOf(dir: string, base: string): string[] {
  const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}-\\d{6}\\.db$`);
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort();
}

/**
 * The copies' name: the file's (hare.db → hare), or a server database's name (postgres://…/hare → hare). Nothing
 * else of a URL (a password, a user, a host) reaches a file name; a URL without a database is `postgres`.
 */
export function backupBaseName(databaseFile: string): string {
  if (!/^postgres(ql)?:\/\//i.test(databaseFile)) return path.basename(databaseFile).replace(/\.db$/, '');
  let database = '';
  try {
    database = decodeURIComponent(new URL(databaseFile).pathname.slice(1));
  } catch {
    // not a URL we can read: the generic name
  }
  return /^[\w-]{1,63}$/.test(database) ? database : 'postgres';
}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const base = backupBaseName(options.databaseFile);
  const file = path.join(options.dir, `${base}-${stamp(options.now)}.db`);
  await options.copyTo(file);
  const verdict = await options.verify(file);
  const copies = copiesOf(options.dir, base);
  const removed = verdict.failed === 0 ? copies.slice(0, Math.max(0, copies.length - options.keep)) : [];
  for (const name of removed) fs.rmSync(path.join(options.dir, name), { force: true });
  return { file, ...verdict, removed: removed.map((name) => path.join(options.dir, name)) };
}

/** Verifies a copy in a worker thread, so replaying every game never holds up the bot's main thread. */
export async function verifyInWorker(file: string): Promise<BackupVerdict> {
  const worker = startWorker(new URL('./verify-worker.ts', import.meta.url), { file });
  const [verdict] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [BackupVerdict];
  await worker.terminate();
  return verdict;
}
