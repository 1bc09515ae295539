import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openSqliteStore,
  OUTBOX_MAX_AGE_MS,
  type GameOptions,
  type SqliteStore,
} from '../../src/store/index';

let dir: string;
let store: SqliteStore | null = null;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-maintenance-'));
});

afterEach(() => {
  store?.close();
  store = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the database file', () => {
  it('is created readable by its owner only, and so are its write-ahead log and shared memory', () => {
    const file = path.join(dir, 'nested', 'hare.db');
    store = openSqliteStore(file);
    store.maintenance.checkWritable();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
  });

  it('an existing world-readable file is narrowed to its owner', () => {
    const file = path.join(dir, 'old.db');
    fs.writeFileSync(file, '');
    fs.chmodSync(file, 0o644);
    store = openSqliteStore(file);
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('store maintenance', () => {
  it('a writable database passes the write check; a read-only connection fails it', () => {
    store = openSqliteStore(path.join(dir, 'hare.db'));
    expect(() => store!.maintenance.checkWritable()).not.toThrow();
    store.db.pragma('query_only = ON');
    expect(() => store!.maintenance.checkWritable()).toThrow(/readonly/);
    expect(store.db.inTransaction).toBe(false);
  });

  it('prunes outbox rows older than a week and keeps the recent ones', () => {
    store = openSqliteStore(':memory:');
    const now = Date.UTC(2026, 10, 25);
    store.games.createLobby({
      id: 'g1',
      gameKey: 'greed',
      guildId: 'guild',
      channelId: 'chan',
      hostId: 'host',
      options: {} as GameOptions,
      seed: 'seed',
      stateFormat: 1,
      seats: [],
      now,
    });
    store.outbox.add(
      { gameId: 'g1', channelId: 'chan', kind: 'delete', messageId: 'm1' },
      now - OUTBOX_MAX_AGE_MS - 1,
    );
    store.outbox.add({ gameId: 'g1', channelId: 'chan', kind: 'delete', messageId: 'm2' }, now - 1000);
    expect(store.maintenance.outboxDepth()).toBe(2);
    expect(store.maintenance.pruneOutbox(now)).toBe(1);
    expect(store.outbox.all().map((entry) => entry.messageId)).toEqual(['m2']);
  });
});
