/**
 * npm run db:verify -- <sqlite path or postgres url>: opens the database (migrating a SQLite file after a backup
 * copy beside it), replays every game's log against its stored state, prints a line per game and
 * "N games verified, N failed"; exit 1 on any failure.
 */
import { existsSync } from 'node:fs';
import { GAMES } from '../src/games/index';
import { verifyStorage } from '../src/service/verify';
import { openStorageAt } from '../src/store/open-storage';
import { isPostgresUrl } from '../src/store/pg/pg-storage';
import { parseArguments, usageError } from './args';

const USAGE = 'npm run db:verify -- PATH|URL (an existing database file, or a postgres:// URL)';
const { positionals } = parseArguments(USAGE, { options: {}, allowPositionals: true });
const location = positionals[0];
if (!location || positionals.length > 1 || (!isPostgresUrl(location) && !existsSync(location)))
  usageError(USAGE);
const storage = await openStorageAt(location);
let failed = 0;
try {
  const report = await verifyStorage(storage, GAMES);
  if (report.backup) console.log(`migrated; the database as it was is kept at ${report.backup}`);
  for (const line of report.lines) console.log(line);
  console.log(`${report.verified} games verified, ${report.failed} failed`);
  failed = report.failed;
} finally {
  await storage.close();
}
process.exit(failed > 0 ? 1 : 0);
