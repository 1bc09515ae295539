/** The interaction tokens kept per game on PostgreSQL (see ../interaction-token-store.ts). */
import type { PoolClient } from 'pg';
import {
  INTERACTION_TOKENS_TABLE,
  tokenFromRow,
  tokenSql,
  type InteractionTokenStore,
  type KeptToken,
  type TokenRow,
} from '../interaction-tokens';
import { POSTGRES_DIALECT } from '../sql/dialect';
import type { PgDatabase } from './database';

/** The migration that adds the interaction tokens kept per game. */
export async function addPgInteractionTokens(client: PoolClient): Promise<void> {
  await client.query(INTERACTION_TOKENS_TABLE('BIGINT', ''));
}

const SQL = tokenSql(POSTGRES_DIALECT.param);

export class PgInteractionTokens implements InteractionTokenStore {
  constructor(private readonly db: PgDatabase) {}

  async keep(token: KeptToken): Promise<void> {
    await this.db.run(SQL.keep, [
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
    return (await this.db.rows<TokenRow>(SQL.live, [gameId, now])).map(tokenFromRow);
  }

  async prune(now: number): Promise<number> {
    return this.db.run(SQL.prune, [now]);
  }

  async setMessages(gameId: string, token: string, messageIds: readonly string[]): Promise<boolean> {
    return (await this.db.run(SQL.setMessages, [JSON.stringify(messageIds), gameId, token])) > 0;
  }

  async forget(gameId: string, token: string): Promise<void> {
    await this.db.run(SQL.forget, [gameId, token]);
  }

  async forgetUnused(gameId: string, token: string): Promise<void> {
    await this.db.run(SQL.forgetUnused, [gameId, token]);
  }
}
