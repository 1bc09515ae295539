/** The finished-games archive (`/<game> history`), the same on both engines but for the dialect's differences. */
import type { ArchiveFilter, ArchiveQuery } from '../archive-query';
import type { Dialect } from './dialect';

export function archiveSql(d: Dialect) {
  const p = d.param;
  /** Every finished game of the guild and game: read from the games_finished_by_guild index. */
  const everyone = `FROM games WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND status = 'finished'`;
  /** The finished games a user held a seat in: read from the user's seats first (the dialect's join). */
  const onePlayer = `FROM seats ${d.leftFirstJoin} games ON games.id = seats.game_id
    WHERE guild_id = ${p(1)} AND game_key = ${p(2)} AND status = 'finished' AND seats.user_id = ${p(3)}`;
  const page = (from: string, limit: number) =>
    `SELECT games.id AS id ${from} ORDER BY finished_at DESC, games.${d.writeOrder} DESC
      LIMIT ${p(limit)} OFFSET ${p(limit + 1)}`;
  return {
    /** Parameters: guild, game key. */
    countEveryone: `SELECT COUNT(*) AS total ${everyone}`,
    /** Parameters: guild, game key, user. */
    countOnePlayer: `SELECT COUNT(*) AS total ${onePlayer}`,
    /** Parameters: guild, game key, limit, offset. The latest first. */
    pageEveryone: page(everyone, 3),
    /** Parameters: guild, game key, user, limit, offset. The latest first. */
    pageOnePlayer: page(onePlayer, 4),
  };
}

type ArchiveStatement = keyof ReturnType<typeof archiveSql>;

/** The count of a filter: which statement, with its arguments in their order. */
export function archiveCount(filter: ArchiveFilter): { name: ArchiveStatement; args: unknown[] } {
  const { guildId, gameKey, userId } = filter;
  return userId === null
    ? { name: 'countEveryone', args: [guildId, gameKey] }
    : { name: 'countOnePlayer', args: [guildId, gameKey, userId] };
}

/** A page of a query: which statement, with its arguments in their order. */
export function archivePage(query: ArchiveQuery): { name: ArchiveStatement; args: unknown[] } {
  const { guildId, gameKey, userId, limit, offset } = query;
  return userId === null
    ? { name: 'pageEveryone', args: [guildId, gameKey, limit, offset] }
    : { name: 'pageOnePlayer', args: [guildId, gameKey, userId, limit, offset] };
}
