import type Database from 'better-sqlite3';

/**
 * The fairness commitment (docs/fairness.md): `server_seed` is the secret drawn when the lobby opens,
 * `seed_commitment` its SHA-256 shown in the lobby and on the board, `client_seed` the value the players supplied
 * at the start (the Start interaction's id), from which the game's `seed` is derived. Games opened before this
 * schema, or with a fixed seed, keep all three NULL: they made no commitment.
 */
export function addSeedCommitment(db: Database.Database): void {
  db.exec(`
    ALTER TABLE games ADD COLUMN server_seed TEXT;
    ALTER TABLE games ADD COLUMN seed_commitment TEXT;
    ALTER TABLE games ADD COLUMN client_seed TEXT;
  `);
}
