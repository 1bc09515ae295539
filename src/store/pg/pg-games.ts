/** Games, seats and the action log on PostgreSQL. Every method is one statement or one transaction. */
import { SFC32_GENERATOR } from '../../games/kit/random';
import {
  ChannelBusyError,
  type ActionCommit,
  type CommittedAction,
  type GameResults,
  type OpenGameRef,
} from '../game-writes';
import { isSameLobby } from '../lobby-contents';
import {
  actionFromRow,
  gameFromRows,
  seatFromRow,
  type ActionRow,
  type GameRow,
  type SeatRow,
} from '../rows';
import {
  GameMovedOnError,
  type GameStorage,
  type LobbyChange,
  type LobbyOpening,
  type LobbyStart,
} from '../storage';
import {
  STATE_FORMAT,
  type ActionLogRow,
  type EndReason,
  type GameRecord,
  type SeatRecord,
  type UnsettledGame,
} from '../types';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { gamesSql, SEAT_COLUMNS } from '../sql/games-sql';
import { pgErrorCode, PG_UNIQUE_VIOLATION, type PgDatabase, type Sql } from './database';
import { lockResults, recordRatings, recordStats } from './pg-results';

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

function readSeats(sql: Sql, gameId: string): Promise<SeatRow[]> {
  return sql.rows<SeatRow>(GAMES.seats, [gameId]);
}

async function insertSeats(tx: Sql, gameId: string, seats: readonly SeatRecord[]): Promise<void> {
  for (const seat of seats) {
    await tx.run(
      `INSERT INTO seats (game_id, seat_index, kind, user_id, level, name, left_game, client_seed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        gameId,
        seat.index,
        seat.kind,
        seat.userId,
        seat.level,
        seat.name,
        seat.left ? 1 : 0,
        seat.clientSeed ?? null,
      ],
    );
  }
}

/** Locks the lobby's row for the transaction and throws unless it still is the lobby `expected`. */
async function lockLobby(
  tx: Sql,
  change: { gameId: string; expected: LobbyChange['expected'] },
): Promise<void> {
  const [game] = await tx.rows<{ status: string; host_id: string }>(
    'SELECT status, host_id FROM games WHERE id = $1 FOR UPDATE',
    [change.gameId],
  );
  if (!game || game.status !== 'lobby') throw new GameMovedOnError(change.gameId, 'it is no longer a lobby');
  const seats = (await readSeats(tx, change.gameId)).map(seatFromRow);
  if (!isSameLobby(change.expected, game.host_id, seats))
    throw new GameMovedOnError(change.gameId, 'the lobby changed since it was read');
}

export class PgGames implements GameStorage {
  constructor(private readonly db: PgDatabase) {}

  async createLobby(lobby: LobbyOpening): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO games (id, game_key, guild_id, channel_id, host_id, options, status, seed, state_format,
                              version, created_at, updated_at, server_seed, seed_commitment, generator)
           VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, 0, $9, $9, $10, $11, $12)`,
          [
            lobby.id,
            lobby.gameKey,
            lobby.guildId,
            lobby.channelId,
            lobby.hostId,
            JSON.stringify(lobby.options),
            lobby.seed,
            lobby.stateFormat ?? STATE_FORMAT,
            lobby.now,
            lobby.commitment?.serverSeed ?? null,
            lobby.commitment?.commitment ?? null,
            lobby.generator ?? SFC32_GENERATOR,
          ],
        );
        await insertSeats(tx, lobby.id, lobby.seats);
      });
    } catch (error) {
      const constraint = (error as { constraint?: string }).constraint;
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraint === 'games_one_open_per_channel')
        throw new ChannelBusyError(lobby.channelId);
      throw error;
    }
  }

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
    const [row] = await this.db.rows<{ hosted: number; in_guild: number }>(
      `SELECT COUNT(*) FILTER (WHERE host_id = $1) AS hosted, COUNT(*) FILTER (WHERE guild_id = $2) AS in_guild
       FROM games WHERE status = 'lobby'`,
      [hostId, guildId],
    );
    return { hosted: row?.hosted ?? 0, inGuild: row?.in_guild ?? 0 };
  }

  async listLobbies(): Promise<{ id: string; guildId: string; updatedAt: number }[]> {
    const rows = await this.db.rows<{ id: string; guild_id: string; updated_at: number }>(GAMES.lobbies);
    return rows.map((row) => ({ id: row.id, guildId: row.guild_id, updatedAt: row.updated_at }));
  }

  updateLobby(change: LobbyChange): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockLobby(tx, change);
      await tx.run('UPDATE games SET host_id = $1, updated_at = $2 WHERE id = $3', [
        change.hostId,
        change.now,
        change.gameId,
      ]);
      if (change.options) {
        await tx.run('UPDATE games SET options = $1 WHERE id = $2', [
          JSON.stringify(change.options),
          change.gameId,
        ]);
      }
      await tx.run('DELETE FROM seats WHERE game_id = $1', [change.gameId]);
      await insertSeats(tx, change.gameId, change.seats);
    });
  }

  startGame(start: LobbyStart): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockLobby(tx, start);
      if (start.derivedSeed) {
        await tx.run(
          'UPDATE games SET client_seed = $1, seed = $2 WHERE id = $3 AND server_seed IS NOT NULL',
          [start.derivedSeed.clientSeed, start.derivedSeed.seed, start.gameId],
        );
      }
      await tx.run(
        `UPDATE games SET status = 'active', state = $1, version = version + 1, started_at = $2, updated_at = $2,
                next_due_at = $3
         WHERE id = $4`,
        [JSON.stringify(start.state), start.now, start.nextDueAt, start.gameId],
      );
      await tx.run('DELETE FROM seats WHERE game_id = $1', [start.gameId]);
      await insertSeats(tx, start.gameId, start.seats);
    });
  }

  /**
   * A move that does not end the game is one statement (its own transaction, one round trip): the state and
   * version, checked against the version read, and the log row after the game's last. The row lock the update
   * takes holds off any other writer of the game until it commits; one that was waiting then finds the version
   * moved on and writes nothing. A move that ends the game also writes the statistics and ratings, in one
   * transaction.
   */
  async commitAction(commit: ActionCommit): Promise<CommittedAction> {
    const seq = commit.finish
      ? await this.db.transaction(async (tx) => {
          const written = await writeAction(tx, commit);
          if (written !== null && commit.finish)
            await recordResults(tx, commit.gameId, commit.finish, commit.now);
          return written;
        })
      : await writeAction(this.db, commit);
    if (seq === null)
      throw new GameMovedOnError(
        commit.gameId,
        `it is no longer active at version ${commit.expectedVersion}`,
      );
    return { version: commit.expectedVersion + 1, seq };
  }

  handSeatToComputer(
    gameId: string,
    seatIndex: number,
    level: string,
    nextDueAt: number | null,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        "UPDATE seats SET kind = 'computer', level = $1, left_game = 1 WHERE game_id = $2 AND seat_index = $3 AND kind = 'human'",
        [level, gameId, seatIndex],
      );
      if (changed === 0) return false;
      await tx.run('UPDATE games SET next_due_at = $1, updated_at = $2 WHERE id = $3', [
        nextDueAt,
        now,
        gameId,
      ]);
      return true;
    });
  }

  async closeGame(
    gameId: string,
    status: 'finished' | 'cancelled',
    reason: EndReason,
    now: number,
    by: { id: string; name: string } | null = null,
    results: GameResults | null = null,
  ): Promise<boolean> {
    const close = async (sql: Sql) =>
      (await sql.run(
        `UPDATE games SET status = $1, end_reason = $2, finished_at = $3, updated_at = $3, next_due_at = NULL,
                ended_by = $4, ended_by_name = $5, version = version + 1
         WHERE id = $6 AND status IN ('lobby', 'active')`,
        [status, reason, now, by?.id ?? null, by?.name ?? null, gameId],
      )) === 1;
    if (!results) return close(this.db);
    return this.db.transaction(async (tx) => {
      if (!(await close(tx))) return false;
      await recordResults(tx, gameId, results, now);
      return true;
    });
  }

  async closeGone(gameId: string, by: { id: string; name: string }, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE games SET status = 'cancelled', end_reason = 'cancelled', finished_at = $1, updated_at = $1,
                next_due_at = NULL, ended_by = $2, ended_by_name = $3, channel_settled = 1, version = version + 1
         WHERE id = $4 AND status IN ('lobby', 'active')`,
        [now, by.id, by.name, gameId],
      );
      if (changed !== 1) return false;
      await tx.run('DELETE FROM outbox WHERE game_id = $1', [gameId]);
      return true;
    });
  }

  async setNextDue(gameId: string, nextDueAt: number | null, now: number): Promise<void> {
    await this.db.run('UPDATE games SET next_due_at = $1, updated_at = $2 WHERE id = $3', [
      nextDueAt,
      now,
      gameId,
    ]);
  }

  async setBoardMessage(
    gameId: string,
    messageId: string | null,
    postedAt: number | null,
    now: number,
  ): Promise<boolean> {
    return (await setBoardMessage(this.db, gameId, messageId, postedAt, now)) === 1;
  }

  async markSummaryPosted(gameId: string, now: number): Promise<boolean> {
    return (await markSummaryPosted(this.db, gameId, now)) === 1;
  }

  async settleChannel(gameId: string, now: number): Promise<boolean> {
    const changed = await this.db.run(GAMES.settleChannel, [now, gameId]);
    return changed === 1;
  }

  async listUnsettled(): Promise<UnsettledGame[]> {
    const rows = await this.db.rows<{ id: string; guild_id: string }>(GAMES.unsettled);
    return rows.map((row) => ({ id: row.id, guildId: row.guild_id }));
  }

  async listGamesAwaitingSummary(): Promise<string[]> {
    const rows = await this.db.rows<{ id: string }>(GAMES.awaitingSummary);
    return rows.map((row) => row.id);
  }

  async setTurnNotice(gameId: string, messageId: string | null, now: number, key: string | null = null) {
    return (await setTurnNotice(this.db, gameId, messageId, now, key)) === 1;
  }

  listTurnNotices(channelId: string): Promise<{ gameId: string; messageId: string }[]> {
    return this.db.rows<{ gameId: string; messageId: string }>(
      `SELECT id AS "gameId", turn_notice_message_id AS "messageId" FROM games
       WHERE channel_id = $1 AND turn_notice_message_id IS NOT NULL`,
      [channelId],
    );
  }

  async listActions(gameId: string, limit?: number): Promise<ActionLogRow[]> {
    const rows =
      limit === undefined
        ? await this.db.rows<ActionRow>(GAMES.actions, [gameId])
        : (await this.db.rows<ActionRow>(GAMES.lastActions, [gameId, limit])).reverse();
    return rows.map(actionFromRow);
  }

  async listGameIds(): Promise<string[]> {
    return (await this.db.rows<{ id: string }>('SELECT id FROM games ORDER BY created_at, id')).map(
      (row) => row.id,
    );
  }
}

export function setBoardMessage(
  sql: Sql,
  gameId: string,
  messageId: string | null,
  postedAt: number | null,
  now: number,
): Promise<number> {
  return sql.run(
    'UPDATE games SET board_message_id = $1, board_posted_at = $2, updated_at = $3 WHERE id = $4',
    [messageId, postedAt, now, gameId],
  );
}

export function setTurnNotice(
  sql: Sql,
  gameId: string,
  messageId: string | null,
  now: number,
  key: string | null,
): Promise<number> {
  return sql.run(
    'UPDATE games SET turn_notice_message_id = $1, turn_notice_key = $2, updated_at = $3 WHERE id = $4',
    [messageId, messageId === null ? null : key, now, gameId],
  );
}

export function markSummaryPosted(sql: Sql, gameId: string, now: number): Promise<number> {
  return sql.run('UPDATE games SET summary_posted = 1, updated_at = $1 WHERE id = $2', [now, gameId]);
}

/** The action's state change and log row in one statement; its sequence number, or null if the game moved on. */
async function writeAction(sql: Sql, commit: ActionCommit): Promise<number | null> {
  const finished = commit.finish !== undefined;
  const [inserted] = await sql.rows<{ seq: number }>(
    `WITH updated AS (
       UPDATE games SET state = $1, version = version + 1, status = $2, end_reason = $3, finished_at = $4,
              next_due_at = $5, updated_at = $6
       WHERE id = $7 AND version = $8 AND status = 'active'
       RETURNING id
     )
     INSERT INTO actions (game_id, seq, seat, actor, action, created_at)
     SELECT updated.id, COALESCE((SELECT MAX(seq) FROM actions WHERE game_id = $7), 0) + 1, $9, $10, $11, $6
     FROM updated
     RETURNING seq`,
    [
      JSON.stringify(commit.state),
      finished ? 'finished' : 'active',
      finished ? 'completed' : null,
      finished ? commit.now : null,
      commit.nextDueAt,
      commit.now,
      commit.gameId,
      commit.expectedVersion,
      commit.seat,
      commit.actor,
      JSON.stringify(commit.action),
    ],
  );
  return inserted?.seq ?? null;
}

/** A finished game's statistics and ratings, inside the transaction that ends it. */
async function recordResults(tx: Sql, gameId: string, results: GameResults, now: number): Promise<void> {
  const { guildId, gameKey, rated } = results;
  await lockResults(tx, guildId, gameKey);
  await recordStats(tx, gameId, results, now);
  await recordRatings(tx, { gameId, guildId, gameKey, seats: rated }, now);
}
