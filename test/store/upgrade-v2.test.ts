/**
 * Upgrading a database written by the version-2 code (test/fixtures/store-v2.sql) to the current schema: every
 * row survives, every game replays, `npm run db:verify` says so, and the running game and its buttons go on.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeComponentId } from '../../src/bot/custom-ids';
import { hareModule } from '../../src/games/hare/index';
import type { GameState } from '../../src/games/hare/rules/index';
import { GAMES } from '../../src/games/index';
import { FakeClock, GameService } from '../../src/service/index';
import { verifyDatabase } from '../../src/service/verify';
import { openSqliteStore } from '../../src/store/index';
import { v2FixtureFile } from '../support/v2-fixture';
import { storageOfSqliteStore } from '../../src/store/sqlite/sqlite-storage';

const FIXTURE = v2FixtureFile();
const MANIFEST = JSON.parse(readFileSync(new URL('../fixtures/store-v2.json', import.meta.url), 'utf8')) as {
  tables: Record<string, number>;
  games: {
    id: string;
    status: string;
    endReason: string | null;
    rules: string;
    version: number;
    seats: number;
    actions: number;
  }[];
  playerStats: Record<string, string | number>[];
};
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function fixtureCopy(): string {
  dir = mkdtempSync(join(tmpdir(), 'hare-upgrade-'));
  const file = join(dir, 'hare.db');
  copyFileSync(FIXTURE, file);
  return file;
}

describe('upgrading a version-2 database', () => {
  it('keeps every row, replays every game, and backs the old file up first', async () => {
    const file = fixtureCopy();
    const report = await verifyDatabase(file, GAMES);
    expect(report).toMatchObject({ verified: MANIFEST.games.length, failed: 0 });
    expect(report.backup).toBe(`${file}.backup-v2`);
    expect(existsSync(`${file}.backup-v2`)).toBe(true);
    const store = openSqliteStore(file);
    try {
      for (const [table, rows] of Object.entries(MANIFEST.tables)) {
        expect(store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get(), table).toEqual({ n: rows });
      }
      for (const expected of MANIFEST.games) {
        const game = store.games.getGame(expected.id)!;
        expect(game).toMatchObject({
          gameKey: 'hare',
          stateFormat: 1,
          status: expected.status,
          endReason: expected.endReason,
          version: expected.version,
        });
        expect(game.options.game).toEqual({ rules: expected.rules });
        expect(game.seats).toHaveLength(expected.seats);
        expect(store.games.listActions(expected.id)).toHaveLength(expected.actions);
        // Schema 6: a closed game's channel is settled once its summary is out (a cancelled game has none);
        // these games finished without a bot, so their summaries are still owed.
        expect(game.channelSettled, expected.id).toBe(expected.status === 'cancelled');
      }
      expect(store.outbox.all()).toEqual([]);
      for (const row of MANIFEST.playerStats) {
        const stats = store.stats.get(String(row.guild_id), 'hare', String(row.user_id));
        expect(stats).toMatchObject({
          games: row.games,
          wins: row.wins,
          placeSum: row.place_sum,
          gamesLeft: row.games_left,
          beaten: {
            novice: row.beat_novice,
            intermediate: row.beat_intermediate,
            advanced: row.beat_advanced,
          },
        });
      }
    } finally {
      store.close();
    }
  });

  it('rates every completed game of the old database when the service starts, and no stopped one', async () => {
    const file = fixtureCopy();
    const store = openSqliteStore(file);
    const service = new GameService({
      store: storageOfSqliteStore(store, file),
      clock: new FakeClock(Date.UTC(2026, 0, 2)),
    });
    try {
      const completed = MANIFEST.games.filter((g) => g.status === 'finished' && g.endReason === 'completed');
      expect(completed.length).toBeGreaterThan(0);
      expect(store.ratings.unratedGameIds()).toHaveLength(completed.length);
      await service.start();
      expect(store.ratings.unratedGameIds()).toEqual([]);
      const rated = store.db.prepare('SELECT DISTINCT game_id FROM rating_history').all() as {
        game_id: string;
      }[];
      expect(rated.map((row) => row.game_id).sort()).toEqual(completed.map((g) => g.id).sort());
      // Version 2 counted a player's statistics once per completed game: the ratings count the same games.
      for (const row of MANIFEST.playerStats) {
        const rating = store.ratings.get(String(row.guild_id), 'hare', String(row.user_id));
        expect(rating?.games, String(row.user_id)).toBe(row.games);
      }
    } finally {
      service.stop();
      store.close();
    }
  });

  it('goes on with the running game and its buttons after the upgrade', async () => {
    const file = fixtureCopy();
    const store = openSqliteStore(file);
    const clock = new FakeClock(Date.UTC(2026, 0, 2));
    const service = new GameService({
      store: storageOfSqliteStore(store, file),
      clock,
      onError: (e) => {
        throw e;
      },
    });
    try {
      const game = (await service.getGame('active01'))!;
      const state = game.state as GameState;
      const seat = game.seats[state.current]!;
      const action = hareModule.rules.legalActions(state)[0]!;
      const button = `hare:act:${game.id}:${game.version}:${hareModule.controls.encode(action)}`;
      const decoded = decodeComponentId(button);
      expect(decoded).toMatchObject({
        gameKey: 'hare',
        kind: 'act',
        gameId: 'active01',
        version: game.version,
      });
      expect(hareModule.controls.decode(decoded!.kind === 'act' ? decoded!.token : '')).toEqual(action);
      if (seat.kind === 'human') {
        await service.act(game.id, seat.userId!, action, game.version);
      } else {
        await service.start();
        expect(await clock.runNext()).toBe(true);
        service.stop();
      }
      expect((await service.getGame(game.id))!.version).toBe(game.version + 1);
      expect((await service.replayCheck(game.id)).ok).toBe(true);
    } finally {
      service.stop();
      store.close();
    }
  });

  it('npm run db:verify prints a line per game and exits 1 when a game does not replay', () => {
    const file = fixtureCopy();
    const run = () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-verify.ts', file], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const output = run().trim().split('\n');
    expect(output.at(-1)).toBe(`${MANIFEST.games.length} games verified, 0 failed`);
    expect(output.filter((line) => line.startsWith('ok '))).toHaveLength(MANIFEST.games.length);
    const store = openSqliteStore(file);
    store.db.prepare("UPDATE games SET state = json_set(state, '$.turn', 999) WHERE id = 'fin-std1'").run();
    store.close();
    let status = 0;
    let stdout = '';
    try {
      run();
    } catch (error) {
      status = (error as { status: number }).status;
      stdout = String((error as { stdout: string }).stdout);
    }
    expect(status).toBe(1);
    expect(stdout).toMatch(/FAIL fin-std1 hare finished 116 actions: the replayed state differs/);
    expect(stdout.trim().split('\n').at(-1)).toBe(`${MANIFEST.games.length - 1} games verified, 1 failed`);
  });

  it('npm run db:ratings rates the old games, and --rebuild prints the same table again', () => {
    const file = fixtureCopy();
    const run = (...flags: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-ratings.ts', file, ...flags], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const completed = MANIFEST.games.filter((g) => g.status === 'finished' && g.endReason === 'completed');
    const first = run().split('\n');
    expect(first).toContain(`${completed.length} games rated`);
    const rebuilt = run('--rebuild').split('\n');
    expect(rebuilt).toContain(`${completed.length} games rated (all ratings rebuilt from the games table)`);
    const table = (lines: string[]) => lines.filter((line) => /^\s+\d+\. /.test(line));
    expect(table(first).length).toBeGreaterThan(0);
    expect(table(rebuilt)).toEqual(table(first));
  });
});
