/**
 * The interaction tokens kept for a game, shared by both engines: a person's click or command on a game opens
 * webhook routes for 15 minutes that Discord does not count against the bot's global rate limit (see
 * src/service/interaction-tokens.ts). They are credentials: a row lives only while its token is valid, never copied
 * by db:copy, never written to logs.
 */
export interface KeptToken {
  gameId: string;
  applicationId: string;
  token: string;
  /** The game message that is the interaction's original response (a board clicked, a lobby), or null. */
  originalMessageId: string | null;
  /** The game's messages posted as the interaction's follow-ups (a token can edit and delete only these). */
  messageIds: string[];
  receivedAt: number;
  expiresAt: number;
}

export interface InteractionTokenStore {
  /**
   * Keeps the token. A token kept already keeps the follow-ups it posted (and its original message, when none
   * is given now).
   */
  keep(token: KeptToken): Promise<void>;
  /** The game's tokens still valid at `now`, the longest-lived first (a read only: no write per request). */
  live(gameId: string, now: number): Promise<KeptToken[]>;
  /** Deletes every token expired by `now`; how many. */
  prune(now: number): Promise<number>;
  /** The follow-ups the token posted that are still shown; false when the game keeps no such token. */
  setMessages(gameId: string, token: string, messageIds: readonly string[]): Promise<boolean>;
  /** Forgets the token (Discord refused it). */
  forget(gameId: string, token: string): Promise<void>;
  /** Forgets the token unless it posted follow-ups still shown (it alone can reach them). */
  forgetUnused(gameId: string, token: string): Promise<void>;
}

/** A row as both engines return it. */
interface TokenRow {
  game_id: string;
  application_id: string;
  token: string;
  original_message_id: string | null;
  message_ids: string;
  received_at: number | string;
  expires_at: number | string;
}

function tokenFromRow(row: TokenRow): KeptToken {
  let messageIds: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.message_ids);
    if (Array.isArray(parsed)) messageIds = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    messageIds = [];
  }
  return {
    gameId: row.game_id,
    applicationId: row.application_id,
    token: row.token,
    originalMessageId: row.original_message_id,
    messageIds,
    receivedAt: Number(row.received_at),
    expiresAt: Number(row.expires_at),
  };
}

/** The statements, with parameters written by `param(n)` (`$n` on PostgreSQL, `?` in order on SQLite). */
export function tokenSql(param: (n: number) => string) {
  return {
    /** Parameters: game, application, token, original message, message ids (JSON), received, expires. */
    keep: `INSERT INTO interaction_tokens
        (game_id, application_id, token, original_message_id, message_ids, received_at, expires_at)
      VALUES (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)}, ${param(5)}, ${param(6)}, ${param(7)})
      ON CONFLICT (game_id, token) DO UPDATE SET
        original_message_id = COALESCE(excluded.original_message_id, interaction_tokens.original_message_id),
        expires_at = excluded.expires_at`,
    /** Parameter: now. */
    prune: `DELETE FROM interaction_tokens WHERE expires_at <= ${param(1)}`,
    /** Parameters: game, now. */
    live: `SELECT * FROM interaction_tokens WHERE game_id = ${param(1)} AND expires_at > ${param(2)}
      ORDER BY expires_at DESC, token`,
    /** Parameters: message ids (JSON), game, token. */
    setMessages: `UPDATE interaction_tokens SET message_ids = ${param(1)}
      WHERE game_id = ${param(2)} AND token = ${param(3)}`,
    /** Parameters: game, token. */
    forget: `DELETE FROM interaction_tokens WHERE game_id = ${param(1)} AND token = ${param(2)}`,
    /** Parameters: game, token. */
    forgetUnused: `DELETE FROM interaction_tokens
      WHERE game_id = ${param(1)} AND token = ${param(2)} AND message_ids = '[]'`,
  };
}

/** The table, the same on both engines (times in milliseconds). */
export const INTERACTION_TOKENS_TABLE = (time: 'INTEGER' | 'BIGINT', strict: string) => `
  CREATE TABLE interaction_tokens (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    application_id TEXT NOT NULL,
    token TEXT NOT NULL,
    original_message_id TEXT,
    message_ids TEXT NOT NULL DEFAULT '[]',
    received_at ${time} NOT NULL,
    expires_at ${time} NOT NULL,
    PRIMARY KEY (game_id, token)
  )${strict};
  CREATE INDEX interaction_tokens_by_expiry ON interaction_tokens (expires_at);
`;

export { tokenFromRow, type TokenRow };
