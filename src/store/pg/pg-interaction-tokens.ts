/** The interaction tokens kept per game on PostgreSQL (see ../interaction-token-store.ts). */
import type { PoolClient } from 'pg';
import {
  INTERACTION_TOKENS_TABLE,
  tokenFromRow,
  tokenSql,
  type InteractionTokenStore,
  type KeptToken,
  type TokenRow,
} from '../interaction-token-store';
import type { PgDatabase } from './database';

/** The migration that adds the interaction tokens kept per game. */
export async function addPgInteractionTokens(client: PoolClient): Promise<void> {
  await client.query(INTERACTION_TOKENS_TABLE('BIGINT', ''));
}

const SQL = tokenSql((n) => `$${n}`);

export class PgInteractionTokens implements InteractionTokenStore {
  constructor(private readonly db: PgDatabase) {}

  async keep(token: KeptToken, now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run(SQL.pruneAll, [now]);
      await tx.run(SQL.keep, [
        token.gameId,
        token.applicationId,
        token.token,
        token.originalMessageId,
        JSON.stringify(token.messageIds),
        token.receivedAt,
        token.expiresAt,
      ]);
    });
  }

  async live(gameId: string, now: number): Promise<KeptToken[]> {
    await this.db.run(SQL.pruneGame, [gameId, now]);
    return (await this.db.rows<TokenRow>(SQL.live, [gameId])).map(tokenFromRow);
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
