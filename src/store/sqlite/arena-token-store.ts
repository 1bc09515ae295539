/**
 * Player tokens for the arena's WebSocket (a migration of its own; src/service/arena-tokens.ts issues and checks
 * them): a server's outside program connects with one. Only the token's SHA-256 is stored (a token is 32 random
 * bytes, so a hash without salt is enough); the token itself is shown once, to the manager who issued it. A
 * revoked token keeps its row (revoked_at set) so its program's ratings keep their name. Not copied by db:copy.
 */
import type Database from 'better-sqlite3';
import {
  ARENA_TOKEN_COLUMNS,
  arenaTokenFromRow,
  type ArenaTokenRecord,
  type ArenaTokenRow,
  arenaTokensTable,
  type ArenaTokenStore,
  type NewArenaToken,
} from '../arena-tokens';

export function addArenaTokens(db: Database.Database): void {
  for (const statement of arenaTokensTable('INTEGER')) db.exec(statement);
}

export class SqliteArenaTokenStore implements ArenaTokenStore {
  constructor(private readonly db: Database.Database) {}

  async issue(token: NewArenaToken): Promise<boolean> {
    const result = this.db
      .prepare(
        `INSERT INTO arena_tokens (id, guild_id, name, token_hash, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(token.id, token.guildId, token.name, token.tokenHash, token.createdBy, token.createdAt);
    return result.changes === 1;
  }

  async byHash(tokenHash: string): Promise<ArenaTokenRecord | null> {
    const row = this.db
      .prepare(`SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE token_hash = ? AND revoked_at IS NULL`)
      .get(tokenHash) as ArenaTokenRow | undefined;
    return row ? arenaTokenFromRow(row) : null;
  }

  async revoke(guildId: string, name: string, now: number): Promise<ArenaTokenRecord | null> {
    const row = this.db
      .prepare(
        `UPDATE arena_tokens SET revoked_at = ? WHERE guild_id = ? AND name = ? AND revoked_at IS NULL
         RETURNING ${ARENA_TOKEN_COLUMNS}`,
      )
      .get(now, guildId, name) as ArenaTokenRow | undefined;
    return row ? arenaTokenFromRow(row) : null;
  }

  async list(guildId: string): Promise<ArenaTokenRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE guild_id = ? AND revoked_at IS NULL ORDER BY name`,
      )
      .all(guildId) as ArenaTokenRow[];
    return rows.map(arenaTokenFromRow);
  }
}
