/** Finished games of a guild, newest first, a page at a time (for `/<game> history`). */
import type Database from 'better-sqlite3';
import type { GameStore } from './game-store';
import type { GameRecord } from './types';

export interface ArchiveQuery {
  guildId: string;
  gameKey: string;
  /** Only the games this user held a seat in (left or not); null for everyone's. */
  userId: string | null;
  offset: number;
  limit: number;
}

const MATCHES = `guild_id = @guildId AND game_key = @gameKey AND status = 'finished'
  AND (@userId IS NULL OR EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id = @userId))`;

export type ArchiveFilter = Pick<ArchiveQuery, 'guildId' | 'gameKey' | 'userId'>;

export class GameArchive {
  private readonly countStatement;
  private readonly pageStatement;

  constructor(
    db: Database.Database,
    private readonly games: GameStore,
  ) {
    this.countStatement = db.prepare<[ArchiveFilter], { total: number }>(
      `SELECT COUNT(*) AS total FROM games WHERE ${MATCHES}`,
    );
    this.pageStatement = db.prepare<[ArchiveQuery], { id: string }>(
      `SELECT id FROM games WHERE ${MATCHES} ORDER BY finished_at DESC, rowid DESC LIMIT @limit OFFSET @offset`,
    );
  }

  /** How many finished games match, over every page. */
  countFinished(filter: ArchiveFilter): number {
    const { guildId, gameKey, userId } = filter;
    return this.countStatement.get({ guildId, gameKey, userId })?.total ?? 0;
  }

  /** One page of the matching finished games, the latest first. */
  finishedGames(query: ArchiveQuery): GameRecord[] {
    return this.pageStatement
      .all(query)
      .map((row) => this.games.getGame(row.id))
      .filter((game): game is GameRecord => game !== null);
  }
}
