/** The reads of games, seats and the action log on SQLite (the statements in sql/games-sql.ts). */
import type Database from 'better-sqlite3';
import { actionFromRow, gameFromRows, type ActionRow, type GameRow, type SeatRow } from '../rows';
import { SQLITE_DIALECT } from '../sql/dialect';
import { gamesSql } from '../sql/games-sql';
import type { OpenGameRef } from '../game-writes';
import type { ActionLogRow, GameRecord, UnsettledGame } from '../types';

const GAMES = gamesSql(SQLITE_DIALECT);

function prepareReads(db: Database.Database) {
  return {
    gameExists: db.prepare<[string], { id: string }>(GAMES.gameExists),
    game: db.prepare<[string], GameRow>(GAMES.game),
    seats: db.prepare<[string], SeatRow>(GAMES.seats),
    openInChannel: db.prepare<[string], GameRow>(GAMES.openInChannel),
    latestInChannel: db.prepare<[string, string], { id: string }>(GAMES.latestInChannel),
    active: db.prepare<[], { id: string; guild_id: string; next_due_at: number | null }>(GAMES.active),
    lobbies: db.prepare<[], { id: string; guild_id: string; updated_at: number }>(GAMES.lobbies),
    countLobbies: db.prepare<[string, string], { hosted: number; in_guild: number }>(GAMES.countLobbies),
    unsettled: db.prepare<[], { id: string; guild_id: string }>(GAMES.unsettled),
    awaitingSummary: db.prepare<[], { id: string }>(GAMES.awaitingSummary),
    turnNotices: db.prepare<[string], { gameId: string; messageId: string }>(GAMES.turnNotices),
    gameIds: db.prepare<[], { id: string }>(GAMES.gameIds),
    actions: db.prepare<[string], ActionRow>(GAMES.actions),
    lastActions: db.prepare<[string, number], ActionRow>(GAMES.lastActions),
  };
}

export class SqliteGameReads {
  private readonly reads;

  constructor(db: Database.Database) {
    this.reads = prepareReads(db);
  }

  /** Whether a game id is taken (ids are random; the caller draws again on a clash). */
  hasGame(id: string): boolean {
    return this.reads.gameExists.get(id) !== undefined;
  }

  getGame(id: string): GameRecord | null {
    const row = this.reads.game.get(id);
    return row ? gameFromRows(row, this.reads.seats.all(id)) : null;
  }

  /** The lobby or active game of a channel, if any. */
  findOpenGameInChannel(channelId: string): GameRecord | null {
    const row = this.reads.openInChannel.get(channelId);
    return row ? gameFromRows(row, this.reads.seats.all(row.id)) : null;
  }

  /** The channel's most recent game of `gameKey` in any status (open, finished or cancelled), or null. */
  findLatestGameInChannel(channelId: string, gameKey: string): GameRecord | null {
    const row = this.reads.latestInChannel.get(channelId, gameKey);
    return row ? this.getGame(row.id) : null;
  }

  /** Every active game with its next due time, for arming timers at start-up. */
  listActiveGames(): OpenGameRef[] {
    return this.reads.active
      .all()
      .map((row) => ({ id: row.id, guildId: row.guild_id, nextDueAt: row.next_due_at }));
  }

  /** How many open lobbies `hostId` hosts (in every server) and how many `guildId` has, for the lobby caps. */
  countLobbies(guildId: string, hostId: string): { hosted: number; inGuild: number } {
    const row = this.reads.countLobbies.get(hostId, guildId);
    return { hosted: row?.hosted ?? 0, inGuild: row?.in_guild ?? 0 };
  }

  /** Every open lobby with the time it last changed, for arming the expiry timers at start-up. */
  listLobbies(): { id: string; guildId: string; updatedAt: number }[] {
    return this.reads.lobbies
      .all()
      .map((row) => ({ id: row.id, guildId: row.guild_id, updatedAt: row.updated_at }));
  }

  /** Games whose channel may differ from what the database implies: open ones and closed ones not settled. */
  listUnsettled(): UnsettledGame[] {
    return this.reads.unsettled.all().map((row) => ({ id: row.id, guildId: row.guild_id }));
  }

  /** Finished games (not cancelled ones) whose summary was never posted, oldest first. */
  listGamesAwaitingSummary(): string[] {
    return this.reads.awaitingSummary.all().map((row) => row.id);
  }

  /** The games of a channel whose turn notice is posted, with its message. */
  listTurnNotices(channelId: string): { gameId: string; messageId: string }[] {
    return this.reads.turnNotices.all(channelId);
  }

  /** Every game's id, the oldest first. */
  listGameIds(): string[] {
    return this.reads.gameIds.all().map((row) => row.id);
  }

  /** The action log of a game in order (all of it, or the last `limit` rows). */
  listActions(gameId: string, limit?: number): ActionLogRow[] {
    const rows =
      limit === undefined
        ? this.reads.actions.all(gameId)
        : this.reads.lastActions.all(gameId, limit).reverse();
    return rows.map(actionFromRow);
  }
}
