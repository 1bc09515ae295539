/**
 * What differs between the two engines' SQL, named once. The statements in this folder are written for both
 * engines and take a dialect; the rest of their text is the same on SQLite and PostgreSQL.
 */
export interface Dialect {
  /** The n-th parameter (from 1): `?` on SQLite (bound in order), `$n` on PostgreSQL. */
  param(n: number): string;
  /** The floating-point type of a CAST. */
  readonly real: 'REAL' | 'DOUBLE PRECISION';
  /**
   * The join that reads its left table first: SQLite's CROSS JOIN keeps that order (so a player's own rows are
   * read first, not every game of the server); PostgreSQL's planner picks the order from its statistics.
   */
  readonly leftFirstJoin: 'CROSS JOIN' | 'JOIN';
  /** The last tie-breaker of an order by age: SQLite's rowid (the order rows were written), PostgreSQL's id. */
  readonly writeOrder: 'rowid' | 'id';
  /** The type of a time in milliseconds (SQLite's INTEGER holds 64 bits; PostgreSQL's INTEGER only 32). */
  readonly time: 'INTEGER' | 'BIGINT';
  /** What follows a CREATE TABLE's closing parenthesis: SQLite's table options (` STRICT`), nothing on PostgreSQL. */
  tableOptions(...options: ('STRICT' | 'WITHOUT ROWID')[]): string;
}

export const SQLITE_DIALECT: Dialect = {
  param: () => '?',
  real: 'REAL',
  leftFirstJoin: 'CROSS JOIN',
  writeOrder: 'rowid',
  time: 'INTEGER',
  tableOptions: (...options) => (options.length === 0 ? '' : ` ${options.join(', ')}`),
};

export const POSTGRES_DIALECT: Dialect = {
  param: (n) => `$${n}`,
  real: 'DOUBLE PRECISION',
  leftFirstJoin: 'JOIN',
  writeOrder: 'id',
  time: 'BIGINT',
  tableOptions: () => '',
};
