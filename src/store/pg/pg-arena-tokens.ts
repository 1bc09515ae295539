/** The arena's player tokens on PostgreSQL (see ../arena-token-store.ts). */
import type { PoolClient } from 'pg';
import {
  ARENA_TOKEN_COLUMNS,
  arenaTokenFromRow,
  arenaTokensTable,
  type ArenaTokenRecord,
  type ArenaTokenRow,
  type ArenaTokenStore,
  type NewArenaToken,
} from '../arena-tokens';
import type { PgDatabase } from './database';

export async function addPgArenaTokens(client: PoolClient): Promise<void> {
  for (const statement of arenaTokensTable('BIGINT')) await client.query(statement);
}

export class PgArenaTokens implements ArenaTokenStore {
  constructor(private readonly db: PgDatabase) {}

  async issue(token: NewArenaToken): Promise<boolean> {
    const changed = await this.db.run(
      `INSERT INTO arena_tokens (id, guild_id, name, token_hash, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [token.id, token.guildId, token.name, token.tokenHash, token.createdBy, token.createdAt],
    );
    return changed === 1;
  }

  async byHash(tokenHash: string): Promise<ArenaTokenRecord | null> {
    const [row] = await this.db.rows<ArenaTokenRow>(
      `SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    );
    return row ? arenaTokenFromRow(row) : null;
  }

  async revoke(guildId: string, name: string, now: number): Promise<ArenaTokenRecord | null> {
    const [row] = await this.db.rows<ArenaTokenRow>(
      `UPDATE arena_tokens SET revoked_at = $1 WHERE guild_id = $2 AND name = $3 AND revoked_at IS NULL
       RETURNING ${ARENA_TOKEN_COLUMNS}`,
      [now, guildId, name],
    );
    return row ? arenaTokenFromRow(row) : null;
  }

  async list(guildId: string): Promise<ArenaTokenRecord[]> {
    const rows = await this.db.rows<ArenaTokenRow>(
      `SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE guild_id = $1 AND revoked_at IS NULL ORDER BY name`,
      [guildId],
    );
    return rows.map(arenaTokenFromRow);
  }
}
