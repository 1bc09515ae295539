/** The fairness columns of a game: the commitment made when its lobby opened, and the seed derived at its start. */
import type Database from 'better-sqlite3';
import { SQLITE_DIALECT } from '../sql/dialect';
import { gameWritesSql } from '../sql/game-writes-sql';

export class FairnessStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      commit: db.prepare<[string, string, string]>(
        "UPDATE games SET server_seed = ?, seed_commitment = ? WHERE id = ? AND status = 'lobby'",
      ),
      derive: db.prepare<[string, string, string]>(gameWritesSql(SQLITE_DIALECT).deriveSeed),
    };
  }

  /** Records a lobby's secret server seed and its public commitment; false if the game is no longer a lobby. */
  commit(gameId: string, serverSeed: string, commitment: string): boolean {
    return this.statements.commit.run(serverSeed, commitment, gameId).changes === 1;
  }

  /** Records the players' value and the game seed derived from it, while the game is still a lobby. */
  recordStart(gameId: string, clientSeed: string, seed: string): boolean {
    return this.statements.derive.run(clientSeed, seed, gameId).changes === 1;
  }

  /** Runs `work` in one transaction (a lobby and its commitment, a seed and the game's start). */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
