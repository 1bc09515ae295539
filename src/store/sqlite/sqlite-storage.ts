/**
 * The SQLite engine of the storage interface: the synchronous store (better-sqlite3) behind async methods. Each
 * method that reads before it writes runs in an IMMEDIATE transaction, so two processes on one file take turns
 * (busy_timeout) instead of both writing from the same read.
 */
import { migrationBackupOf } from './backup';
import { backupOnline } from './online-backup';
import { GameMovedOnError, type LobbyChange, type LobbyStart, type Storage } from '../storage';
import { COPIED_TABLES, type StorageRows, type TableRow, type TableShape } from '../storage-rows';
import { insertArguments, readArguments, rowsSql } from '../sql/rows-sql';
import { openSqliteStore, type SqliteStore } from './sqlite-store';
import type { OutboxEntry } from '../outbox-records';
import { SqlArenaTokenStore } from '../arena-tokens';
import { SQLITE_DIALECT } from '../sql/dialect';
import { sqliteRunner } from './sqlite-runner';

const ROWS = rowsSql(SQLITE_DIALECT);

function rowsOf(store: SqliteStore): StorageRows {
  const { db } = store;
  return {
    read: async (table: TableShape, after: TableRow | null, limit: number) =>
      db.prepare(ROWS.read(table, after !== null)).all(...readArguments(table, after, limit)) as TableRow[],
    insert: async (table: TableShape, rows: readonly TableRow[]) => {
      const insert = db.prepare(ROWS.insert(table, 1));
      db.transaction(() => {
        for (const row of rows) insert.run(...insertArguments(table, [row]));
      })();
    },
    count: async (table: TableShape) => (db.prepare(ROWS.count(table)).get() as { count: number }).count,
    clear: async () => {
      db.transaction(() => {
        for (const table of [...COPIED_TABLES].reverse()) db.prepare(ROWS.clear(table)).run();
      })();
    },
    // AUTOINCREMENT continues after the highest id ever inserted on its own.
    resetSequences: async () => {},
  };
}

/** Opens (creating or migrating) the SQLite file at `file` (':memory:' for tests). */
export function openSqliteStorage(
  file: string,
  options: Parameters<typeof openSqliteStore>[1] = {},
): Storage {
  return storageOfSqliteStore(openSqliteStore(file, options), file);
}

/** The storage interface over an open synchronous store (which it closes with itself). */
export function storageOfSqliteStore(store: SqliteStore, file: string): Storage {
  const { db, games, outbox } = store;
  const immediate = <T>(work: () => T): T => db.transaction(work).immediate();

  return {
    engine: 'sqlite',
    location: file,
    migrationBackup: migrationBackupOf(db),
    games: {
      createLobby: async (lobby) => immediate(() => games.createLobby(lobby)),
      hasGame: async (id) => games.hasGame(id),
      getGame: async (id) => games.getGame(id),
      findOpenGameInChannel: async (channelId) => games.findOpenGameInChannel(channelId),
      findLatestGameInChannel: async (channelId, gameKey) =>
        games.findLatestGameInChannel(channelId, gameKey),
      listActiveGames: async () => games.listActiveGames(),
      countLobbies: async (guildId, hostId) => games.countLobbies(guildId, hostId),
      listLobbies: async () => games.listLobbies(),
      updateLobby: async (change: LobbyChange) =>
        immediate(() => {
          games.requireLobby(change.gameId, change.expected);
          games.updateLobby(change.gameId, change.hostId, change.seats, change.now, change.options);
        }),
      startGame: async (start: LobbyStart) =>
        immediate(() => {
          games.requireLobby(start.gameId, start.expected);
          games.startGame(start);
        }),
      commitAction: async (commit) => {
        const committed = games.commitAction(commit);
        if (!committed)
          throw new GameMovedOnError(
            commit.gameId,
            `it is no longer active at version ${commit.expectedVersion}`,
          );
        return committed;
      },
      handSeatToComputer: async (gameId, seatIndex, level, nextDueAt, now) =>
        games.handSeatToComputer(gameId, seatIndex, level, nextDueAt, now),
      closeGame: async (gameId, status, reason, now, by, results) =>
        games.closeGame(gameId, status, reason, now, by, results),
      closeGone: async (gameId, by, now) => store.goneGames.close(gameId, by, now),
      setNextDue: async (gameId, nextDueAt, now) => games.setNextDue(gameId, nextDueAt, now),
      setBoardMessage: async (gameId, messageId, postedAt, now) =>
        games.setBoardMessage(gameId, messageId, postedAt, now),
      markSummaryPosted: async (gameId, now) => games.markSummaryPosted(gameId, now),
      settleChannel: async (gameId, now) => games.settleChannel(gameId, now),
      listUnsettled: async () => games.listUnsettled(),
      listGamesAwaitingSummary: async () => games.listGamesAwaitingSummary(),
      setTurnNotice: async (gameId, messageId, now, key) => games.setTurnNotice(gameId, messageId, now, key),
      listActions: async (gameId, limit) => games.listActions(gameId, limit),
      listTurnNotices: async (channelId) => games.listTurnNotices(channelId),
      listGameIds: async () => games.listGameIds(),
    },
    outbox: {
      add: async (entry, now) => outbox.add(entry, now),
      remove: async (id) => outbox.remove(id),
      noteFailure: async (id) => outbox.noteFailure(id),
      all: async () => outbox.all(),
      forGame: async (gameId) => outbox.forGame(gameId),
      posted: async (entry: OutboxEntry, messageId: string, now: number) =>
        immediate(() => {
          if (entry.kind === 'board' || entry.kind === 'reply')
            games.setBoardMessage(entry.gameId, messageId, now, now);
          else if (entry.kind === 'notice') games.setTurnNotice(entry.gameId, messageId, now, entry.nonce);
          else if (entry.kind === 'summary') games.markSummaryPosted(entry.gameId, now);
          outbox.remove(entry.id);
        }),
      adoptReply: async (gameId, messageId, now) =>
        immediate(() => {
          const game = games.getGame(gameId);
          if (!game || game.status !== 'lobby') return false;
          if (game.boardMessageId !== null) return game.boardMessageId === messageId;
          games.setBoardMessage(gameId, messageId, now, now);
          for (const entry of outbox.forGame(gameId)) if (entry.kind === 'reply') outbox.remove(entry.id);
          return true;
        }),
      beginDelete: async (gameId, channelId, messageId, now) =>
        immediate(() => {
          const game = games.getGame(gameId);
          if (game?.boardMessageId === messageId) games.setBoardMessage(gameId, null, null, now);
          if (game?.turnNoticeMessageId === messageId) games.setTurnNotice(gameId, null, now);
          return outbox.add({ gameId, channelId, kind: 'delete', messageId }, now);
        }),
    },
    stats: {
      get: async (guildId, gameKey, userId) => store.stats.get(guildId, gameKey, userId),
      leaderboard: async (guildId, gameKey, limit) => store.stats.leaderboard(guildId, gameKey, limit),
    },
    ratings: {
      get: async (guildId, gameKey, playerId) => store.ratings.get(guildId, gameKey, playerId),
      leaderboard: async (guildId, gameKey, limit) => store.ratings.leaderboard(guildId, gameKey, limit),
      history: async (guildId, gameKey, playerId, limit) =>
        store.ratings.history(guildId, gameKey, playerId, limit),
      unratedGameIds: async (withForfeits) => store.ratings.unratedGameIds(withForfeits),
      rateGame: async (game, now) => immediate(() => store.ratings.recordGame(game, now)),
      clear: async () => immediate(() => store.ratings.clear()),
      groups: async () =>
        db
          .prepare(
            'SELECT DISTINCT guild_id AS guildId, game_key AS gameKey FROM ratings ORDER BY guild_id, game_key',
          )
          .all() as { guildId: string; gameKey: string }[],
    },
    archive: {
      countFinished: async (filter) => store.archive.countFinished(filter),
      finishedGames: async (query) => store.archive.finishedGames(query),
    },
    maintenance: {
      schemaVersion: async () => Number(db.pragma('user_version', { simple: true })),
      checkWritable: async () => store.maintenance.checkWritable(),
      openGames: async () => store.maintenance.openGames(),
      outboxDepth: async () => store.maintenance.outboxDepth(),
      pruneOutbox: async (now) => store.maintenance.pruneOutbox(now),
      applyRetention: async (now, days) => store.maintenance.applyRetention(now, days),
    },
    leases: store.leases,
    tokens: store.tokens,
    arenaTokens: new SqlArenaTokenStore(sqliteRunner(db), SQLITE_DIALECT),
    rows: rowsOf(store),
    backupTo: (target) => backupOnline(db, target),
    close: async () => store.close(),
  };
}
