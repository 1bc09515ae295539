/** The reads of games, seats and the action log on PostgreSQL (the statements in sql/games-sql.ts). */
import type { OpenGameRef } from '../game-writes';
import { actionFromRow, gameFromRows, type ActionRow, type GameRow, type SeatRow } from '../rows';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { gamesSql, SEAT_COLUMNS } from '../sql/games-sql';
import type { ActionLogRow, GameRecord, UnsettledGame } from '../types';
import type { PgDatabase, Sql } from './database';

const GAMES = gamesSql(POSTGRES_DIALECT);

/** A game with its seats, in one round trip (every turn reads its game first). */
export async function readGame(sql: Sql, id: string): Promise<GameRecord | null> {
  const [row] = await sql.rows<GameRow & { seat_rows: SeatRow[] }>(
    `SELECT g.*, COALESCE(
       (SELECT json_agg(s ORDER BY s.seat_index) FROM (SELECT ${SEAT_COLUMNS} FROM seats WHERE game_id = g.id) s),
       '[]') AS seat_rows
     FROM games g WHERE g.id = $1`,
    [id],
  );
  if (!row) return null;
  const { seat_rows: seats, ...game } = row;
  return gameFromRows(game, seats);
}

export function readSeats(sql: Sql, gameId: string): Promise<SeatRow[]> {
  return sql.rows<SeatRow>(GAMES.seats, [gameId]);
}

export class PgGameReads {
  constructor(protected readonly db: PgDatabase) {}

  async hasGame(id: string): Promise<boolean> {
    return (await this.db.rows(GAMES.gameExists, [id])).length > 0;
  }

  getGame(id: string): Promise<GameRecord | null> {
    return readGame(this.db, id);
  }

  async findOpenGameInChannel(channelId: string): Promise<GameRecord | null> {
    const [row] = await this.db.rows<GameRow>(GAMES.openInChannel, [channelId]);
    return row ? gameFromRows(row, await readSeats(this.db, row.id)) : null;
  }

  async findLatestGameInChannel(channelId: string, gameKey: string): Promise<GameRecord | null> {
    const [row] = await this.db.rows<{ id: string }>(GAMES.latestInChannel, [channelId, gameKey]);
    return row ? await this.getGame(row.id) : null;
  }

  async listActiveGames(): Promise<OpenGameRef[]> {
    const rows = await this.db.rows<{ id: string; guild_id: string; next_due_at: number | null }>(
      GAMES.active,
    );
    return rows.map((row) => ({ id: row.id, guildId: row.guild_id, nextDueAt: row.next_due_at }));
  }

  async countLobbies(guildId: string, hostId: string): Promise<{ hosted: number; inGuild: number }> {
    const [row] = await this.db.rows<{ hosted: number; in_guild: number }>(GAMES.countLobbies, [
      hostId,
      guildId,
    ]);
    return { hosted: row?.hosted ?? 0, inGuild: row?.in_guild ?? 0 };
  }

  async listLobbies(): Promise<{ id: string; guildId: string; updatedAt: number }[]> {
    const rows = await this.db.rows<{ id: string; guild_id: string; updated_at: number }>(GAMES.lobbies);
    return rows.map((row) => ({ id: row.id, guildId: row.guild_id, updatedAt: row.updated_at }));
  }

  async listUnsettled(): Promise<UnsettledGame[]> {
    const rows = await this.db.rows<{ id: string; guild_id: string }>(GAMES.unsettled);
    return rows.map((row) => ({ id: row.id, guildId: row.guild_id }));
  }

  async listGamesAwaitingSummary(): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(GAMES.awaitingSummary);
    return rows.map((row) => row.id);
  }

  listTurnNotices(channelId: string): Promise<{ gameId: string; messageId: string }[]> {
    return this.db.rows<{ gameId: string; messageId: string }>(GAMES.turnNotices, [channelId]);
  }

  async listActions(gameId: string, limit?: number): Promise<ActionLogRow[]> {
    const rows =
      limit === undefined
        ? await this.db.rows<ActionRow>(GAMES.actions, [gameId])
        : (await this.db.rows<ActionRow>(GAMES.lastActions, [gameId, limit])).reverse();
    return rows.map(actionFromRow);
  }

  async listGameIds(): Promise<string[]> {
    return (await this.db.rows<{ id: string }>(GAMES.gameIds)).map((row) => row.id);
  }
}
