/**
 * Player tokens for the arena's WebSocket, shared by both engines (src/service/arena-tokens.ts issues and checks
 * them). Only the token's SHA-256 is stored; a revoked token keeps its row so its program's ratings keep their name.
 * The table: schema 13 (src/store/sql/migrations-sql.ts).
 */
import type { Dialect } from './sql/dialect';
import { arenaTokensSql } from './sql/arena-tokens-sql';
import type { SqlRunner } from './sql/runner';

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

/** A row as both engines return it. */
interface ArenaTokenRow {
  id: string;
  guild_id: string;
  name: string;
  created_by: string;
  created_at: number | string;
  revoked_at: number | string | null;
}

function arenaTokenFromRow(row: ArenaTokenRow): ArenaTokenRecord {
  return {
    id: row.id,
    guildId: row.guild_id,
    name: row.name,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** The tokens on either engine. */
export class SqlArenaTokenStore implements ArenaTokenStore {
  private readonly sql;

  constructor(
    private readonly db: SqlRunner,
    dialect: Dialect,
  ) {
    this.sql = arenaTokensSql(dialect);
  }

  async issue(token: NewArenaToken): Promise<boolean> {
    const { id, guildId, name, tokenHash, createdBy, createdAt } = token;
    return (await this.db.run(this.sql.issue, [id, guildId, name, tokenHash, createdBy, createdAt])) === 1;
  }

  async byHash(tokenHash: string): Promise<ArenaTokenRecord | null> {
    const [row] = await this.db.rows<ArenaTokenRow>(this.sql.byHash, [tokenHash]);
    return row ? arenaTokenFromRow(row) : null;
  }

  async revoke(guildId: string, name: string, now: number): Promise<ArenaTokenRecord | null> {
    const [row] = await this.db.rows<ArenaTokenRow>(this.sql.revoke, [now, guildId, name]);
    return row ? arenaTokenFromRow(row) : null;
  }

  async list(guildId: string): Promise<ArenaTokenRecord[]> {
    return (await this.db.rows<ArenaTokenRow>(this.sql.list, [guildId])).map(arenaTokenFromRow);
  }
}
