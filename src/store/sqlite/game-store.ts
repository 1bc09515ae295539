import type Database from 'better-sqlite3';
import { SFC32_GENERATOR } from '../../games/kit/random';
import { actionFromRow, gameFromRows, type ActionRow, type GameRow, type SeatRow } from '../rows';
import type { StatsStore } from './stats-store';
import type { RatingStore } from './rating-store';
import { STATE_FORMAT } from '../types';
import { SQLITE_DIALECT } from '../sql/dialect';
import { gamesSql } from '../sql/games-sql';
import {
  ChannelBusyError,
  type ActionCommit,
  type CommittedAction,
  type GameResults,
  type GameStart,
  type NewLobby,
  type OpenGameRef,
} from '../game-writes';
import type { ActionLogRow, EndReason, GameOptions, GameRecord, SeatRecord, UnsettledGame } from '../types';

const GAMES = gamesSql(SQLITE_DIALECT);

function isUniqueViolation(error: unknown): error is Error & { code: string } {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Games, seats and the append-only action log. Every method is one transaction. */
export class GameStore {
  private readonly statements;
  private readonly commitInTransaction: (commit: ActionCommit) => CommittedAction | null;
  private readonly replaceSeatsInTransaction: (
    gameId: string,
    hostId: string,
    seats: SeatRecord[],
    now: number,
    options?: GameOptions,
  ) => boolean;
  private readonly startInTransaction: (start: GameStart) => boolean;
  private readonly createInTransaction: (lobby: NewLobby) => void;

  constructor(
    private readonly db: Database.Database,
    private readonly stats: StatsStore,
    private readonly ratings: RatingStore,
  ) {
    this.statements = prepareStatements(db);
    this.createInTransaction = db.transaction((lobby: NewLobby) => this.insertLobby(lobby));
    this.replaceSeatsInTransaction = db.transaction(this.replaceLobbySeats.bind(this));
    this.startInTransaction = db.transaction(this.writeStart.bind(this));
    this.commitInTransaction = db.transaction(this.writeAction.bind(this));
  }

  /** Inserts a new lobby; throws ChannelBusyError if the channel has an open game. */
  createLobby(lobby: NewLobby): void {
    try {
      this.createInTransaction(lobby);
    } catch (error) {
      if (isUniqueViolation(error) && error.message.includes('channel_id'))
        throw new ChannelBusyError(lobby.channelId);
      throw error;
    }
  }

  /** Whether a game id is taken (ids are random; the caller draws again on a clash). */
  hasGame(id: string): boolean {
    return this.statements.gameExists.get(id) !== undefined;
  }

  getGame(id: string): GameRecord | null {
    const row = this.statements.selectGame.get(id);
    return row ? gameFromRows(row, this.statements.selectSeats.all(id)) : null;
  }

  /** The lobby or active game of a channel, if any. */
  findOpenGameInChannel(channelId: string): GameRecord | null {
    const row = this.statements.selectOpenInChannel.get(channelId);
    return row ? gameFromRows(row, this.statements.selectSeats.all(row.id)) : null;
  }

  /** Every active game with its next due time, for arming timers at start-up. */
  listActiveGames(): OpenGameRef[] {
    return this.statements.selectActive
      .all()
      .map((row) => ({ id: row.id, guildId: row.guild_id, nextDueAt: row.next_due_at }));
  }

  /** How many open lobbies `hostId` hosts (in every server) and how many `guildId` has, for the lobby caps. */
  countLobbies(guildId: string, hostId: string): { hosted: number; inGuild: number } {
    return {
      hosted: this.statements.countLobbiesOfHost.get(hostId)?.count ?? 0,
      inGuild: this.statements.countLobbiesInGuild.get(guildId)?.count ?? 0,
    };
  }

  /** Every open lobby with the time it last changed, for arming the expiry timers at start-up. */
  listLobbies(): { id: string; guildId: string; updatedAt: number }[] {
    return this.statements.selectLobbies
      .all()
      .map((row) => ({ id: row.id, guildId: row.guild_id, updatedAt: row.updated_at }));
  }

  /** Replaces a lobby's seats (and host, and options when given); false if the game is no longer a lobby. */
  updateLobby(
    gameId: string,
    hostId: string,
    seats: SeatRecord[],
    now: number,
    options?: GameOptions,
  ): boolean {
    return this.replaceSeatsInTransaction(gameId, hostId, seats, now, options);
  }

  /** Turns a lobby into an active game with its final seats and first state; false if not a lobby. */
  startGame(start: GameStart): boolean {
    return this.startInTransaction(start);
  }

  /**
   * Writes an action: the new state, the next log row and version + 1, in one transaction, only if the
   * game is active and still at `expectedVersion`; null (nothing written) otherwise.
   */
  commitAction(commit: ActionCommit): CommittedAction | null {
    return this.commitInTransaction(commit);
  }

  /** A human's seat is played by a computer of `level` from now on; false if it was not a human seat. */
  handSeatToComputer(
    gameId: string,
    seatIndex: number,
    level: string,
    nextDueAt: number | null,
    now: number,
  ) {
    return this.db.transaction(() => {
      if (this.statements.seatToComputer.run(level, gameId, seatIndex).changes === 0) return false;
      this.statements.updateNextDue.run(nextDueAt, now, gameId);
      return true;
    })();
  }

  /**
   * Stops a lobby or active game (status finished or cancelled), noting who did, with the game's `results` (a
   * forfeit's statistics and ratings) in the same transaction; false if it was already over.
   */
  closeGame(
    gameId: string,
    status: 'finished' | 'cancelled',
    reason: EndReason,
    now: number,
    by: { id: string; name: string } | null = null,
    results: GameResults | null = null,
  ): boolean {
    return this.db.transaction(() => {
      const closed = this.statements.closeGame.run(
        status,
        reason,
        now,
        now,
        by?.id ?? null,
        by?.name ?? null,
        gameId,
      );
      if (closed.changes !== 1) return false;
      if (results) this.recordResults(gameId, results, now);
      return true;
    })();
  }

  /** The channel's most recent game of `gameKey` in any status (open, finished or cancelled), or null. */
  findLatestGameInChannel(channelId: string, gameKey: string): GameRecord | null {
    const row = this.statements.selectLatestInChannel.get(channelId, gameKey);
    return row ? this.getGame(row.id) : null;
  }

  setNextDue(gameId: string, nextDueAt: number | null, now: number): void {
    this.statements.updateNextDue.run(nextDueAt, now, gameId);
  }

  setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null, now: number): boolean {
    return this.statements.setBoardMessage.run(messageId, postedAt, now, gameId).changes === 1;
  }

  markSummaryPosted(gameId: string, now: number): boolean {
    return this.statements.markSummaryPosted.run(now, gameId).changes === 1;
  }

  /** The closed game's channel shows its final state (no live controls; the summary, when it has one). */
  settleChannel(gameId: string, now: number): boolean {
    return this.statements.settleChannel.run(now, gameId).changes === 1;
  }

  /** Games whose channel may differ from what the database implies: open ones and closed ones not settled. */
  listUnsettled(): UnsettledGame[] {
    return this.statements.selectUnsettled.all().map((row) => ({ id: row.id, guildId: row.guild_id }));
  }

  /** Finished games (not cancelled ones) whose summary was never posted, oldest first. */
  listGamesAwaitingSummary(): string[] {
    return this.statements.selectAwaitingSummary.all().map((row) => row.id);
  }

  setTurnNotice(gameId: string, messageId: string | null, now: number, key: string | null = null): boolean {
    return (
      this.statements.setTurnNotice.run(messageId, messageId === null ? null : key, now, gameId).changes === 1
    );
  }

  /** The action log of a game in order (all of it, or the last `limit` rows). */
  listActions(gameId: string, limit?: number): ActionLogRow[] {
    const rows =
      limit === undefined
        ? this.statements.selectActions.all(gameId)
        : this.statements.selectLastActions.all(gameId, limit).reverse();
    return rows.map(actionFromRow);
  }

  private insertLobby(lobby: NewLobby): void {
    this.statements.insertGame.run({
      id: lobby.id,
      guild_id: lobby.guildId,
      channel_id: lobby.channelId,
      host_id: lobby.hostId,
      game_key: lobby.gameKey,
      state_format: lobby.stateFormat ?? STATE_FORMAT,
      options: JSON.stringify(lobby.options),
      seed: lobby.seed,
      generator: lobby.generator ?? SFC32_GENERATOR,
      now: lobby.now,
    });
    this.insertSeats(lobby.id, lobby.seats);
  }

  private insertSeats(gameId: string, seats: readonly SeatRecord[]): void {
    for (const seat of seats) {
      this.statements.insertSeat.run(
        gameId,
        seat.index,
        seat.kind,
        seat.userId,
        seat.level,
        seat.name,
        seat.left ? 1 : 0,
        seat.clientSeed ?? null,
      );
    }
  }

  private replaceLobbySeats(
    gameId: string,
    hostId: string,
    seats: SeatRecord[],
    now: number,
    options?: GameOptions,
  ): boolean {
    if (this.statements.touchLobby.run(hostId, now, gameId).changes === 0) return false;
    if (options) this.statements.setLobbyOptions.run(JSON.stringify(options), gameId);
    this.statements.deleteSeats.run(gameId);
    this.insertSeats(gameId, seats);
    return true;
  }

  private writeStart(start: GameStart): boolean {
    const changed = this.statements.startGame.run(
      JSON.stringify(start.state),
      start.now,
      start.now,
      start.nextDueAt,
      start.gameId,
    );
    if (changed.changes === 0) return false;
    this.statements.deleteSeats.run(start.gameId);
    this.insertSeats(start.gameId, start.seats);
    return true;
  }

  private writeAction(commit: ActionCommit): CommittedAction | null {
    const finished = commit.finish !== undefined;
    const updated = this.statements.updateState.run({
      state: JSON.stringify(commit.state),
      status: finished ? 'finished' : 'active',
      end_reason: finished ? 'completed' : null,
      finished_at: finished ? commit.now : null,
      next_due_at: commit.nextDueAt,
      now: commit.now,
      id: commit.gameId,
      version: commit.expectedVersion,
    });
    if (updated.changes === 0) return null;
    const inserted = this.statements.insertAction.get({
      game_id: commit.gameId,
      seat: commit.seat,
      actor: commit.actor,
      action: JSON.stringify(commit.action),
      now: commit.now,
    });
    if (inserted === undefined) throw new Error('the action log insert returned no sequence number');
    if (commit.finish) this.recordResults(commit.gameId, commit.finish, commit.now);
    return { version: commit.expectedVersion + 1, seq: inserted.seq };
  }

  private recordResults(gameId: string, results: GameResults, now: number): void {
    const { guildId, gameKey, rated } = results;
    this.stats.recordGame(gameId, results, now);
    this.ratings.recordGame({ gameId, guildId, gameKey, seats: rated }, now);
  }
}

function prepareStatements(db: Database.Database) {
  return {
    insertGame: db.prepare<{
      id: string;
      guild_id: string;
      channel_id: string;
      host_id: string;
      game_key: string;
      state_format: number;
      options: string;
      seed: string;
      generator: number;
      now: number;
    }>(`INSERT INTO games (id, game_key, guild_id, channel_id, host_id, options, status, seed, state_format,
                           version, created_at, updated_at, generator)
        VALUES (@id, @game_key, @guild_id, @channel_id, @host_id, @options, 'lobby', @seed, @state_format,
                0, @now, @now, @generator)`),
    insertSeat: db.prepare<
      [string, number, string, string | null, string | null, string, number, string | null]
    >(
      'INSERT INTO seats (game_id, seat_index, kind, user_id, level, name, left_game, client_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteSeats: db.prepare<[string]>('DELETE FROM seats WHERE game_id = ?'),
    gameExists: db.prepare<[string], { id: string }>(GAMES.gameExists),
    selectGame: db.prepare<[string], GameRow>('SELECT * FROM games WHERE id = ?'),
    selectSeats: db.prepare<[string], SeatRow>(GAMES.seats),
    selectOpenInChannel: db.prepare<[string], GameRow>(GAMES.openInChannel),
    selectLatestInChannel: db.prepare<[string, string], { id: string }>(GAMES.latestInChannel),
    markSummaryPosted: db.prepare<[number, string]>(
      'UPDATE games SET summary_posted = 1, updated_at = ? WHERE id = ?',
    ),
    settleChannel: db.prepare<[number, string]>(GAMES.settleChannel),
    selectUnsettled: db.prepare<[], { id: string; guild_id: string }>(GAMES.unsettled),
    selectAwaitingSummary: db.prepare<[], { id: string }>(GAMES.awaitingSummary),
    selectActive: db.prepare<[], { id: string; guild_id: string; next_due_at: number | null }>(GAMES.active),
    countLobbiesOfHost: db.prepare<[string], { count: number }>(
      "SELECT COUNT(*) AS count FROM games WHERE status = 'lobby' AND host_id = ?",
    ),
    countLobbiesInGuild: db.prepare<[string], { count: number }>(
      "SELECT COUNT(*) AS count FROM games WHERE status = 'lobby' AND guild_id = ?",
    ),
    selectLobbies: db.prepare<[], { id: string; guild_id: string; updated_at: number }>(GAMES.lobbies),
    touchLobby: db.prepare<[string, number, string]>(
      "UPDATE games SET host_id = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
    ),
    setLobbyOptions: db.prepare<[string, string]>(
      "UPDATE games SET options = ? WHERE id = ? AND status = 'lobby'",
    ),
    startGame: db.prepare<[string, number, number, number | null, string]>(
      `UPDATE games SET status = 'active', state = ?, version = version + 1, started_at = ?, updated_at = ?,
              next_due_at = ?
       WHERE id = ? AND status = 'lobby'`,
    ),
    updateState: db.prepare<{
      state: string;
      status: string;
      end_reason: string | null;
      finished_at: number | null;
      next_due_at: number | null;
      now: number;
      id: string;
      version: number;
    }>(
      `UPDATE games SET state = @state, version = version + 1, status = @status, end_reason = @end_reason,
              finished_at = @finished_at, next_due_at = @next_due_at, updated_at = @now
       WHERE id = @id AND version = @version AND status = 'active'`,
    ),
    insertAction: db.prepare<
      [{ game_id: string; seat: number; actor: string; action: string; now: number }],
      { seq: number }
    >(
      `INSERT INTO actions (game_id, seq, seat, actor, action, created_at)
       SELECT @game_id, COALESCE(MAX(seq), 0) + 1, @seat, @actor, @action, @now FROM actions WHERE game_id = @game_id
       RETURNING seq`,
    ),
    seatToComputer: db.prepare<[string, string, number]>(
      "UPDATE seats SET kind = 'computer', level = ?, left_game = 1 WHERE game_id = ? AND seat_index = ? AND kind = 'human'",
    ),
    updateNextDue: db.prepare<[number | null, number, string]>(
      'UPDATE games SET next_due_at = ?, updated_at = ? WHERE id = ?',
    ),
    closeGame: db.prepare<[string, string, number, number, string | null, string | null, string]>(
      `UPDATE games SET status = ?, end_reason = ?, finished_at = ?, updated_at = ?, next_due_at = NULL,
              ended_by = ?, ended_by_name = ?, version = version + 1
       WHERE id = ? AND status IN ('lobby', 'active')`,
    ),
    setBoardMessage: db.prepare<[string | null, number | null, number, string]>(
      'UPDATE games SET board_message_id = ?, board_posted_at = ?, updated_at = ? WHERE id = ?',
    ),
    setTurnNotice: db.prepare<[string | null, string | null, number, string]>(
      'UPDATE games SET turn_notice_message_id = ?, turn_notice_key = ?, updated_at = ? WHERE id = ?',
    ),
    selectActions: db.prepare<[string], ActionRow>(GAMES.actions),
    selectLastActions: db.prepare<[string, number], ActionRow>(GAMES.lastActions),
  };
}
