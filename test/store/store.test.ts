import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openSqliteStore, type GameOptions, type NewLobby } from '../../src/store/index';

const OPTIONS: GameOptions = {
  seats: 2,
  computerLevel: 'novice',
  speed: 'normal',
  aiDelayMs: 10,
  humanTimeoutMs: 100,
  idlePolicy: 'computer',
  turnLimit: null,
  hostSeated: true,
  game: { rules: 'standard' },
  language: 'en',
};

function lobby(id: string, channelId = `channel-${id}`): NewLobby {
  return {
    id,
    guildId: 'g',
    channelId,
    hostId: 'u1',
    gameKey: 'hare',
    stateFormat: 1,
    options: OPTIONS,
    seed: `seed-${id}`,
    seats: [{ index: 0, kind: 'human', userId: 'u1', level: null, name: 'One', left: false }],
    now: 1000,
  };
}

describe("the SQLite store's file, pragmas and migrations", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()?.();
  });

  it('migrates by user_version and sets the connection pragmas', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-store-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'sub', 'hare.db');
    const store = openSqliteStore(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    store.games.createLobby(lobby('a'));
    store.close();
    const reopened = openSqliteStore(file);
    expect(reopened.games.getGame('a')?.status).toBe('lobby');
    reopened.close();
  });

  it('applies only the newer migrations, each in its own transaction', () => {
    const db = new Database(':memory:');
    const applied: number[] = [];
    const steps = [
      () => applied.push(1),
      (d: Database.Database) => {
        d.exec('CREATE TABLE t (x INTEGER)');
        applied.push(2);
      },
      (d: Database.Database) => {
        d.exec('CREATE TABLE u (x INTEGER)');
        throw new Error('broken migration');
      },
    ];
    migrate(db, steps.slice(0, 1));
    expect(() => migrate(db, steps)).toThrow('broken migration');
    expect(applied).toEqual([1, 2]);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'u'").get()).toBeUndefined();
    expect(() => migrate(db, [])).toThrow(/newer than this program/);
    db.close();
  });

  it('migration 2 marks the summaries of games finished before it as posted, and lists the missing ones', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 1));
    const insert = db.prepare(
      `INSERT INTO games (id, guild_id, channel_id, host_id, rules, options, status, end_reason, seed, created_at, updated_at)
       VALUES (?, 'g', ?, 'h', 'standard', '{}', ?, ?, 's', 0, 0)`,
    );
    insert.run('old', 'c1', 'finished', 'completed');
    insert.run('live', 'c2', 'active', null);
    migrate(db, MIGRATIONS);
    const posted = (id: string) => db.prepare('SELECT summary_posted AS p FROM games WHERE id = ?').get(id);
    expect(posted('old')).toEqual({ p: 1 });
    expect(posted('live')).toEqual({ p: 0 });
    db.prepare("UPDATE games SET status = 'finished', end_reason = 'completed' WHERE id = 'live'").run();
    expect(db.prepare("SELECT id FROM games WHERE status = 'finished' AND summary_posted = 0").all()).toEqual(
      [{ id: 'live' }],
    );
    db.close();
  });
});
