import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/store/index';

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
});
