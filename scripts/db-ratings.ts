/**
 * npm run db:ratings -- PATH [--rebuild]: opens the database (migrating it after a backup copy beside it), rates
 * the finished games not rated yet (all of them again with --rebuild, from the games table), and prints every
 * guild's rating table per game: rank, player, conservative rating, skill ± uncertainty, games, wins.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GAMES } from '../src/games/index';
import { rateUnratedGames, rebuildRatings } from '../src/service/ratings';
import { openStore, type PlayerRating } from '../src/store/index';
import { migrationBackupOf } from '../src/store/backup';

const { values, positionals } = parseArgs({
  options: { rebuild: { type: 'boolean' } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file || !existsSync(file)) {
  console.error('usage: npm run db:ratings -- PATH [--rebuild]  (an existing database file)');
  process.exit(2);
}
const store = openStore(file);
try {
  const backup = migrationBackupOf(store.db);
  if (backup) console.log(`migrated; the database as it was is kept at ${backup}`);
  const rated = values.rebuild ? rebuildRatings(store, GAMES) : rateUnratedGames(store, GAMES);
  console.log(`${rated} games rated${values.rebuild ? ' (all ratings rebuilt from the games table)' : ''}`);
  const groups = store.db
    .prepare(
      'SELECT DISTINCT guild_id AS guildId, game_key AS gameKey FROM ratings ORDER BY guild_id, game_key',
    )
    .all() as { guildId: string; gameKey: string }[];
  for (const { guildId, gameKey } of groups) {
    console.log(`\n${gameKey} on guild ${guildId}`);
    store.ratings.leaderboard(guildId, gameKey, 100).forEach((r: PlayerRating, i) => {
      const skill = `${r.mu.toFixed(2)} ± ${r.sigma.toFixed(2)}`;
      console.log(
        `${String(i + 1).padStart(3)}. ${r.name.padEnd(24)} ${r.conservative.toFixed(2).padStart(7)}  ${skill}  ${r.games} games, ${r.wins} wins`,
      );
    });
  }
} finally {
  store.close();
}
