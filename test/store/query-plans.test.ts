/**
 * Every statement the service runs while answering an interaction finds its rows through an index: on a
 * database with thousands of finished games, `EXPLAIN QUERY PLAN` of each shows no full scan of a table.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/games/registry';
import { openSqliteStore, type SqliteStore } from '../../src/store/index';
import { tinyModule, type TinyState } from '../support/tiny-game';
import { ALICE, BOB, GUILD, makeHarness, type Harness } from '../service/helpers';
import { storageOfSqliteStore } from '../../src/store/sqlite/sqlite-storage';

const GAMES = createRegistry([tinyModule]);
const FINISHED_GAMES = 4000;
const CHANNELS = 40;

/** Plays a two-person Tiny game in `channel` to its end with both players adding 2. */
async function playGame(h: Harness, channel: string): Promise<string> {
  const lobby = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: channel, host: ALICE });
  await h.service.join(lobby.id, BOB);
  await h.service.startGame(lobby.id, ALICE.id);
  for (let step = 0; step < 200; step++) {
    const game = (await h.service.getGame(lobby.id))!;
    if (game.status !== 'active') break;
    const state = game.state as TinyState;
    const player = game.seats[state.current]!.userId!;
    await h.service.act(
      lobby.id,
      player,
      state.mustPass ? { type: 'pass' } : { type: 'add', amount: 2 },
      game.version,
    );
  }
  return lobby.id;
}

function columnsOf(db: Database.Database, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name);
}

/** Copies `table`'s rows of game `id` once for each copy, with the columns of `replaced` rewritten. */
function copyRows(
  db: Database.Database,
  table: string,
  gameColumn: string,
  id: string,
  replaced: Record<string, string>,
) {
  const columns = columnsOf(db, table);
  const values = columns.map((column) => replaced[column] ?? column);
  db.prepare(
    `WITH RECURSIVE copy(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM copy WHERE n < ${FINISHED_GAMES})
     INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${values.join(', ')} FROM copy, ${table} WHERE ${gameColumn} = ?`,
  ).run(id);
}

/** Thousands of copies of a finished game spread over the channels, as a busy server's history. */
function fillWithFinishedGames(db: Database.Database, template: string): void {
  const copyId = `'old-' || n`;
  copyRows(db, 'games', 'id', template, {
    id: copyId,
    channel_id: `'c-' || (n % ${CHANNELS})`,
    created_at: `created_at - n * 1000`,
    finished_at: `finished_at - n * 1000`,
    updated_at: `updated_at - n * 1000`,
  });
  copyRows(db, 'seats', 'game_id', template, { game_id: copyId });
  copyRows(db, 'actions', 'game_id', template, { game_id: copyId });
  copyRows(db, 'rating_history', 'game_id', template, { game_id: copyId, rated_at: 'rated_at - n * 1000' });
}

/** What the bot asks of the service while it answers players: lobbies, moves, logs, statistics, history. */
async function answerInteractions(h: Harness): Promise<void> {
  const channel = 'c-1';
  expect(await h.service.findActiveGameInChannel(channel)).toBeNull();
  const gameId = await playGame(h, channel);
  await h.service.setBoardMessage(gameId, 'board-1', 1);
  await h.service.setTurnNotice(gameId, null);
  await h.service.markSummaryPosted(gameId);
  const entry = await h.service.outbox.beginPost(gameId, channel, 'summary', 'nonce-1');
  await h.service.outbox.posted(entry, 'summary-1');
  await h.service.outbox.settle(gameId);
  expect((await h.service.latestGameInChannel(channel, 'tiny'))?.id).toBe(gameId);
  expect((await h.service.history(gameId, 12)).length).toBeGreaterThan(0);
  expect(await h.service.stats(GUILD, 'tiny', ALICE.id)).not.toBeNull();
  await h.service.leaderboard(GUILD, 'tiny');
  expect(await h.service.rating(GUILD, 'tiny', ALICE.id)).not.toBeNull();
  await h.service.ratingHistory(GUILD, 'tiny', ALICE.id);
  await h.service.ratingLeaderboard(GUILD, 'tiny');
  for (const userId of [null, ALICE.id])
    for (const page of [0, 3]) await h.service.historyPage({ guildId: GUILD, gameKey: 'tiny', userId, page });
  await h.service.finishedGame(gameId);
  await h.service.replayFrame(gameId, 1);
  const rematch = await h.service.rematch(gameId, ALICE);
  await h.service.cancel(rematch.id, ALICE.id);

  const lobby = await h.service.openLobby({
    game: 'tiny',
    guildId: GUILD,
    channelId: 'c-2',
    host: ALICE,
    seats: 3,
  });
  await h.service.join(lobby.id, BOB);
  await h.service.addComputer(lobby.id, ALICE.id);
  await h.service.removeComputer(lobby.id, ALICE.id);
  await h.service.leave(lobby.id, BOB.id);
  await h.service.cancel(lobby.id, ALICE.id);
  const stopped = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: 'c-3', host: ALICE });
  await h.service.join(stopped.id, BOB);
  await h.service.startGame(stopped.id, ALICE.id);
  await h.service.leaveGame(stopped.id, BOB.id);
  await h.service.endGame(stopped.id, ALICE.id);
  const resigned = await h.service.openLobby({ game: 'tiny', guildId: GUILD, channelId: 'c-4', host: ALICE });
  await h.service.join(resigned.id, BOB);
  await h.service.startGame(resigned.id, ALICE.id);
  await h.service.resign(resigned.id, BOB.id);
}

const NOT_QUERIES = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA)\b/i;

/** The lines of a statement's plan that read a whole table ("SCAN games", not "SCAN games USING INDEX …"). */
function fullScans(db: Database.Database, sql: string): string[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  return plan
    .map((row) => row.detail)
    .filter((detail) => {
      const scanned = /^SCAN (\w+)(?: AS \w+)?$/.exec(detail);
      return scanned !== null && tables.has(scanned[1]!);
    });
}

describe('query plans of the statements run on interactions', () => {
  const statements = new Set<string>();
  let tracing = false;
  let store: SqliteStore;
  let h: Harness;

  beforeAll(async () => {
    store = openSqliteStore(':memory:', { onStatement: (sql) => tracing && statements.add(sql) });
    h = await makeHarness({ store: storageOfSqliteStore(store, ':memory:'), games: GAMES });
    fillWithFinishedGames(store.db, await playGame(h, 'c-0'));
    tracing = true;
    await answerInteractions(h);
    tracing = false;
  });
  afterAll(() => {
    h.service.stop();
    store.close();
  });

  it('runs on a database with thousands of finished games', () => {
    const count = store.db.prepare("SELECT COUNT(*) AS n FROM games WHERE status = 'finished'").get() as {
      n: number;
    };
    expect(count.n).toBeGreaterThan(FINISHED_GAMES);
    expect(statements.size).toBeGreaterThan(20);
  });

  it('never reads a whole table', () => {
    const scans = [...statements]
      .filter((sql) => !NOT_QUERIES.test(sql))
      .flatMap((sql) =>
        fullScans(store.db, sql).map((scan) => `${scan}: ${sql.replace(/\s+/g, ' ').slice(0, 160)}`),
      );
    expect(scans).toEqual([]);
  });

  it("pages one player's finished games from their seats, and everyone's from the server's finished games", () => {
    const archive = [...statements].filter((sql) =>
      /^\s*SELECT (COUNT\(\*\) AS total|games\.id AS id)/.test(sql),
    );
    const firstStep = (sql: string) =>
      (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])[0]?.detail;
    const onePlayer = archive.filter((sql) => sql.includes('FROM seats'));
    const everyone = archive.filter((sql) => !sql.includes('FROM seats'));
    expect(onePlayer.length).toBeGreaterThanOrEqual(2);
    expect(everyone.length).toBeGreaterThanOrEqual(2);
    for (const sql of onePlayer)
      expect(firstStep(sql)).toMatch(/^SEARCH seats USING COVERING INDEX seats_by_user/);
    for (const sql of everyone)
      expect(firstStep(sql)).toMatch(/^SEARCH games USING (COVERING )?INDEX games_finished_by_guild/);
  });

  it("reads a player's rating history from their own ratings, not from every game of the server", () => {
    const history = [...statements].find((sql) => sql.includes('FROM rating_history h'));
    expect(history).toBeDefined();
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${history}`).all() as { detail: string }[];
    expect(plan[0]?.detail).toMatch(/^SEARCH h USING INDEX rating_history_by_player \(player_id=\?/);
  });
});
