/**
 * Whole tables as plain rows, the same columns on both engines (schema 11; the lease rows of schema 10 are not copied: they name live processes), for `npm run db:copy`. Rows are read
 * in primary-key order a batch at a time, so a large database is never held in memory at once.
 */

/** A row as the database holds it: text, numbers and NULLs, keyed by column name. */
export type TableRow = Record<string, string | number | null>;

export interface TableShape {
  name: string;
  /** The primary key's columns, in order (rows are read by it). */
  key: readonly string[];
  columns: readonly string[];
}

/** Parents first: a row's foreign keys point at tables copied before it. */
export const COPIED_TABLES: readonly TableShape[] = [
  {
    name: 'games',
    key: ['id'],
    columns: [
      'id',
      'game_key',
      'guild_id',
      'channel_id',
      'host_id',
      'options',
      'status',
      'end_reason',
      'seed',
      'state',
      'state_format',
      'version',
      'created_at',
      'started_at',
      'finished_at',
      'updated_at',
      'board_message_id',
      'board_posted_at',
      'turn_notice_message_id',
      'next_due_at',
      'stats_recorded',
      'summary_posted',
      'ended_by',
      'ended_by_name',
      'rated',
      'channel_settled',
      'turn_notice_key',
      'log_pruned_at',
      'pruned_moves',
      'server_seed',
      'seed_commitment',
      'client_seed',
      'generator',
    ],
  },
  {
    name: 'seats',
    key: ['game_id', 'seat_index'],
    columns: ['game_id', 'seat_index', 'kind', 'user_id', 'level', 'name', 'left_game', 'client_seed'],
  },
  {
    name: 'actions',
    key: ['game_id', 'seq'],
    columns: ['game_id', 'seq', 'seat', 'actor', 'action', 'created_at'],
  },
  {
    name: 'player_stats',
    key: ['guild_id', 'game_key', 'user_id'],
    columns: [
      'guild_id',
      'game_key',
      'user_id',
      'name',
      'games',
      'wins',
      'place_sum',
      'games_left',
      'beaten',
      'updated_at',
    ],
  },
  {
    name: 'ratings',
    key: ['guild_id', 'game_key', 'player_id'],
    columns: ['guild_id', 'game_key', 'player_id', 'name', 'mu', 'sigma', 'games', 'wins', 'updated_at'],
  },
  {
    name: 'rating_history',
    key: ['game_id', 'player_id'],
    columns: ['game_id', 'player_id', 'mu', 'sigma', 'rated_at'],
  },
  {
    name: 'outbox',
    key: ['id'],
    columns: [
      'id',
      'game_id',
      'channel_id',
      'kind',
      'nonce',
      'token',
      'message_id',
      'attempts',
      'created_at',
    ],
  },
];

export interface StorageRows {
  /** Up to `limit` rows of `table` in key order, after the row whose key is `after` (from the start if null). */
  read(table: TableShape, after: TableRow | null, limit: number): Promise<TableRow[]>;
  /** Inserts rows as they are (keys included) in one transaction. */
  insert(table: TableShape, rows: readonly TableRow[]): Promise<void>;
  count(table: TableShape): Promise<number>;
  /** Deletes every row of the copied tables (a forced copy over a destination that holds games). */
  clear(): Promise<void>;
  /** After rows were inserted with their ids: new ids continue after the highest one (PostgreSQL sequences). */
  resetSequences(): Promise<void>;
}

/** `(a, b) > (?, ?)` for the key of `table`, with `placeholder(i)` for the i-th value (0-based). */
export function afterKeyClause(table: TableShape, placeholder: (index: number) => string): string {
  const values = table.key.map((_, index) => placeholder(index)).join(', ');
  return `(${table.key.join(', ')}) > (${values})`;
}
