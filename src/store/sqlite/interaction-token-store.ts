/**
 * The interaction tokens kept for a game (a migration of its own): a person's click or command on a game opens webhook routes
 * for 15 minutes that Discord does not count against the bot's global rate limit (see
 * src/service/interaction-tokens.ts). They are credentials: a row lives only while its token is valid (expired
 * rows are deleted at least once a minute while the bot runs), never copied by db:copy, never written to logs.
 */
import type Database from 'better-sqlite3';
import { SQLITE_DIALECT } from '../sql/dialect';
import {
  INTERACTION_TOKENS_TABLE,
  tokenFromRow,
  tokenSql,
  type InteractionTokenStore,
  type KeptToken,
  type TokenRow,
} from '../interaction-tokens';

/** The migration that adds the interaction tokens kept per game. */
export function addInteractionTokens(db: Database.Database): void {
  db.exec(INTERACTION_TOKENS_TABLE('INTEGER', ' STRICT'));
}

export class SqliteInteractionTokenStore implements InteractionTokenStore {
  private readonly statements;

  constructor(db: Database.Database) {
    const sql = tokenSql(SQLITE_DIALECT.param);
    this.statements = {
      keep: db.prepare(sql.keep),
      prune: db.prepare(sql.prune),
      live: db.prepare<[string, number], TokenRow>(sql.live),
      setMessages: db.prepare(sql.setMessages),
      forget: db.prepare(sql.forget),
      forgetUnused: db.prepare(sql.forgetUnused),
    };
  }

  async keep(token: KeptToken): Promise<void> {
    this.statements.keep.run(
      token.gameId,
      token.applicationId,
      token.token,
      token.originalMessageId,
      JSON.stringify(token.messageIds),
      token.receivedAt,
      token.expiresAt,
    );
  }

  async live(gameId: string, now: number): Promise<KeptToken[]> {
    return this.statements.live.all(gameId, now).map(tokenFromRow);
  }

  async prune(now: number): Promise<number> {
    return this.statements.prune.run(now).changes;
  }

  async setMessages(gameId: string, token: string, messageIds: readonly string[]): Promise<boolean> {
    return this.statements.setMessages.run(JSON.stringify(messageIds), gameId, token).changes > 0;
  }

  async forget(gameId: string, token: string): Promise<void> {
    this.statements.forget.run(gameId, token);
  }

  async forgetUnused(gameId: string, token: string): Promise<void> {
    this.statements.forgetUnused.run(gameId, token);
  }
}
