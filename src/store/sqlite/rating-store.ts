/** Skill ratings per guild, game and player, updated once per finished game and rebuildable from the games. */
import type Database from 'better-sqlite3';
import {
  type GameToRate,
  type PlayerRating,
  ratingFromRow,
  type RatingPoint,
  type RatingRow,
} from '../ratings';
import { INITIAL_RATING, rateGame } from '../rating-math';
import { SQLITE_DIALECT } from '../sql/dialect';
import { readsSql } from '../sql/reads-sql';
import { resultsSql } from '../sql/results-sql';

const READS = readsSql(SQLITE_DIALECT);

export class RatingStore {
  private readonly markRated: Database.Statement<[string]>;
  private readonly selectOne: Database.Statement<[string, string, string], RatingRow>;
  private readonly upsert: Database.Statement<
    [string, string, string, string, number, number, number, number]
  >;
  private readonly insertPoint: Database.Statement<[string, string, number, number, number]>;
  private readonly selectTop: Database.Statement<[string, string, number], RatingRow>;
  private readonly selectHistory: Database.Statement<[string, string, string, number], RatingPoint>;

  constructor(private readonly db: Database.Database) {
    const results = resultsSql(SQLITE_DIALECT);
    this.markRated = db.prepare(results.markRated);
    this.selectOne = db.prepare(READS.ratingOne);
    this.upsert = db.prepare(results.ratingUpsert);
    this.insertPoint = db.prepare(results.insertRatingPoint);
    this.selectTop = db.prepare(READS.ratingTop);
    this.selectHistory = db.prepare(READS.ratingHistory);
  }

  /**
   * Rates a finished game once (later calls for the same game do nothing and return false). Call inside the
   * transaction that finishes the game, so the game and its ratings are written together.
   */
  recordGame(game: GameToRate, now: number): boolean {
    if (this.markRated.run(game.gameId).changes === 0) return false;
    const current = (playerId: string) => this.get(game.guildId, game.gameKey, playerId) ?? INITIAL_RATING;
    const updated = rateGame(game.seats, current);
    for (const seat of game.seats) {
      const after = updated.get(seat.playerId);
      if (!after) continue;
      updated.delete(seat.playerId); // a computer level in several seats is written once
      const won = game.seats.some((s) => s.playerId === seat.playerId && s.place === 1) ? 1 : 0;
      this.upsert.run(game.guildId, game.gameKey, seat.playerId, seat.name, after.mu, after.sigma, won, now);
      this.insertPoint.run(game.gameId, seat.playerId, after.mu, after.sigma, now);
    }
    return true;
  }

  get(guildId: string, gameKey: string, playerId: string): PlayerRating | null {
    const row = this.selectOne.get(guildId, gameKey, playerId);
    return row ? ratingFromRow(row) : null;
  }

  /** The guild's human players by conservative rating, best first. */
  leaderboard(guildId: string, gameKey: string, limit: number): PlayerRating[] {
    return this.selectTop.all(guildId, gameKey, limit).map(ratingFromRow);
  }

  /** A player's rating after each of their last `limit` rated games, oldest first. */
  history(guildId: string, gameKey: string, playerId: string, limit: number): RatingPoint[] {
    return this.selectHistory.all(guildId, gameKey, playerId, limit).reverse();
  }

  /**
   * Finished games not rated yet, in the order they finished: completed ones, and with `withForfeits` forfeits
   * too (a stopped game whose results were counted, rated in the transaction that ends it, so only a rebuild
   * finds one unrated); other stopped games rate nobody.
   */
  unratedGameIds(withForfeits = false): string[] {
    const rows = this.db.prepare(READS.unrated(withForfeits)).all() as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Forgets every rating, so they can be rebuilt from the games. */
  clear(): void {
    this.db.exec(
      'DELETE FROM rating_history; DELETE FROM ratings; UPDATE games SET rated = 0 WHERE rated = 1;',
    );
  }
}
