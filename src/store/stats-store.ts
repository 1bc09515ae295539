import type Database from 'better-sqlite3';
import { statsFromRow, type StatsRow } from './rows';
import type { PlayerOutcome, PlayerStats } from './types';

/** Per-guild player statistics, updated once per finished game. */
export class StatsStore {
  private readonly markRecorded: Database.Statement<[string]>;
  private readonly upsert: Database.Statement<
    [string, string, string, number, number, number, number, number, number, number]
  >;
  private readonly selectOne: Database.Statement<[string, string], StatsRow>;
  private readonly selectTop: Database.Statement<[string, number], StatsRow>;

  constructor(db: Database.Database) {
    this.markRecorded = db.prepare('UPDATE games SET stats_recorded = 1 WHERE id = ? AND stats_recorded = 0');
    this.upsert = db.prepare(`
      INSERT INTO player_stats (guild_id, user_id, name, games, wins, place_sum, games_left,
                                beat_novice, beat_intermediate, beat_advanced, updated_at)
      VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (guild_id, user_id) DO UPDATE SET
        name = excluded.name,
        games = games + 1,
        wins = wins + excluded.wins,
        place_sum = place_sum + excluded.place_sum,
        games_left = games_left + excluded.games_left,
        beat_novice = beat_novice + excluded.beat_novice,
        beat_intermediate = beat_intermediate + excluded.beat_intermediate,
        beat_advanced = beat_advanced + excluded.beat_advanced,
        updated_at = excluded.updated_at`);
    this.selectOne = db.prepare('SELECT * FROM player_stats WHERE guild_id = ? AND user_id = ?');
    this.selectTop = db.prepare(`
      SELECT * FROM player_stats WHERE guild_id = ?
      ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, games DESC, user_id
      LIMIT ?`);
  }

  /**
   * Adds a finished game's outcomes to the players' statistics, unless this game was already counted.
   * Call inside the transaction that finishes the game. Returns whether the outcomes were added.
   */
  recordGame(gameId: string, guildId: string, outcomes: readonly PlayerOutcome[], now: number): boolean {
    if (this.markRecorded.run(gameId).changes === 0) return false;
    for (const outcome of outcomes) {
      const beat = (level: 'novice' | 'intermediate' | 'advanced') => (outcome.beat.includes(level) ? 1 : 0);
      this.upsert.run(
        guildId,
        outcome.userId,
        outcome.name,
        outcome.won ? 1 : 0,
        outcome.place,
        outcome.left ? 1 : 0,
        beat('novice'),
        beat('intermediate'),
        beat('advanced'),
        now,
      );
    }
    return true;
  }

  get(guildId: string, userId: string): PlayerStats | null {
    const row = this.selectOne.get(guildId, userId);
    return row ? statsFromRow(row) : null;
  }

  /** The guild's best players: most wins, then best win rate, then most games. */
  leaderboard(guildId: string, limit: number): PlayerStats[] {
    return this.selectTop.all(guildId, limit).map(statsFromRow);
  }
}
