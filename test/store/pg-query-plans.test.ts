/**
 * Every statement the bot runs through the storage interface on PostgreSQL finds its rows through an index: on a
 * database of 100,000 finished games (rows made by INSERT … SELECT generate_series, then ANALYZE), EXPLAIN of each
 * shows no sequential scan of games, seats, actions or rating_history. (test/store/query-plans.test.ts checks the
 * same on SQLite.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '../../src/store/pg/pg-storage';
import type { Storage } from '../../src/store/storage';
import type { GameOptions, SeatRecord } from '../../src/store/types';
import { createTestDatabase, dropTestDatabase } from '../support/pg-database';

const FINISHED_GAMES = 100_000;
const CHANNELS = 40;
const GUILDS = 50;
const PLAYERS = 1000;
const BIG_TABLES = ['games', 'seats', 'actions', 'rating_history'];

const OPTIONS: GameOptions = {
  seats: 2,
  computerLevel: 'novice',
  speed: 'normal',
  aiDelayMs: 10,
  humanTimeoutMs: 100,
  idlePolicy: 'computer',
  turnLimit: null,
  hostSeated: true,
  game: {},
  language: 'en',
};
const ALICE: SeatRecord = {
  index: 0,
  kind: 'human',
  userId: 'alice',
  level: null,
  name: 'Alice',
  left: false,
};
const BOB: SeatRecord = { index: 1, kind: 'human', userId: 'bob', level: null, name: 'Bob', left: false };

async function playToEnd(storage: Storage, id: string, channelId: string, now: number): Promise<void> {
  await storage.games.createLobby({
    id,
    guildId: 'g',
    channelId,
    hostId: 'alice',
    gameKey: 'tiny',
    stateFormat: 1,
    options: OPTIONS,
    seed: '',
    seats: [ALICE],
    now,
    commitment: { serverSeed: 's', commitment: 'h' },
  });
  await storage.games.updateLobby({
    gameId: id,
    expected: { hostId: 'alice', seats: [ALICE] },
    hostId: 'alice',
    seats: [ALICE, BOB],
    now: now + 1,
  });
  await storage.games.startGame({
    gameId: id,
    expected: { hostId: 'alice', seats: [ALICE, BOB] },
    derivedSeed: { clientSeed: 'c', seed: 'seed' },
    seats: [ALICE, BOB],
    state: { turn: 0 },
    nextDueAt: now + 100,
    now: now + 2,
  });
  for (let version = 1; version <= 3; version++) {
    const last = version === 3;
    await storage.games.commitAction({
      gameId: id,
      expectedVersion: version,
      seat: (version - 1) % 2,
      actor: version % 2 ? 'alice' : 'bob',
      action: { type: 'add', amount: 2 },
      state: { turn: version },
      nextDueAt: last ? null : now + 100 * version,
      now: now + 10 * version,
      finish: last
        ? {
            guildId: 'g',
            gameKey: 'tiny',
            outcomes: [
              { userId: 'alice', name: 'Alice', place: 1, won: true, left: false, beat: [] },
              { userId: 'bob', name: 'Bob', place: 2, won: false, left: false, beat: [] },
            ],
            rated: [
              { playerId: 'alice', name: 'Alice', place: 1 },
              { playerId: 'bob', name: 'Bob', place: 2 },
            ],
          }
        : undefined,
    });
  }
}

/** Copies `table`'s rows of the template game once per n in 1..FINISHED_GAMES, with some columns rewritten. */
async function copyRows(
  client: pg.Client,
  table: string,
  gameColumn: string,
  replaced: Record<string, string>,
) {
  const { rows } = await client.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  const columns = rows.map((row) => row.column_name);
  const values = columns.map((column) => replaced[column] ?? column);
  await client.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${values.join(', ')} FROM generate_series(1, ${FINISHED_GAMES}) AS n, ${table}
     WHERE ${gameColumn} = 'template'`,
  );
}

/**
 * A busy bot's history: the finished games spread over 50 servers (one in 50 in the server the test asks about)
 * and 1,000 players a name (one copy in 1,000 keeps the test's players). A count of everything one server or one
 * player ever played reads that server's or player's rows; what must never happen is reading everyone's.
 */
async function fillWithFinishedGames(client: pg.Client): Promise<void> {
  const copyId = `'old-' || n`;
  const otherPlayer = (column: string) =>
    `CASE WHEN n % ${PLAYERS} = 0 THEN ${column} ELSE ${column} || '-' || (n % ${PLAYERS}) END`;
  // The copies' foreign keys hold by construction: skip their per-row checks (a superuser's setting; on a
  // server where the test user is not one, the rows are just checked, more slowly).
  await client.query('SET session_replication_role = replica').catch(() => {});
  await copyRows(client, 'games', 'id', {
    id: copyId,
    channel_id: `'c-' || (n % ${CHANNELS})`,
    guild_id: `CASE WHEN n % ${GUILDS} = 0 THEN guild_id ELSE 'g-' || (n % ${GUILDS}) END`,
    created_at: 'created_at - n * 1000',
    finished_at: 'finished_at - n * 1000',
    updated_at: 'updated_at - n * 1000',
  });
  await copyRows(client, 'seats', 'game_id', { game_id: copyId, user_id: otherPlayer('user_id') });
  await copyRows(client, 'actions', 'game_id', { game_id: copyId });
  await copyRows(client, 'rating_history', 'game_id', {
    game_id: copyId,
    player_id: otherPlayer('player_id'),
    rated_at: 'rated_at - n * 1000',
  });
  await client.query('SET session_replication_role = DEFAULT').catch(() => {});
  // What autovacuum does on a live server: statistics, and the visibility map that index-only scans need.
  await client.query('VACUUM ANALYZE');
}

/** What the bot asks of the storage while players wait, and at start-up. */
async function answerInteractions(storage: Storage): Promise<void> {
  const now = 10_000_000;
  await storage.games.findOpenGameInChannel('c-1');
  await storage.games.countLobbies('g', 'alice');
  await storage.games.hasGame('new');
  await playToEnd(storage, 'new', 'c-1', now);
  await storage.games.getGame('new');
  await storage.games.listActions('new');
  await storage.games.listActions('new', 12);
  const entry = await storage.outbox.add(
    { gameId: 'new', channelId: 'c-1', kind: 'summary', nonce: 'n' },
    now,
  );
  await storage.outbox.posted(entry, 'summary-1', now);
  const board = await storage.outbox.add({ gameId: 'new', channelId: 'c-1', kind: 'board', nonce: 'b' }, now);
  await storage.outbox.posted(board, 'board-1', now);
  const notice = await storage.outbox.add(
    { gameId: 'new', channelId: 'c-1', kind: 'notice', nonce: 't' },
    now,
  );
  await storage.outbox.posted(notice, 'notice-1', now);
  await storage.outbox.forGame('new');
  const deletion = await storage.outbox.beginDelete('new', 'c-1', 'board-1', now);
  await storage.outbox.noteFailure(deletion.id);
  await storage.outbox.remove(deletion.id);
  await storage.games.setBoardMessage('new', 'board-2', now, now);
  await storage.games.setTurnNotice('new', null, now);
  await storage.games.markSummaryPosted('new', now);
  await storage.games.settleChannel('new', now);
  await storage.games.findLatestGameInChannel('c-1', 'tiny');
  await storage.stats.get('g', 'tiny', 'alice');
  await storage.stats.leaderboard('g', 'tiny', 10);
  await storage.ratings.get('g', 'tiny', 'alice');
  await storage.ratings.history('g', 'tiny', 'alice', 20);
  await storage.ratings.leaderboard('g', 'tiny', 10);
  for (const userId of [null, 'alice'])
    for (const offset of [0, 30]) {
      await storage.archive.countFinished({ guildId: 'g', gameKey: 'tiny', userId });
      await storage.archive.finishedGames({ guildId: 'g', gameKey: 'tiny', userId, offset, limit: 10 });
    }

  await storage.games.createLobby({
    id: 'running',
    guildId: 'g',
    channelId: 'c-2',
    hostId: 'alice',
    gameKey: 'tiny',
    stateFormat: 1,
    options: OPTIONS,
    seed: 'fixed',
    seats: [ALICE, BOB],
    now,
  });
  await storage.outbox.add({ gameId: 'running', channelId: 'c-2', kind: 'reply', token: 't' }, now);
  await storage.outbox.adoptReply('running', 'lobby-1', now);
  await storage.games.startGame({
    gameId: 'running',
    expected: { hostId: 'alice', seats: [ALICE, BOB] },
    seats: [ALICE, BOB],
    state: {},
    nextDueAt: now,
    now,
  });
  await storage.games.handSeatToComputer('running', 1, 'novice', now, now);
  await storage.games.setNextDue('running', now + 1, now);
  await storage.games.closeGame('running', 'finished', 'ended', now, { id: 'alice', name: 'Alice' });

  // At start-up: timers, lobbies, channels to bring back, summaries and ratings owed.
  await storage.games.listActiveGames();
  await storage.games.listLobbies();
  await storage.games.listUnsettled();
  await storage.games.listGamesAwaitingSummary();
  await storage.ratings.unratedGameIds();
  await storage.maintenance.openGames();
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The steps of a plan that read a whole big table: a sequential scan, or an index read from end to end (no
 * index condition) unless the index is partial and so holds only the rows asked for.
 */
function wholeTableReads(node: PlanNode, partialIndexes: ReadonlySet<string>): string[] {
  const table = node['Relation Name'] ?? '';
  const index = node['Index Name'] ?? '';
  const big = BIG_TABLES.includes(table);
  const fullIndex =
    /^Index (Only )?Scan$/.test(node['Node Type']) && !node['Index Cond'] && !partialIndexes.has(index);
  const own =
    big && node['Node Type'] === 'Seq Scan'
      ? [`Seq Scan on ${table}`]
      : big && fullIndex
        ? [`whole index ${index} of ${table}`]
        : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => wholeTableReads(child, partialIndexes))];
}

const NOT_PLANNED = /^\s*(BEGIN|COMMIT|ROLLBACK|SELECT pg_advisory)/i;

describe('query plans on PostgreSQL with 100,000 finished games', () => {
  const statements = new Map<string, readonly unknown[]>();
  let tracing = false;
  let url: string;
  let storage: Storage;
  let client: pg.Client;

  beforeAll(async () => {
    url = await createTestDatabase();
    storage = await openPostgresStorage(url, {
      onStatement: (text, params) => {
        if (tracing && !NOT_PLANNED.test(text)) statements.set(text, params);
      },
    });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await playToEnd(storage, 'template', 'c-0', 1_000_000_000);
    await client.query("UPDATE games SET channel_settled = 1, summary_posted = 1 WHERE id = 'template'");
    await fillWithFinishedGames(client);
    tracing = true;
    await answerInteractions(storage);
    tracing = false;
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await storage?.close();
    if (url) await dropTestDatabase(url);
  });

  it('runs on a database of at least 100,000 finished games', async () => {
    const { rows } = await client.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM games WHERE status = 'finished'",
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(FINISHED_GAMES);
    expect(statements.size).toBeGreaterThan(30);
  });

  it('never reads a whole table of games, seats, actions or rating history', async () => {
    const partial = await client.query<{ name: string }>(
      'SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indpred IS NOT NULL',
    );
    const partialIndexes = new Set(partial.rows.map((row) => row.name));
    const scans: string[] = [];
    for (const [text, params] of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        [...params],
      );
      const plan = rows[0]!['QUERY PLAN'][0].Plan;
      for (const scan of wholeTableReads(plan, partialIndexes))
        scans.push(`${scan}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    expect(scans).toEqual([]);
  });
});
