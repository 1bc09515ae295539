/** The reads of statistics and ratings, the same on both engines but for the dialect's named differences. */
import type { Dialect } from './dialect';

export function readsSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameters: guild, game key, user. */
    statsOne: `SELECT * FROM player_stats WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND user_id = ${p(3)}`,
    /** Parameters: guild, game key, limit. */
    statsTop: `SELECT * FROM player_stats WHERE guild_id = ${p(1)} AND game_key = ${p(2)}
      ORDER BY wins DESC, CAST(wins AS ${d.real}) / games DESC, games DESC, user_id
      LIMIT ${p(3)}`,
    /** Parameters: guild, game key, player. */
    ratingOne: `SELECT * FROM ratings WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND player_id = ${p(3)}`,
    /** Parameters: guild, game key, limit. Computer levels are rated but never listed. */
    ratingTop: `SELECT * FROM ratings
      WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND player_id NOT LIKE 'computer:%'
      ORDER BY mu - 3 * sigma DESC, games DESC, player_id LIMIT ${p(3)}`,
    /** Parameters: guild, game key, player, limit. The player's own history is read first. */
    ratingHistory: `SELECT h.game_id AS "gameId", h.mu, h.sigma, h.rated_at AS "ratedAt" FROM rating_history h
      ${d.leftFirstJoin} games g ON g.id = h.game_id
      WHERE g.guild_id = ${p(1)} AND g.game_key = ${p(2)} AND h.player_id = ${p(3)}
      ORDER BY h.rated_at DESC, g.finished_at DESC LIMIT ${p(4)}`,
    /**
     * Finished games not rated yet, in the order they finished: completed ones, and with `withForfeits` the
     * stopped games whose results were counted too.
     */
    unrated: (withForfeits: boolean) =>
      `SELECT id FROM games WHERE status = 'finished' AND rated = 0 AND ${
        withForfeits
          ? "(end_reason = 'completed' OR (end_reason = 'ended' AND stats_recorded = 1))"
          : "end_reason = 'completed'"
      } ORDER BY finished_at, ${d.writeOrder}`,
  };
}
