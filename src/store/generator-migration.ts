/**
 * Schema 11 (docs/fairness.md): `games.generator`, the generator a game's dice and cards come from (1: sfc32,
 * every game stored before; 2: HMAC-SHA256 in counter mode, new games), and `seats.client_seed`, the value each
 * seated person typed or was given in the lobby, from which (with the server seed and the game's id) the game's
 * seed is derived at the start.
 */
import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';

const STATEMENTS = [
  'ALTER TABLE games ADD COLUMN generator INTEGER NOT NULL DEFAULT 1',
  'ALTER TABLE seats ADD COLUMN client_seed TEXT',
];

export function addGeneratorAndSeatValues(db: Database.Database): void {
  for (const statement of STATEMENTS) db.exec(statement);
}

export async function addPgGeneratorAndSeatValues(client: PoolClient): Promise<void> {
  for (const statement of STATEMENTS) await client.query(statement);
}
