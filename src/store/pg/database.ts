/**
 * The PostgreSQL connection pool and its transactions. The URL is handed to `pg` as it is, so its TLS settings
 * (`?sslmode=require`, `sslrootcert=…`) and PGSSLMODE apply as in every libpq program. BIGINT columns (times in
 * milliseconds, counts) are read as numbers: every value the store keeps is far below 2^53.
 *
 * A server that is down, paused or cut off must not hold a player's click past Discord's 3 s: opening a
 * connection (or waiting for a free one) and every statement fail after 2 s (checked by the driver, so even a
 * server that does not answer at all is given up; the server cancels the statement too), TCP keep-alive notices a
 * dead peer, and a connection that failed that way is closed, never handed out again.
 */
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../../defaults';
import { isStorageUnavailable } from '../storage-errors';
import type { SqlRunner } from '../sql/runner';

/** A row count or rows: what a statement returned (the pool, or a transaction's connection). */
export type Sql = SqlRunner;

export interface PgOptions {
  /** Connections the pool keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Told every statement with its values (tests read the query plans). */
  onStatement?: (text: string, params: readonly unknown[]) => void;
  /** How long opening a connection, or waiting for a free one, may take (default PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How long a statement may take (default PG_QUERY_TIMEOUT_MS); long work (migrations, copies) has no limit. */
  queryTimeoutMs?: number;
}

export const PG_CONNECT_TIMEOUT_MS = 2000;
export const PG_QUERY_TIMEOUT_MS = 2000;
/** The driver's limit for work that is long by nature: a backup's snapshot, db:copy's batches. */
const LONG_QUERY_MS = 60 * 60_000;
/** A session that holds a transaction open this long without a statement (its process hangs) is ended. */
const IDLE_IN_TRANSACTION_MS = 60_000;
const KEEP_ALIVE_AFTER_MS = 10_000;

const INT8_AS_NUMBER: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Unique violation, serialization failure and deadlock: https://www.postgresql.org/docs/current/errcodes-appendix.html */
export const PG_UNIQUE_VIOLATION = '23505';
const RETRIED = new Set(['40001', '40P01']);

export function pgErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Statements PostgreSQL can keep prepared on a connection (by name): parsed and planned once, not every time. */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `hare_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

type Queryable = { query: (query: pg.QueryConfig & { query_timeout?: number }) => Promise<pg.QueryResult> };

function sqlOf(target: Queryable, onStatement: PgOptions['onStatement'], timeoutMs: number): Sql {
  const query = (text: string, params: readonly unknown[] = []) => {
    onStatement?.(text, params);
    const values = [...params];
    const named = PREPARABLE.test(text) ? { name: statementName(text) } : {};
    return target.query({ ...named, text, values, query_timeout: timeoutMs });
  };
  return {
    rows: async <T>(text: string, params?: readonly unknown[]) => (await query(text, params)).rows as T[],
    run: async (text, params) => (await query(text, params)).rowCount ?? 0,
  };
}

export class PgDatabase implements Sql {
  private closing: Promise<void> | null = null;
  readonly pool: pg.Pool;
  private readonly sql: Sql;
  private readonly queryTimeoutMs: number;

  constructor(
    readonly url: string,
    private readonly options: PgOptions = {},
  ) {
    this.queryTimeoutMs = options.queryTimeoutMs ?? PG_QUERY_TIMEOUT_MS;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      types: INT8_AS_NUMBER,
      connectionTimeoutMillis: options.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
      statement_timeout: this.queryTimeoutMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_AFTER_MS,
    });
    // An idle connection the server dropped must not crash the process; the next query opens another.
    this.pool.on('error', () => {});
    this.sql = sqlOf(this.pool, options.onStatement, this.queryTimeoutMs);
  }

  rows<T>(text: string, params?: readonly unknown[]): Promise<T[]> {
    return this.sql.rows<T>(text, params);
  }

  run(text: string, params?: readonly unknown[]): Promise<number> {
    return this.sql.run(text, params);
  }

  /**
   * Runs `work` in one transaction on one connection: committed if it returns, rolled back if it throws. A
   * deadlock or serialization failure (two processes at once) is retried a few times.
   */
  async transaction<T>(work: (tx: Sql) => Promise<T>, options: { long?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work, options.long ?? false);
      } catch (error) {
        if (attempt >= 5 || !RETRIED.has(pgErrorCode(error) ?? '')) throw error;
      }
    }
  }

  /**
   * Runs `work` reading one snapshot of the whole database (a REPEATABLE READ, READ ONLY transaction): what
   * other connections commit meanwhile is not seen, so a copy of every table is the database at one moment.
   */
  async snapshot<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      await this.control(client, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await this.control(client, 'SET LOCAL statement_timeout = 0');
      try {
        return await work(sqlOf(client, this.options.onStatement, LONG_QUERY_MS));
      } finally {
        await this.control(client, 'COMMIT');
      }
    });
  }

  async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      if (isStorageUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /**
   * Runs `work` on a connection without a time limit (migrations wait for each other's lock and may rewrite
   * big tables); the connection is closed afterwards, so no pooled one keeps the lifted limit.
   */
  async unbounded<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query('SET idle_in_transaction_session_timeout = 0');
      return await work(client);
    } finally {
      client.release(true);
    }
  }

  /** Ends the pool once (closing twice, as a shutdown after a failed start may, is not an error). */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  private async once<T>(work: (tx: Sql) => Promise<T>, long: boolean): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await this.control(client, 'BEGIN');
      if (long) await this.control(client, 'SET LOCAL statement_timeout = 0');
      const result = await work(
        sqlOf(client, this.options.onStatement, long ? LONG_QUERY_MS : this.queryTimeoutMs),
      );
      await this.control(client, 'COMMIT');
      return result;
    } catch (error) {
      // A connection that timed out or dropped is not asked for a ROLLBACK (it would wait as long again): closing
      // it rolls the transaction back on the server.
      if (isStorageUnavailable(error)) broken = error as Error;
      else
        try {
          await this.control(client, 'ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error; // the connection is gone: the pool must not hand it out again
        }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** A transaction's own statement, under the same time limit as the others. */
  private control(client: pg.PoolClient, text: string): Promise<pg.QueryResult> {
    return client.query({ text, query_timeout: this.queryTimeoutMs } as pg.QueryConfig);
  }
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
