import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errorText, STORAGE_UNAVAILABLE } from '../../src/bot/respond';
import { ServiceError } from '../../src/service/index';
import { isStorageUnavailable } from '../../src/store/index';

/** The error SQLite really raises when the database may not grow (as on a full disk: SQLITE_FULL). */
function diskFullError(): unknown {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (x BLOB)');
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
    for (;;) db.prepare('INSERT INTO t VALUES (randomblob(1000))').run();
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe('storage errors', () => {
  it('a full disk is told to the player as such, never as "something went wrong"', () => {
    const error = diskFullError();
    expect((error as { code: string }).code).toBe('SQLITE_FULL');
    expect(isStorageUnavailable(error)).toBe(true);
    expect(errorText(error)).toBe(STORAGE_UNAVAILABLE);
    expect(STORAGE_UNAVAILABLE).toMatch(/nothing was changed/);
  });

  it("PostgreSQL's lost connections, time limits and unreachable servers are storage errors too", () => {
    const driverErrors = [
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ];
    for (const error of driverErrors) {
      expect(isStorageUnavailable(error), error.message).toBe(true);
      expect(errorText(error)).toBe(STORAGE_UNAVAILABLE);
    }
    expect(isStorageUnavailable(new Error('Connection terminated by the user, said nobody'))).toBe(false);
  });

  it('refusals and other errors are not storage errors', () => {
    expect(isStorageUnavailable(new ServiceError('not_your_turn', "it is Bob's turn"))).toBe(false);
    expect(isStorageUnavailable(new Error('boom'))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' }))).toBe(
      false,
    );
    expect(errorText(new Error('boom'))).not.toBe(STORAGE_UNAVAILABLE);
  });
});
