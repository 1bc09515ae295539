/**
 * npm run db:verify -- PATH: opens the database (migrating it after a backup copy beside it), replays every
 * game's log against its stored state, prints a line per game and "N games verified, N failed"; exit 1 on any
 * failure.
 */
import { existsSync } from 'node:fs';
import { GAMES } from '../src/games/index';
import { verifyDatabase } from '../src/service/verify';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error('usage: npm run db:verify -- PATH (an existing database file)');
  process.exit(2);
}
const report = verifyDatabase(file, GAMES);
if (report.backup) console.log(`migrated; the database as it was is kept at ${report.backup}`);
for (const line of report.lines) console.log(line);
console.log(`${report.verified} games verified, ${report.failed} failed`);
process.exit(report.failed > 0 ? 1 : 0);
