/**
 * Player tokens for the arena's WebSocket (a migration of its own; src/service/arena-tokens.ts issues and checks
 * them): a server's outside program connects with one. Only the token's SHA-256 is stored (a token is 32 random
 * bytes, so a hash without salt is enough); the token itself is shown once, to the manager who issued it. A
 * revoked token keeps its row (revoked_at set) so its program's ratings keep their name. Not copied by db:copy.
 */
import type Database from 'better-sqlite3';

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

export function addArenaTokens(db: Database.Database): void {
  for (const statement of arenaTokensTable('INTEGER')) db.exec(statement);
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
