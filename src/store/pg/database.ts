/**
 * The PostgreSQL connection pool and its transactions. The URL is handed to `pg` as it is, so its TLS settings
 * (`?sslmode=require`, `sslrootcert=…`) and PGSSLMODE apply as in every libpq program. BIGINT columns (times in
 * milliseconds, counts) are read as numbers: every value the store keeps is far below 2^53.
 */
import pg from 'pg';

/** A row count or rows: what a statement returned. */
export interface Sql {
  rows<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The number of rows the statement changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
}

export interface PgOptions {
  /** Connections the pool keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Told every statement with its values (tests read the query plans). */
  onStatement?: (text: string, params: readonly unknown[]) => void;
}

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

function sqlOf(
  target: { query: (query: pg.QueryConfig) => Promise<pg.QueryResult> },
  onStatement: PgOptions['onStatement'],
): Sql {
  const query = (text: string, params: readonly unknown[] = []) => {
    onStatement?.(text, params);
    const values = [...params];
    return target.query(
      PREPARABLE.test(text) ? { name: statementName(text), text, values } : { text, values },
    );
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

  constructor(
    readonly url: string,
    private readonly options: PgOptions = {},
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: INT8_AS_NUMBER });
    // An idle connection the server dropped must not crash the process; the next query opens another.
    this.pool.on('error', () => {});
    this.sql = sqlOf(this.pool, options.onStatement);
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
  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
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
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        return await work(sqlOf(client, this.options.onStatement));
      } finally {
        await client.query('COMMIT');
      }
    });
  }

  async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  /** Ends the pool once (closing twice, as a shutdown after a failed start may, is not an error). */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  private async once<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(sqlOf(client, this.options.onStatement));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error; // the connection is gone: the pool must not hand it out again
      }
      throw error;
    } finally {
      client.release(broken);
    }
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
