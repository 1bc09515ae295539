/** The arena tokens' statements (src/store/arena-tokens.ts), the same on both engines. */
import type { Dialect } from './dialect';

/** The columns of a token's record (never its hash). */
export const ARENA_TOKEN_COLUMNS = 'id, guild_id, name, created_by, created_at, revoked_at';

export function arenaTokensSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameters: id, guild, name, hash, created by, created at. Changes nothing when the name is taken. */
    issue: `INSERT INTO arena_tokens (id, guild_id, name, token_hash, created_by, created_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}) ON CONFLICT DO NOTHING`,
    /** Parameter: hash. */
    byHash: `SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE token_hash = ${p(1)} AND revoked_at IS NULL`,
    /** Parameters: now, guild, name. */
    revoke: `UPDATE arena_tokens SET revoked_at = ${p(1)}
      WHERE guild_id = ${p(2)} AND name = ${p(3)} AND revoked_at IS NULL
      RETURNING ${ARENA_TOKEN_COLUMNS}`,
    /** Parameter: guild. */
    list: `SELECT ${ARENA_TOKEN_COLUMNS} FROM arena_tokens WHERE guild_id = ${p(1)} AND revoked_at IS NULL
      ORDER BY name`,
  };
}
