import type Database from 'better-sqlite3';
import { SQLITE_DIALECT } from '../sql/dialect';
import { gameWritesSql } from '../sql/game-writes-sql';

const WRITES = gameWritesSql(SQLITE_DIALECT);

/** Who closed a game, as the games table keeps it (`ended_by`, `ended_by_name`). */
export interface Closer {
  id: string;
  name: string;
}

/**
 * Open games whose channel or server the bot lost (the channel or thread was deleted, or the bot removed from the
 * server): each is cancelled in one transaction, rated for nobody, its channel counted as settled (there is
 * nothing left to redraw there) and its outbox emptied (nothing left to post or delete).
 */
export class GoneGameStore {
  private readonly closeInTransaction: (gameId: string, by: Closer, now: number) => boolean;

  constructor(db: Database.Database) {
    const cancel = db.prepare<[number, number, string, string, string]>(WRITES.closeGone);
    const dropMessages = db.prepare<[string]>(WRITES.dropMessages);
    this.closeInTransaction = db.transaction((gameId: string, by: Closer, now: number) => {
      if (cancel.run(now, now, by.id, by.name, gameId).changes !== 1) return false;
      dropMessages.run(gameId);
      return true;
    });
  }

  /** Cancels the open game `gameId`; false when it was not open. */
  close(gameId: string, by: Closer, now: number): boolean {
    return this.closeInTransaction(gameId, by, now);
  }
}
