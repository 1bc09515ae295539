/** Statistics, ratings and the finished-games archive on PostgreSQL. */
import type { ArchiveFilter, ArchiveQuery } from '../archive-query';
import {
  ratingFromRow,
  type GameToRate,
  type PlayerRating,
  type RatingPoint,
  type RatingRow,
} from '../ratings';
import { statsFromRow, type StatsRow } from '../rows';
import type { ArchiveStorage, RatingStorage, StatsStorage } from '../storage';
import type { GameRecord, PlayerStats } from '../types';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { readsSql } from '../sql/reads-sql';
import { archiveCount, archivePage, archiveSql } from '../sql/archive-sql';
import type { PgDatabase } from './database';
import { readGame } from './pg-games';
import { recordRatings } from './pg-results';

const SQL = readsSql(POSTGRES_DIALECT);

export class PgStats implements StatsStorage {
  constructor(private readonly db: PgDatabase) {}

  async get(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null> {
    const [row] = await this.db.rows<StatsRow>(SQL.statsOne, [guildId, gameKey, userId]);
    return row ? statsFromRow(row) : null;
  }

  async leaderboard(guildId: string, gameKey: string, limit: number): Promise<PlayerStats[]> {
    const rows = await this.db.rows<StatsRow>(SQL.statsTop, [guildId, gameKey, limit]);
    return rows.map(statsFromRow);
  }
}

export class PgRatings implements RatingStorage {
  constructor(private readonly db: PgDatabase) {}

  async get(guildId: string, gameKey: string, playerId: string): Promise<PlayerRating | null> {
    const [row] = await this.db.rows<RatingRow>(SQL.ratingOne, [guildId, gameKey, playerId]);
    return row ? ratingFromRow(row) : null;
  }

  async leaderboard(guildId: string, gameKey: string, limit: number): Promise<PlayerRating[]> {
    const rows = await this.db.rows<RatingRow>(SQL.ratingTop, [guildId, gameKey, limit]);
    return rows.map(ratingFromRow);
  }

  async history(guildId: string, gameKey: string, playerId: string, limit: number): Promise<RatingPoint[]> {
    const rows = await this.db.rows<RatingPoint>(SQL.ratingHistory, [guildId, gameKey, playerId, limit]);
    return rows.reverse();
  }

  async unratedGameIds(withForfeits = false): Promise<string[]> {
    // Completed games only: the partial index games_unrated holds exactly those (the start-up's query).
    const rows = await this.db.rows<{ id: string }>(SQL.unrated(withForfeits));
    return rows.map((row) => row.id);
  }

  rateGame(game: GameToRate, now: number): Promise<boolean> {
    return this.db.transaction((tx) => recordRatings(tx, game, now));
  }

  clear(): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM rating_history');
      await tx.run('DELETE FROM ratings');
      await tx.run('UPDATE games SET rated = 0 WHERE rated = 1');
    });
  }

  async groups(): Promise<{ guildId: string; gameKey: string }[]> {
    return this.db.rows(
      'SELECT DISTINCT guild_id AS "guildId", game_key AS "gameKey" FROM ratings ORDER BY 1, 2',
    );
  }
}

const ARCHIVE = archiveSql(POSTGRES_DIALECT);

export class PgArchive implements ArchiveStorage {
  constructor(private readonly db: PgDatabase) {}

  async countFinished(filter: ArchiveFilter): Promise<number> {
    const { name, args } = archiveCount(filter);
    const [row] = await this.db.rows<{ total: number }>(ARCHIVE[name], args);
    return row?.total ?? 0;
  }

  async finishedGames(query: ArchiveQuery): Promise<GameRecord[]> {
    const { name, args } = archivePage(query);
    const rows = await this.db.rows<{ id: string }>(ARCHIVE[name], args);
    const games = await Promise.all(rows.map((row) => readGame(this.db, row.id)));
    return games.filter((game): game is GameRecord => game !== null);
  }
}
