/**
 * Player tokens for the arena's WebSocket, shared by both engines (src/service/arena-tokens.ts issues and checks
 * them). Only the token's SHA-256 is stored; a revoked token keeps its row so its program's ratings keep their name.
 */
export interface ArenaTokenRecord {
  /** A random id, never derived from the token: ratings key the program by it (`program:<id>`). */
  id: string;
  guildId: string;
  name: string;
  createdBy: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface NewArenaToken extends Omit<ArenaTokenRecord, 'revokedAt'> {
  tokenHash: string;
}

export interface ArenaTokenStore {
  /** Stores a new token; false when the server has a live token of that name already. */
  issue(token: NewArenaToken): Promise<boolean>;
  /** The live (not revoked) token with this hash. */
  byHash(tokenHash: string): Promise<ArenaTokenRecord | null>;
  /** Revokes the server's live token of that name; returns it, or null when there is none. */
  revoke(guildId: string, name: string, now: number): Promise<ArenaTokenRecord | null>;
  /** The server's live tokens, by name. */
  list(guildId: string): Promise<ArenaTokenRecord[]>;
}

/** The table, the same on both engines (SQLite's INTEGER times are PostgreSQL's BIGINT). */
export function arenaTokensTable(time: 'INTEGER' | 'BIGINT'): string[] {
  return [
    `CREATE TABLE arena_tokens (
      id TEXT PRIMARY KEY,
      guild_id TEXT NOT NULL,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      created_by TEXT NOT NULL,
      created_at ${time} NOT NULL,
      revoked_at ${time}
    )`,
    'CREATE UNIQUE INDEX arena_tokens_live_name ON arena_tokens (guild_id, name) WHERE revoked_at IS NULL',
  ];
}

/** A row as both engines return it. */
export interface ArenaTokenRow {
  id: string;
  guild_id: string;
  name: string;
  created_by: string;
  created_at: number | string;
  revoked_at: number | string | null;
}

export function arenaTokenFromRow(row: ArenaTokenRow): ArenaTokenRecord {
  return {
    id: row.id,
    guildId: row.guild_id,
    name: row.name,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export const ARENA_TOKEN_COLUMNS = 'id, guild_id, name, created_by, created_at, revoked_at';
