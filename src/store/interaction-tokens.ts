/**
 * The interaction tokens kept for a game, shared by both engines: a person's click or command on a game opens
 * webhook routes for 15 minutes that Discord does not count against the bot's global rate limit (see
 * src/service/interaction-tokens.ts). They are credentials: a row lives only while its token is valid, never copied
 * by db:copy, never written to logs (the table: schema 12, src/store/sql/migrations-sql.ts).
 */
import type { Dialect } from './sql/dialect';
import { interactionTokensSql } from './sql/interaction-tokens-sql';
import type { SqlRunner } from './sql/runner';

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

/** The tokens on either engine. */
export class SqlInteractionTokenStore implements InteractionTokenStore {
  private readonly sql;

  constructor(
    private readonly db: SqlRunner,
    dialect: Dialect,
  ) {
    this.sql = interactionTokensSql(dialect);
  }

  async keep(token: KeptToken): Promise<void> {
    await this.db.run(this.sql.keep, [
      token.gameId,
      token.applicationId,
      token.token,
      token.originalMessageId,
      JSON.stringify(token.messageIds),
      token.receivedAt,
      token.expiresAt,
    ]);
  }

  async live(gameId: string, now: number): Promise<KeptToken[]> {
    return (await this.db.rows<TokenRow>(this.sql.live, [gameId, now])).map(tokenFromRow);
  }

  async prune(now: number): Promise<number> {
    return this.db.run(this.sql.prune, [now]);
  }

  async setMessages(gameId: string, token: string, messageIds: readonly string[]): Promise<boolean> {
    return (await this.db.run(this.sql.setMessages, [JSON.stringify(messageIds), gameId, token])) > 0;
  }

  async forget(gameId: string, token: string): Promise<void> {
    await this.db.run(this.sql.forget, [gameId, token]);
  }

  async forgetUnused(gameId: string, token: string): Promise<void> {
    await this.db.run(this.sql.forgetUnused, [gameId, token]);
  }
}
