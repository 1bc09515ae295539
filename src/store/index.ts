/**
 * The store: one asynchronous Storage interface (storage.ts) over two engines side by side, SQLite (sqlite/) and
 * PostgreSQL (pg/), and the types, rows and rating maths they share. This barrel also gives the synchronous
 * SQLite store (sqlite/sqlite-store.ts) to the scripts and tests that use it.
 */
export { openSqliteStore, type SqliteStore } from './sqlite/sqlite-store';
export { DEFAULT_DATABASE_PATH, MEMORY_DATABASE, openDatabase } from './sqlite/database';
export { migrate, MIGRATIONS, type Migration } from './sqlite/migrations';
export { GameStore } from './sqlite/game-store';
export {
  ChannelBusyError,
  type ActionCommit,
  type CommittedAction,
  type GameResults,
  type GameStart,
  type NewLobby,
  type OpenGameRef,
} from './game-writes';
export { StatsStore } from './sqlite/stats-store';
export { OutboxStore } from './sqlite/outbox-store';
export { type NewOutboxEntry, type OutboxEntry, type OutboxKind } from './outbox-records';
export { StoreMaintenance } from './sqlite/maintenance';
export { OUTBOX_MAX_AGE_MS, type OpenGamesCount, type RetentionResult } from './maintenance-types';
export { isStorageUnavailable, recentStorageFailure, recordStorageFailure } from './storage-errors';
export { backupOnline } from './sqlite/online-backup';
export { GameArchive } from './sqlite/game-archive';
export { type ArchiveFilter, type ArchiveQuery } from './archive-query';
export { RatingStore } from './sqlite/rating-store';
export { type GameToRate, type PlayerRating, type RatingPoint } from './ratings';
export {
  conservativeRating,
  INITIAL_RATING,
  rateGame,
  type RatedSeat,
  type SkillRating,
} from './rating-math';
export * from './types';
export { GoneGameStore, type Closer } from './sqlite/gone-game-store';
export { SqlLeaseStore, type LeaseStore } from './leases';
export { SqlInteractionTokenStore, type InteractionTokenStore, type KeptToken } from './interaction-tokens';
