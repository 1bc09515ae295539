/** Finished games of a guild, newest first, a page at a time (for `/<game> history`). */
import type Database from 'better-sqlite3';
import type { GameRecord } from '../types';
import type { ArchiveFilter, ArchiveQuery } from '../archive-query';
import { archiveCount, archivePage, archiveSql } from '../sql/archive-sql';
import { SQLITE_DIALECT } from '../sql/dialect';

const SQL = archiveSql(SQLITE_DIALECT);

export class GameArchive {
  private readonly statements;

  constructor(
    db: Database.Database,
    private readonly games: { getGame(id: string): GameRecord | null },
  ) {
    this.statements = {
      countEveryone: db.prepare<unknown[], { total: number }>(SQL.countEveryone),
      countOnePlayer: db.prepare<unknown[], { total: number }>(SQL.countOnePlayer),
      pageEveryone: db.prepare<unknown[], { id: string }>(SQL.pageEveryone),
      pageOnePlayer: db.prepare<unknown[], { id: string }>(SQL.pageOnePlayer),
    };
  }

  /** How many finished games match, over every page. */
  countFinished(filter: ArchiveFilter): number {
    const { name, args } = archiveCount(filter);
    return (this.statements[name].get(...args) as { total: number } | undefined)?.total ?? 0;
  }

  /** One page of the matching finished games, the latest first. */
  finishedGames(query: ArchiveQuery): GameRecord[] {
    const { name, args } = archivePage(query);
    return (this.statements[name].all(...args) as { id: string }[])
      .map((row) => this.games.getGame(row.id))
      .filter((game): game is GameRecord => game !== null);
  }
}
