/**
 * The one asynchronous storage interface of the bot, the service and the scripts, whichever engine holds the
 * data (SQLite, the default, or PostgreSQL; see open-storage.ts). Everything that must be written together is
 * one method, and so one transaction: an action with its log row (checked against the game's version), a lobby
 * change (checked against the lobby as it was read), a game's end with its statistics and ratings, a message's
 * outcome with its outbox entry. Times always come from the caller's clock, never from the database.
 */
import type {
  ActionCommit,
  CommittedAction,
  GameResults,
  GameStart,
  NewLobby,
  OpenGameRef,
} from './game-writes';
import type { NewOutboxEntry, OutboxEntry } from './outbox-records';
import type { OpenGamesCount, RetentionResult } from './maintenance-types';
import type { ArchiveFilter, ArchiveQuery } from './archive-query';
import type { GameToRate, PlayerRating, RatingPoint } from './ratings';
import type {
  EndReason,
  GameOptions,
  GameRecord,
  ActionLogRow,
  PlayerStats,
  SeatRecord,
  UnsettledGame,
} from './types';
import type { StorageRows } from './storage-rows';
import type { LeaseStore } from './leases';
import type { InteractionTokenStore } from './interaction-tokens';
import type { ArenaTokenStore } from './arena-tokens';

export type StorageEngine = 'sqlite' | 'postgres';

/**
 * The game changed since the caller read it (another click, another process, a join for the same seat): nothing
 * was written. The caller reads the game again and tells the player the board moved on.
 */
export class GameMovedOnError extends Error {
  constructor(
    readonly gameId: string,
    detail: string,
  ) {
    super(`game ${gameId} moved on: ${detail}`);
    this.name = 'GameMovedOnError';
  }
}

/** What a lobby change was computed from: its host and seats as the caller read them. */
export interface LobbyContents {
  hostId: string;
  seats: readonly SeatRecord[];
}

/** A new lobby, with its fairness commitment when it made one (written in the same transaction). */
export interface LobbyOpening extends NewLobby {
  commitment?: { serverSeed: string; commitment: string } | null;
}

/** A lobby's new host and seats (and options, when given), written only if the lobby still is `expected`. */
export interface LobbyChange {
  gameId: string;
  expected: LobbyContents;
  hostId: string;
  seats: SeatRecord[];
  now: number;
  options?: GameOptions;
}

/** A lobby's start: written only if it still is the lobby `expected`, with the seed derived from the commitment. */
export interface LobbyStart extends GameStart {
  expected: LobbyContents;
  derivedSeed?: { clientSeed: string; seed: string } | null;
}

export interface GameStorage {
  /** Throws ChannelBusyError if the channel already has an open game. */
  createLobby(lobby: LobbyOpening): Promise<void>;
  hasGame(id: string): Promise<boolean>;
  getGame(id: string): Promise<GameRecord | null>;
  findOpenGameInChannel(channelId: string): Promise<GameRecord | null>;
  /** The channel's most recent game of `gameKey` in any status. */
  findLatestGameInChannel(channelId: string, gameKey: string): Promise<GameRecord | null>;
  listActiveGames(): Promise<OpenGameRef[]>;
  countLobbies(guildId: string, hostId: string): Promise<{ hosted: number; inGuild: number }>;
  listLobbies(): Promise<{ id: string; guildId: string; updatedAt: number }[]>;
  /** Throws GameMovedOnError if the game is no longer the lobby `expected`. */
  updateLobby(change: LobbyChange): Promise<void>;
  /** Throws GameMovedOnError if the game is no longer the lobby `expected`. */
  startGame(start: LobbyStart): Promise<void>;
  /**
   * The action, its log row and version + 1 (with the statistics and ratings when it ends the game) in one
   * transaction; throws GameMovedOnError (nothing written) unless the game is active at `expectedVersion`.
   */
  commitAction(commit: ActionCommit): Promise<CommittedAction>;
  handSeatToComputer(
    gameId: string,
    seatIndex: number,
    level: string,
    nextDueAt: number | null,
    now: number,
  ): Promise<boolean>;
  /**
   * Stops a lobby or running game; `results` (a forfeit's statistics and ratings) are written in the same
   * transaction. False (nothing written) when it was no longer open.
   */
  closeGame(
    gameId: string,
    status: 'finished' | 'cancelled',
    reason: EndReason,
    now: number,
    by?: { id: string; name: string } | null,
    results?: GameResults | null,
  ): Promise<boolean>;
  /**
   * Cancels an open game whose channel or server the bot lost, in one transaction: rated for nobody, its channel
   * counted as settled and its outbox emptied; false when it was not open (store/gone-game-store.ts).
   */
  closeGone(gameId: string, by: { id: string; name: string }, now: number): Promise<boolean>;
  setNextDue(gameId: string, nextDueAt: number | null, now: number): Promise<void>;
  setBoardMessage(
    gameId: string,
    messageId: string | null,
    postedAt: number | null,
    now: number,
  ): Promise<boolean>;
  markSummaryPosted(gameId: string, now: number): Promise<boolean>;
  settleChannel(gameId: string, now: number): Promise<boolean>;
  /** Open games and closed ones whose channel is not settled, least recently changed first. */
  listUnsettled(): Promise<UnsettledGame[]>;
  listGamesAwaitingSummary(): Promise<string[]>;
  setTurnNotice(gameId: string, messageId: string | null, now: number, key?: string | null): Promise<boolean>;
  /** The turn mentions recorded for the channel's games (at most one is shown, of its open game). */
  listTurnNotices(channelId: string): Promise<{ gameId: string; messageId: string }[]>;
  listActions(gameId: string, limit?: number): Promise<ActionLogRow[]>;
  /** Every game id, oldest first (for db:verify and db:copy). */
  listGameIds(): Promise<string[]>;
}

/**
 * The outbox, the messages in flight (the `outbox` table on both engines), and what must be written with it
 * (src/service/outbox.ts).
 */
export interface OutboxStorage {
  add(entry: NewOutboxEntry, now: number): Promise<OutboxEntry>;
  remove(id: number): Promise<void>;
  noteFailure(id: number): Promise<void>;
  all(): Promise<OutboxEntry[]>;
  forGame(gameId: string): Promise<OutboxEntry[]>;
  /** The post or reply of `entry` is message `messageId`: recorded on the game and the entry cleared, together. */
  posted(entry: OutboxEntry, messageId: string, now: number): Promise<void>;
  /** A lobby's unrecorded reply becomes its message (unless it has one); whether `messageId` is its message. */
  adoptReply(gameId: string, messageId: string, now: number): Promise<boolean>;
  /** A message to delete; the game forgets it (as board or turn mention) in the same transaction. */
  beginDelete(gameId: string, channelId: string, messageId: string, now: number): Promise<OutboxEntry>;
}

export interface StatsStorage {
  get(guildId: string, gameKey: string, userId: string): Promise<PlayerStats | null>;
  leaderboard(guildId: string, gameKey: string, limit: number): Promise<PlayerStats[]>;
}

export interface RatingStorage {
  get(guildId: string, gameKey: string, playerId: string): Promise<PlayerRating | null>;
  leaderboard(guildId: string, gameKey: string, limit: number): Promise<PlayerRating[]>;
  history(guildId: string, gameKey: string, playerId: string, limit: number): Promise<RatingPoint[]>;
  /**
   * Finished games not rated yet, in finishing order: completed ones, and with `withForfeits` also forfeits (a
   * forfeit is rated in the transaction that ends it, so only a rebuild finds one unrated).
   */
  unratedGameIds(withForfeits?: boolean): Promise<string[]>;
  /** Rates a finished game once, in its own transaction; false if it was rated already. */
  rateGame(game: GameToRate, now: number): Promise<boolean>;
  /** Forgets every rating (to rebuild them from the games). */
  clear(): Promise<void>;
  /** Every guild and game that has ratings. */
  groups(): Promise<{ guildId: string; gameKey: string }[]>;
}

export interface ArchiveStorage {
  countFinished(filter: ArchiveFilter): Promise<number>;
  finishedGames(query: ArchiveQuery): Promise<GameRecord[]>;
}

export interface MaintenanceStorage {
  /** The schema version the database is at (the same numbers on both engines). */
  schemaVersion(): Promise<number>;
  /** Throws unless a write transaction commits. */
  checkWritable(): Promise<void>;
  openGames(): Promise<OpenGamesCount[]>;
  outboxDepth(): Promise<number>;
  pruneOutbox(now: number): Promise<number>;
  applyRetention(now: number, days: number): Promise<RetentionResult>;
}

export interface Storage {
  readonly engine: StorageEngine;
  /** Where the data is, for messages (a file path, or the URL without its password). */
  readonly location: string;
  /** The copy taken before migrating an older SQLite file, or null. */
  readonly migrationBackup: string | null;
  readonly games: GameStorage;
  readonly outbox: OutboxStorage;
  readonly stats: StatsStorage;
  readonly ratings: RatingStorage;
  readonly archive: ArchiveStorage;
  readonly maintenance: MaintenanceStorage;
  /** Which process drives the games of each shard (src/service/shard-leases.ts). */
  readonly leases: LeaseStore;
  /** The interaction tokens kept per game while they are valid (src/service/interaction-tokens.ts). */
  readonly tokens: InteractionTokenStore;
  /** The arena's player tokens, hashed (src/service/arena-tokens.ts). */
  readonly arenaTokens: ArenaTokenStore;
  /** Whole tables, for db:copy. */
  readonly rows: StorageRows;
  /**
   * A consistent copy of the whole database, taken while it is in use, written as a SQLite file at `target`
   * (readable by its owner only), whichever the engine: the backups' format, which db:verify and db:copy read.
   */
  backupTo(target: string): Promise<void>;
  close(): Promise<void>;
}
