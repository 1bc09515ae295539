/**
 * Games, seats and the append-only action log on SQLite (the statements in sql/game-writes-sql.ts): the reads of
 * SqliteGameReads, and the writes, each one transaction.
 */
import type Database from 'better-sqlite3';
import type { StatsStore } from './stats-store';
import type { RatingStore } from './rating-store';
import { SqliteGameReads } from './game-reads';
import { SQLITE_DIALECT } from '../sql/dialect';
import { gamesSql } from '../sql/games-sql';
import { gameWritesSql, lobbyArguments, seatArguments, stateArguments } from '../sql/game-writes-sql';
import { requireSameLobby } from '../lobby-contents';
import { seatFromRow, type SeatRow } from '../rows';
import {
  ChannelBusyError,
  type ActionCommit,
  type CommittedAction,
  type GameResults,
  type GameStart,
} from '../game-writes';
import type { LobbyContents, LobbyOpening, LobbyStart } from '../storage';
import type { EndReason, GameOptions, SeatRecord } from '../types';

const WRITES = gameWritesSql(SQLITE_DIALECT);
const GAMES = gamesSql(SQLITE_DIALECT);

function isUniqueViolation(error: unknown): error is Error & { code: string } {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function prepareWrites(db: Database.Database) {
  const prepare = (text: string) => db.prepare<unknown[]>(text);
  return {
    insertGame: prepare(WRITES.insertGame),
    insertSeat: prepare(WRITES.insertSeat),
    deleteSeats: prepare(WRITES.deleteSeats),
    lobbyHost: db.prepare<[string], { status: string; host_id: string }>(WRITES.lobbyHost),
    seats: db.prepare<[string], SeatRow>(GAMES.seats),
    touchLobby: prepare(WRITES.touchLobby),
    setLobbyOptions: prepare(WRITES.setLobbyOptions),
    deriveSeed: prepare(WRITES.deriveSeed),
    startGame: prepare(WRITES.startGame),
    updateState: prepare(WRITES.updateState),
    appendAction: db.prepare<unknown[], { seq: number }>(WRITES.appendAction),
    seatToComputer: prepare(WRITES.seatToComputer),
    setNextDue: prepare(WRITES.setNextDue),
    closeGame: prepare(WRITES.closeGame),
    setBoardMessage: prepare(WRITES.setBoardMessage),
    setTurnNotice: prepare(WRITES.setTurnNotice),
    markSummaryPosted: prepare(WRITES.markSummaryPosted),
    settleChannel: prepare(GAMES.settleChannel),
  };
}

/** Games, seats and the append-only action log. Every method is one transaction. */
export class GameStore extends SqliteGameReads {
  private readonly writes;
  private readonly inTransaction;

  constructor(
    private readonly db: Database.Database,
    private readonly stats: StatsStore,
    private readonly ratings: RatingStore,
  ) {
    super(db);
    this.writes = prepareWrites(db);
    this.inTransaction = {
      create: db.transaction(this.insertLobby.bind(this)),
      start: db.transaction(this.writeStart.bind(this)),
      commit: db.transaction(this.writeAction.bind(this)),
    };
  }

  /**
   * Inserts a new lobby (with its fairness commitment when it made one); throws ChannelBusyError if the channel
   * has an open game.
   */
  createLobby(lobby: LobbyOpening): void {
    try {
      this.inTransaction.create(lobby);
    } catch (error) {
      if (isUniqueViolation(error) && error.message.includes('channel_id'))
        throw new ChannelBusyError(lobby.channelId);
      throw error;
    }
  }

  /** Throws GameMovedOnError unless the game still is the lobby `expected` (inside the caller's transaction). */
  requireLobby(gameId: string, expected: LobbyContents): void {
    const seats = this.writes.seats.all(gameId).map(seatFromRow);
    requireSameLobby(gameId, expected, this.writes.lobbyHost.get(gameId), seats);
  }

  /** Replaces a lobby's seats (and host, and options when given); false if the game is no longer a lobby. */
  updateLobby(
    gameId: string,
    hostId: string,
    seats: SeatRecord[],
    now: number,
    options?: GameOptions,
  ): boolean {
    return this.db.transaction(() => {
      if (this.writes.touchLobby.run(hostId, now, gameId).changes === 0) return false;
      if (options) this.writes.setLobbyOptions.run(JSON.stringify(options), gameId);
      this.writes.deleteSeats.run(gameId);
      this.insertSeats(gameId, seats);
      return true;
    })();
  }

  /**
   * Turns a lobby into an active game with its final seats and first state (and the seed derived from the
   * players' value, when given); false if not a lobby.
   */
  startGame(start: GameStart & Pick<LobbyStart, 'derivedSeed'>): boolean {
    return this.inTransaction.start(start);
  }

  /**
   * Writes an action: the new state, the next log row and version + 1, in one transaction, only if the
   * game is active and still at `expectedVersion`; null (nothing written) otherwise.
   */
  commitAction(commit: ActionCommit): CommittedAction | null {
    return this.inTransaction.commit(commit);
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
      if (this.writes.seatToComputer.run(level, gameId, seatIndex).changes === 0) return false;
      this.writes.setNextDue.run(nextDueAt, now, gameId);
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
      const closer = [by?.id ?? null, by?.name ?? null];
      if (this.writes.closeGame.run(status, reason, now, now, ...closer, gameId).changes !== 1) return false;
      if (results) this.recordResults(gameId, results, now);
      return true;
    })();
  }

  setNextDue(gameId: string, nextDueAt: number | null, now: number): void {
    this.writes.setNextDue.run(nextDueAt, now, gameId);
  }

  setBoardMessage(gameId: string, messageId: string | null, postedAt: number | null, now: number): boolean {
    return this.writes.setBoardMessage.run(messageId, postedAt, now, gameId).changes === 1;
  }

  markSummaryPosted(gameId: string, now: number): boolean {
    return this.writes.markSummaryPosted.run(now, gameId).changes === 1;
  }

  /** The closed game's channel shows its final state (no live controls; the summary, when it has one). */
  settleChannel(gameId: string, now: number): boolean {
    return this.writes.settleChannel.run(now, gameId).changes === 1;
  }

  setTurnNotice(gameId: string, messageId: string | null, now: number, key: string | null = null): boolean {
    const noticeKey = messageId === null ? null : key;
    return this.writes.setTurnNotice.run(messageId, noticeKey, now, gameId).changes === 1;
  }

  private insertLobby(lobby: LobbyOpening): void {
    this.writes.insertGame.run(...lobbyArguments(lobby));
    this.insertSeats(lobby.id, lobby.seats);
  }

  private insertSeats(gameId: string, seats: readonly SeatRecord[]): void {
    for (const seat of seats) this.writes.insertSeat.run(...seatArguments(gameId, seat));
  }

  private writeStart(start: GameStart & Pick<LobbyStart, 'derivedSeed'>): boolean {
    const { gameId, now, derivedSeed } = start;
    if (derivedSeed) this.writes.deriveSeed.run(derivedSeed.clientSeed, derivedSeed.seed, gameId);
    const state = JSON.stringify(start.state);
    if (this.writes.startGame.run(state, now, now, start.nextDueAt, gameId).changes === 0) return false;
    this.writes.deleteSeats.run(gameId);
    this.insertSeats(gameId, start.seats);
    return true;
  }

  private writeAction(commit: ActionCommit): CommittedAction | null {
    if (this.writes.updateState.run(...stateArguments(commit)).changes === 0) return null;
    const { gameId, seat, actor, now } = commit;
    const action = JSON.stringify(commit.action);
    const inserted = this.writes.appendAction.get(gameId, seat, actor, action, now, gameId);
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
