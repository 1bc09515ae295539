/**
 * The writes of a finished game's statistics and ratings, the same on both engines (inside the transaction that
 * ends the game). The upserts name their table in DO UPDATE, which both engines read the same way.
 */
import type { Dialect } from './dialect';

export function resultsSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameter: game. Changes a row only the first time the game's outcomes are counted. */
    markStatsRecorded: `UPDATE games SET stats_recorded = 1 WHERE id = ${p(1)} AND stats_recorded = 0`,
    /** Parameters: guild, game key, user, name, won (0/1), place, left (0/1), now. */
    statsUpsert: `INSERT INTO player_stats (guild_id, game_key, user_id, name, games, wins, place_sum, games_left,
                              beaten, updated_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, 1, ${p(5)}, ${p(6)}, ${p(7)}, '{}', ${p(8)})
      ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET
        name = excluded.name,
        games = player_stats.games + 1,
        wins = player_stats.wins + excluded.wins,
        place_sum = player_stats.place_sum + excluded.place_sum,
        games_left = player_stats.games_left + excluded.games_left,
        updated_at = excluded.updated_at`,
    /** Parameters: guild, game key, user. */
    selectBeaten: `SELECT beaten FROM player_stats WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND user_id = ${p(3)}`,
    /** Parameters: beaten (JSON), guild, game key, user. */
    writeBeaten: `UPDATE player_stats SET beaten = ${p(1)}
      WHERE guild_id = ${p(2)} AND game_key = ${p(3)} AND user_id = ${p(4)}`,
    /** Parameter: game. Changes a row only the first time the game is rated. */
    markRated: `UPDATE games SET rated = 1 WHERE id = ${p(1)} AND rated = 0`,
    /** Parameters: guild, game key, player, name, mu, sigma, won (0/1), now. */
    ratingUpsert: `INSERT INTO ratings (guild_id, game_key, player_id, name, mu, sigma, games, wins, updated_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, 1, ${p(7)}, ${p(8)})
      ON CONFLICT (guild_id, game_key, player_id) DO UPDATE SET
        name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,
        wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at`,
    /** Parameters: game, player, mu, sigma, now. */
    insertRatingPoint: `INSERT INTO rating_history (game_id, player_id, mu, sigma, rated_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})`,
  };
}
