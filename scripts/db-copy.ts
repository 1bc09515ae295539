/**
 * npm run db:copy -- --from <sqlite path or postgres url> --to <sqlite path or postgres url> [--force]: copies
 * every game, seat, action, statistic, rating and outbox row to the destination (created or migrated first),
 * then replays every game there and prints "N games copied, N verified, N failed" (exit 1 if any failed). A
 * destination that already holds games is refused unless --force (which replaces them). The source is only read
 * (src/store/open-source.ts): an older SQLite file is migrated in a temporary snapshot, never in place.
 */
import { existsSync } from 'node:fs';
import { GAMES } from '../src/games/index';
import { verifyStorage } from '../src/service/verify';
import { copyStorage, DestinationNotEmptyError } from '../src/store/copy';
import { openSourceAt } from '../src/store/open-source';
import { openStorageAt } from '../src/store/open-storage';
import { isPostgresUrl } from '../src/store/pg/pg-storage';
import { parseArguments, usageError } from './args';

const USAGE =
  'npm run db:copy -- --from <sqlite path or postgres url> --to <sqlite path or postgres url> [--force]';

const { values } = parseArguments(USAGE, {
  options: { from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean' } },
});
if (!values.from || !values.to) usageError(USAGE);
if (!isPostgresUrl(values.from) && !existsSync(values.from))
  usageError(USAGE, `${values.from}: no such database file`);

const from = await openSourceAt(values.from);
const to = await openStorageAt(values.to);
let status = 0;
try {
  const counts = await copyStorage(from, to, { force: values.force });
  const rows = Object.entries(counts)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
  console.log(`copied to ${to.location}: ${rows}`);
  const report = await verifyStorage(to, GAMES);
  for (const line of report.lines) if (!line.startsWith('ok')) console.log(line);
  console.log(`${counts.games ?? 0} games copied, ${report.verified} verified, ${report.failed} failed`);
  status = report.failed > 0 ? 1 : 0;
} catch (error) {
  if (!(error instanceof DestinationNotEmptyError)) throw error;
  console.error(error.message);
  status = 1;
} finally {
  await from.close();
  await to.close();
}
process.exit(status);
