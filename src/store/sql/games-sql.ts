/** The reads of games, seats and the action log (and settling a channel), the same on both engines. */
import type { Dialect } from './dialect';

/** A seat's columns, in the order rows.ts reads them. */
export const SEAT_COLUMNS = 'seat_index, kind, user_id, level, name, left_game, client_seed';

export function gamesSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameter: game. */
    gameExists: `SELECT id FROM games WHERE id = ${p(1)}`,
    /** Parameter: game. */
    game: `SELECT * FROM games WHERE id = ${p(1)}`,
    /** Parameter: game. */
    seats: `SELECT ${SEAT_COLUMNS} FROM seats WHERE game_id = ${p(1)} ORDER BY seat_index`,
    /** Parameter: channel. At most one (a unique index). */
    openInChannel: `SELECT * FROM games WHERE channel_id = ${p(1)} AND status IN ('lobby', 'active')`,
    /** Parameters: channel, game key. */
    latestInChannel: `SELECT id FROM games WHERE channel_id = ${p(1)} AND game_key = ${p(2)}
      ORDER BY created_at DESC, ${d.writeOrder} DESC LIMIT 1`,
    /** The running games, the soonest due first. */
    active: "SELECT id, guild_id, next_due_at FROM games WHERE status = 'active' ORDER BY next_due_at",
    lobbies: "SELECT id, guild_id, updated_at FROM games WHERE status = 'lobby'",
    /** Parameters: host, guild. The open lobbies a host hosts (in every server) and a server has. */
    countLobbies: `SELECT COUNT(*) FILTER (WHERE host_id = ${p(1)}) AS hosted,
        COUNT(*) FILTER (WHERE guild_id = ${p(2)}) AS in_guild
      FROM games WHERE status = 'lobby'`,
    /** Parameters: now, game. */
    settleChannel: `UPDATE games SET channel_settled = 1, updated_at = ${p(1)}
      WHERE id = ${p(2)} AND status IN ('finished', 'cancelled')`,
    unsettled:
      "SELECT id, guild_id FROM games WHERE status IN ('lobby', 'active') OR channel_settled = 0 ORDER BY updated_at",
    awaitingSummary: `SELECT id FROM games
      WHERE status = 'finished' AND end_reason IN ('completed', 'ended') AND summary_posted = 0
      ORDER BY finished_at`,
    /** Parameter: channel. */
    turnNotices: `SELECT id AS "gameId", turn_notice_message_id AS "messageId" FROM games
      WHERE channel_id = ${p(1)} AND turn_notice_message_id IS NOT NULL`,
    gameIds: 'SELECT id FROM games ORDER BY created_at, id',
    /** Parameter: game. */
    actions: `SELECT * FROM actions WHERE game_id = ${p(1)} ORDER BY seq`,
    /** Parameters: game, limit. The newest first. */
    lastActions: `SELECT * FROM actions WHERE game_id = ${p(1)} ORDER BY seq DESC LIMIT ${p(2)}`,
  };
}
