/**
 * npm run db:ratings -- <sqlite path or postgres url> [--rebuild]: opens the database (migrating a SQLite file
 * after a backup copy beside it), rates the finished games not rated yet (all of them again with --rebuild, from
 * the games table), and prints every guild's rating table per game: rank, player, conservative rating,
 * skill ± uncertainty, games, wins.
 */
import { existsSync } from 'node:fs';
import { GAMES } from '../src/games/index';
import { rateUnratedGamesIn, rebuildRatingsIn } from '../src/service/ratings-storage';
import { openStorageAt } from '../src/store/open-storage';
import { isPostgresUrl } from '../src/store/pg/pg-storage';
import { parseArguments, usageError } from './args';

const USAGE = 'npm run db:ratings -- PATH|URL [--rebuild]  (an existing database file, or a postgres:// URL)';
const { values, positionals } = parseArguments(USAGE, {
  options: { rebuild: { type: 'boolean' } },
  allowPositionals: true,
});
const location = positionals[0];
if (!location || positionals.length > 1 || (!isPostgresUrl(location) && !existsSync(location)))
  usageError(USAGE);
const storage = await openStorageAt(location);
try {
  if (storage.migrationBackup)
    console.log(`migrated; the database as it was is kept at ${storage.migrationBackup}`);
  const rated = values.rebuild
    ? await rebuildRatingsIn(storage, GAMES)
    : await rateUnratedGamesIn(storage, GAMES);
  console.log(`${rated} games rated${values.rebuild ? ' (all ratings rebuilt from the games table)' : ''}`);
  for (const { guildId, gameKey } of await storage.ratings.groups()) {
    console.log(`\n${gameKey} on guild ${guildId}`);
    (await storage.ratings.leaderboard(guildId, gameKey, 100)).forEach((r, i) => {
      const skill = `${r.mu.toFixed(2)} ± ${r.sigma.toFixed(2)}`;
      console.log(
        `${String(i + 1).padStart(3)}. ${r.name.padEnd(24)} ${r.conservative.toFixed(2).padStart(7)}  ${skill}  ${r.games} games, ${r.wins} wins`,
      );
    });
  }
} finally {
  await storage.close();
}
