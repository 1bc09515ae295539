/**
 * How the statements in this folder are run, the same on both engines: PostgreSQL's pool (pg/database.ts) and a
 * SQLite connection (sqlite/sqlite-runner.ts, whose synchronous calls are done when the promise is made).
 */
export interface SqlRunner {
  /** The rows the statement returned. */
  rows<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The number of rows the statement changed. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
}
