/** Finished games of a guild, newest first, a page at a time (for `/<game> history`). */
import type Database from 'better-sqlite3';
import type { GameStore } from './game-store';
import type { GameRecord } from '../types';
import type { ArchiveFilter, ArchiveQuery } from '../archive-query';

/** Every finished game of the guild and game: read from the games_finished_by_guild index. */
const EVERYONE = `FROM games WHERE guild_id = @guildId AND game_key = @gameKey AND status = 'finished'`;

/**
 * The finished games a user held a seat in: read from the user's seats first (CROSS JOIN keeps that order), so a
 * server with many games is not read through to find one player's.
 */
const ONE_PLAYER = `FROM seats CROSS JOIN games ON games.id = seats.game_id
  WHERE seats.user_id = @userId AND guild_id = @guildId AND game_key = @gameKey AND status = 'finished'`;

export class GameArchive {
  private readonly count;
  private readonly page;

  constructor(
    db: Database.Database,
    private readonly games: GameStore,
  ) {
    const count = (from: string) =>
      db.prepare<[ArchiveFilter], { total: number }>(`SELECT COUNT(*) AS total ${from}`);
    const page = (from: string) =>
      db.prepare<[ArchiveQuery], { id: string }>(
        `SELECT games.id AS id ${from} ORDER BY finished_at DESC, games.rowid DESC LIMIT @limit OFFSET @offset`,
      );
    this.count = { everyone: count(EVERYONE), onePlayer: count(ONE_PLAYER) };
    this.page = { everyone: page(EVERYONE), onePlayer: page(ONE_PLAYER) };
  }

  /** How many finished games match, over every page. */
  countFinished(filter: ArchiveFilter): number {
    const { guildId, gameKey, userId } = filter;
    const total =
      userId === null
        ? this.count.everyone.get({ guildId, gameKey, userId })
        : this.count.onePlayer.get({ guildId, gameKey, userId });
    return total?.total ?? 0;
  }

  /** One page of the matching finished games, the latest first. */
  finishedGames(query: ArchiveQuery): GameRecord[] {
    return (query.userId === null ? this.page.everyone : this.page.onePlayer)
      .all(query)
      .map((row) => this.games.getGame(row.id))
      .filter((game): game is GameRecord => game !== null);
  }
}
