import type Database from 'better-sqlite3';
import { statsFromRow, type StatsRow } from '../rows';
import type { GameOutcomes, PlayerStats } from '../types';

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
    this.markRecorded = db.prepare('UPDATE games SET stats_recorded = 1 WHERE id = ? AND stats_recorded = 0');
    this.upsert = db.prepare(`
      INSERT INTO player_stats (guild_id, game_key, user_id, name, games, wins, place_sum, games_left, beaten,
                                updated_at)
      VALUES (?, ?, ?, ?, 1, ?, ?, ?, '{}', ?)
      ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET
        name = excluded.name,
        games = games + 1,
        wins = wins + excluded.wins,
        place_sum = place_sum + excluded.place_sum,
        games_left = games_left + excluded.games_left,
        updated_at = excluded.updated_at`);
    this.selectBeaten = db.prepare(
      'SELECT beaten FROM player_stats WHERE guild_id = ? AND game_key = ? AND user_id = ?',
    );
    this.writeBeaten = db.prepare(
      'UPDATE player_stats SET beaten = ? WHERE guild_id = ? AND game_key = ? AND user_id = ?',
    );
    this.selectOne = db.prepare(
      'SELECT * FROM player_stats WHERE guild_id = ? AND game_key = ? AND user_id = ?',
    );
    this.selectTop = db.prepare(`
      SELECT * FROM player_stats WHERE guild_id = ? AND game_key = ?
      ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, games DESC, user_id
      LIMIT ?`);
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
