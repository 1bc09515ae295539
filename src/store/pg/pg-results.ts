/**
 * A finished game's statistics and ratings on PostgreSQL, written inside the transaction that ends the game
 * (or, for ratings rebuilt from the games table, in a transaction of their own).
 */
import { INITIAL_RATING, rateGame, type SkillRating } from '../rating-math';
import type { GameOutcomes } from '../types';
import type { GameToRate } from '../ratings';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { resultsSql } from '../sql/results-sql';
import type { Sql } from './database';

const SQL = resultsSql(POSTGRES_DIALECT);

/**
 * Serializes the results of one guild and game until the transaction ends: two games ending at once in two
 * processes never rate from the same old figures, nor lock the same players' rows in opposite orders (a deadlock).
 * Taken again by the same transaction, it is already held.
 */
export async function lockResults(tx: Sql, guildId: string, gameKey: string): Promise<void> {
  await tx.run('SELECT pg_advisory_xact_lock(hashtext($1))', [`results:${guildId}:${gameKey}`]);
}

/** Adds the outcomes to the players' statistics unless this game was counted already; whether it added them. */
export async function recordStats(
  tx: Sql,
  gameId: string,
  result: GameOutcomes,
  now: number,
): Promise<boolean> {
  const marked = await tx.run(SQL.markStatsRecorded, [gameId]);
  if (marked === 0) return false;
  for (const outcome of result.outcomes) {
    const key = [result.guildId, result.gameKey, outcome.userId];
    // The upsert locks the player's row, so reading `beaten` after it sees every committed game.
    await tx.run(SQL.statsUpsert, [
      ...key,
      outcome.name,
      outcome.won ? 1 : 0,
      outcome.place,
      outcome.left ? 1 : 0,
      now,
    ]);
    if (outcome.beat.length === 0) continue;
    const [row] = await tx.rows<{ beaten: string }>(SQL.selectBeaten, key);
    const beaten: Record<string, number> = row ? JSON.parse(row.beaten) : {};
    for (const level of outcome.beat) beaten[level] = (beaten[level] ?? 0) + 1;
    await tx.run(SQL.writeBeaten, [JSON.stringify(beaten), ...key]);
  }
  return true;
}

/** Rates a finished game once (its guild's and game's ratings read and rewritten under lockResults). */
export async function recordRatings(tx: Sql, game: GameToRate, now: number): Promise<boolean> {
  if ((await tx.run(SQL.markRated, [game.gameId])) === 0) return false;
  await lockResults(tx, game.guildId, game.gameKey);
  const playerIds = [...new Set(game.seats.map((seat) => seat.playerId))];
  const rows = await tx.rows<{ player_id: string; mu: number; sigma: number }>(
    'SELECT player_id, mu, sigma FROM ratings WHERE guild_id = $1 AND game_key = $2 AND player_id = ANY($3)',
    [game.guildId, game.gameKey, playerIds],
  );
  const current = new Map<string, SkillRating>(
    rows.map((row) => [row.player_id, { mu: row.mu, sigma: row.sigma }]),
  );
  const updated = rateGame(game.seats, (playerId) => current.get(playerId) ?? INITIAL_RATING);
  for (const seat of game.seats) {
    const after = updated.get(seat.playerId);
    if (!after) continue;
    updated.delete(seat.playerId); // a computer level in several seats is written once
    const won = game.seats.some((s) => s.playerId === seat.playerId && s.place === 1) ? 1 : 0;
    await tx.run(SQL.ratingUpsert, [
      game.guildId,
      game.gameKey,
      seat.playerId,
      seat.name,
      after.mu,
      after.sigma,
      won,
      now,
    ]);
    await tx.run(SQL.insertRatingPoint, [game.gameId, seat.playerId, after.mu, after.sigma, now]);
  }
  return true;
}
