/**
 * npm run db:backup -- [--to DIR] [--keep K] [--database PATH or URL]: an online, consistent copy of the database (a
 * SQLite file, or PostgreSQL copied into one; safe while the bot runs), verified by replaying every game in it; the last K copies are kept. Prints the copy's
 * path and "N games verified"; exit 1 if any game of the copy fails.
 */
import 'dotenv/config';
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { GAMES } from '../src/games/index';
import { takeBackup } from '../src/ops/backups';
import { verifyDatabase } from '../src/service/verify';
import { openStorageAt } from '../src/store/open-storage';
import { isPostgresUrl } from '../src/store/pg/pg-storage';
import { parseArguments, usageError } from './args';

const USAGE =
  'npm run db:backup -- [--to DIR] [--keep K (≥ 1)] [--database PATH (an existing file) or postgres:// URL]';
const { values } = parseArguments(USAGE, {
  options: { to: { type: 'string' }, keep: { type: 'string' }, database: { type: 'string' } },
});
const config = loadConfig();
const databaseFile = values.database ?? config.DATABASE_URL ?? config.DATABASE_PATH;
const keep = values.keep === undefined ? config.BACKUP_KEEP : Number(values.keep);
if ((!isPostgresUrl(databaseFile) && !existsSync(databaseFile)) || !Number.isInteger(keep) || keep < 1) {
  usageError(USAGE);
}
const store = await openStorageAt(databaseFile);
try {
  const result = await takeBackup({
    copyTo: (file) => store.backupTo(file),
    databaseFile,
    dir: values.to ?? config.BACKUP_DIR,
    keep,
    now: Date.now(),
    verify: async (file) => {
      const report = await verifyDatabase(file, GAMES);
      const failures = report.lines.filter((line) => !line.startsWith('ok'));
      return { verified: report.verified, failed: report.failed, failures };
    },
  });
  console.log(`backup: ${result.file}`);
  for (const line of result.failures) console.log(line);
  console.log(`${result.verified} games verified, ${result.failed} failed`);
  for (const file of result.removed) console.log(`removed the older backup ${file}`);
  process.exitCode = result.failed > 0 ? 1 : 0;
} finally {
  await store.close();
}
