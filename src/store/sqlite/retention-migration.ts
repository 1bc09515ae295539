import type Database from 'better-sqlite3';

/**
 * Schema 7: `log_pruned_at` marks a finished game whose moves a retention removed (RETENTION_DAYS), and
 * `pruned_moves` says how many there were: the game, its seats, final state and ratings stay, its replay does
 * not. Every existing game keeps its log (both NULL).
 */
export function addLogPruned(db: Database.Database): void {
  db.exec(`
    ALTER TABLE games ADD COLUMN log_pruned_at INTEGER;
    ALTER TABLE games ADD COLUMN pruned_moves INTEGER;
  `);
}
