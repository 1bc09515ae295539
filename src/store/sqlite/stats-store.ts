import type Database from 'better-sqlite3';
import { statsFromRow, type StatsRow } from '../rows';
import type { GameOutcomes, PlayerStats } from '../types';
import { SQLITE_DIALECT } from '../sql/dialect';
import { readsSql } from '../sql/reads-sql';
import { resultsSql } from '../sql/results-sql';

/** Per-guild, per-game player statistics, updated once per finished game. */
export class StatsStore {
  private readonly markRecorded: Database.Statement<[string]>;
  private readonly upsert: Database.Statement<
    [string, string, string, string, number, number, number, number]
  >;
  private readonly selectBeaten: Database.Statement<[string, string, string], { beaten: string }>;
  private readonly writeBeaten: Database.Statement<[string, string, string, string]>;
  private readonly selectOne: Database.Statement<[string, string, string], StatsRow>;
  private readonly selectTop: Database.Statement<[string, string, number], StatsRow>;

  constructor(db: Database.Database) {
    const results = resultsSql(SQLITE_DIALECT);
    const reads = readsSql(SQLITE_DIALECT);
    this.markRecorded = db.prepare(results.markStatsRecorded);
    this.upsert = db.prepare(results.statsUpsert);
    this.selectBeaten = db.prepare(results.selectBeaten);
    this.writeBeaten = db.prepare(results.writeBeaten);
    this.selectOne = db.prepare(reads.statsOne);
    this.selectTop = db.prepare(reads.statsTop);
  }

  /**
   * Adds a finished game's outcomes to the players' statistics, unless this game was already counted.
   * Call inside the transaction that finishes the game. Returns whether the outcomes were added.
   */
  recordGame(gameId: string, result: GameOutcomes, now: number): boolean {
    if (this.markRecorded.run(gameId).changes === 0) return false;
    for (const outcome of result.outcomes) {
      const key = [result.guildId, result.gameKey, outcome.userId] as const;
      this.upsert.run(...key, outcome.name, outcome.won ? 1 : 0, outcome.place, outcome.left ? 1 : 0, now);
      this.addBeaten(key, outcome.beat);
    }
    return true;
  }

  get(guildId: string, gameKey: string, userId: string): PlayerStats | null {
    const row = this.selectOne.get(guildId, gameKey, userId);
    return row ? statsFromRow(row) : null;
  }

  /** The guild's best players of a game: most wins, then best win rate, then most games. */
  leaderboard(guildId: string, gameKey: string, limit: number): PlayerStats[] {
    return this.selectTop.all(guildId, gameKey, limit).map(statsFromRow);
  }

  private addBeaten(key: readonly [string, string, string], levels: readonly string[]): void {
    if (levels.length === 0) return;
    const row = this.selectBeaten.get(...key);
    const beaten: Record<string, number> = row ? JSON.parse(row.beaten) : {};
    for (const level of levels) beaten[level] = (beaten[level] ?? 0) + 1;
    this.writeBeaten.run(JSON.stringify(beaten), ...key);
  }
}
