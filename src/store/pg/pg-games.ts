/**
 * Games, seats and the action log on PostgreSQL (the statements in sql/game-writes-sql.ts): the reads of
 * PgGameReads, and the writes, each one statement or one transaction.
 */
import { ChannelBusyError, type ActionCommit, type CommittedAction, type GameResults } from '../game-writes';
import { requireSameLobby } from '../lobby-contents';
import { seatFromRow } from '../rows';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { gamesSql } from '../sql/games-sql';
import { gameWritesSql, lobbyArguments, seatArguments, stateArguments } from '../sql/game-writes-sql';
import {
  GameMovedOnError,
  type GameStorage,
  type LobbyChange,
  type LobbyOpening,
  type LobbyStart,
} from '../storage';
import type { EndReason, SeatRecord } from '../types';
import { pgErrorCode, PG_UNIQUE_VIOLATION, type Sql } from './database';
import { PgGameReads, readSeats } from './pg-game-reads';
import { lockResults, recordRatings, recordStats } from './pg-results';

export { readGame } from './pg-game-reads';

const GAMES = gamesSql(POSTGRES_DIALECT);
const WRITES = gameWritesSql(POSTGRES_DIALECT);

/**
 * An action's state change and log row in one statement (one round trip, where SQLite runs updateState and
 * appendAction): the update's parameters ($1 to $8, the game $7 and the time $6), then seat, actor and action.
 */
const COMMIT_ACTION = `WITH updated AS (${WRITES.updateState} RETURNING id)
  INSERT INTO actions (game_id, seq, seat, actor, action, created_at)
  SELECT updated.id, COALESCE((SELECT MAX(seq) FROM actions WHERE game_id = $7), 0) + 1, $9, $10, $11, $6
  FROM updated
  RETURNING seq`;

async function insertSeats(tx: Sql, gameId: string, seats: readonly SeatRecord[]): Promise<void> {
  for (const seat of seats) await tx.run(WRITES.insertSeat, seatArguments(gameId, seat));
}

/** Locks the lobby's row for the transaction and throws unless it still is the lobby `expected`. */
async function lockLobby(tx: Sql, change: Pick<LobbyChange, 'gameId' | 'expected'>): Promise<void> {
  const [game] = await tx.rows<{ status: string; host_id: string }>(`${WRITES.lobbyHost} FOR UPDATE`, [
    change.gameId,
  ]);
  const seats = game?.status === 'lobby' ? (await readSeats(tx, change.gameId)).map(seatFromRow) : [];
  requireSameLobby(change.gameId, change.expected, game, seats);
}

export class PgGames extends PgGameReads implements GameStorage {
  async createLobby(lobby: LobbyOpening): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.run(WRITES.insertGame, lobbyArguments(lobby));
        await insertSeats(tx, lobby.id, lobby.seats);
      });
    } catch (error) {
      const constraint = (error as { constraint?: string }).constraint;
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraint === 'games_one_open_per_channel')
        throw new ChannelBusyError(lobby.channelId);
      throw error;
    }
  }

  updateLobby(change: LobbyChange): Promise<void> {
    return this.db.transaction(async (tx) => {
      await lockLobby(tx, change);
      await tx.run(WRITES.touchLobby, [change.hostId, change.now, change.gameId]);
      if (change.options)
        await tx.run(WRITES.setLobbyOptions, [JSON.stringify(change.options), change.gameId]);
      await tx.run(WRITES.deleteSeats, [change.gameId]);
      await insertSeats(tx, change.gameId, change.seats);
    });
  }

  startGame(start: LobbyStart): Promise<void> {
    return this.db.transaction(async (tx) => {
      const { gameId, now, derivedSeed } = start;
      await lockLobby(tx, start);
      if (derivedSeed) await tx.run(WRITES.deriveSeed, [derivedSeed.clientSeed, derivedSeed.seed, gameId]);
      await tx.run(WRITES.startGame, [JSON.stringify(start.state), now, now, start.nextDueAt, gameId]);
      await tx.run(WRITES.deleteSeats, [gameId]);
      await insertSeats(tx, gameId, start.seats);
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
      if ((await tx.run(WRITES.seatToComputer, [level, gameId, seatIndex])) === 0) return false;
      await tx.run(WRITES.setNextDue, [nextDueAt, now, gameId]);
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
    const closer = [by?.id ?? null, by?.name ?? null];
    const close = async (sql: Sql) =>
      (await sql.run(WRITES.closeGame, [status, reason, now, now, ...closer, gameId])) === 1;
    if (!results) return close(this.db);
    return this.db.transaction(async (tx) => {
      if (!(await close(tx))) return false;
      await recordResults(tx, gameId, results, now);
      return true;
    });
  }

  async closeGone(gameId: string, by: { id: string; name: string }, now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run(WRITES.closeGone, [now, now, by.id, by.name, gameId])) !== 1) return false;
      await tx.run(WRITES.dropMessages, [gameId]);
      return true;
    });
  }

  async setNextDue(gameId: string, nextDueAt: number | null, now: number): Promise<void> {
    await this.db.run(WRITES.setNextDue, [nextDueAt, now, gameId]);
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
    return (await this.db.run(GAMES.settleChannel, [now, gameId])) === 1;
  }

  async setTurnNotice(gameId: string, messageId: string | null, now: number, key: string | null = null) {
    return (await setTurnNotice(this.db, gameId, messageId, now, key)) === 1;
  }
}

export function setBoardMessage(
  sql: Sql,
  gameId: string,
  messageId: string | null,
  postedAt: number | null,
  now: number,
): Promise<number> {
  return sql.run(WRITES.setBoardMessage, [messageId, postedAt, now, gameId]);
}

export function setTurnNotice(
  sql: Sql,
  gameId: string,
  messageId: string | null,
  now: number,
  key: string | null,
): Promise<number> {
  return sql.run(WRITES.setTurnNotice, [messageId, messageId === null ? null : key, now, gameId]);
}

export function markSummaryPosted(sql: Sql, gameId: string, now: number): Promise<number> {
  return sql.run(WRITES.markSummaryPosted, [now, gameId]);
}

/** The action's state change and log row in one statement; its sequence number, or null if the game moved on. */
async function writeAction(sql: Sql, commit: ActionCommit): Promise<number | null> {
  const params = [...stateArguments(commit), commit.seat, commit.actor, JSON.stringify(commit.action)];
  const [inserted] = await sql.rows<{ seq: number }>(COMMIT_ACTION, params);
  return inserted?.seq ?? null;
}

/** A finished game's statistics and ratings, inside the transaction that ends it. */
async function recordResults(tx: Sql, gameId: string, results: GameResults, now: number): Promise<void> {
  const { guildId, gameKey, rated } = results;
  await lockResults(tx, guildId, gameKey);
  await recordStats(tx, gameId, results, now);
  await recordRatings(tx, { gameId, guildId, gameKey, seats: rated }, now);
}
