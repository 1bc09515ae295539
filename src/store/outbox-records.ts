/** The outbox's entries and the row both engines return (the messages in flight). */
/** What an outbox row stands for: a post in flight (by kind), an interaction reply, or a message to delete. */
export type OutboxKind = 'board' | 'notice' | 'summary' | 'reply' | 'delete';

export interface OutboxEntry {
  id: number;
  gameId: string;
  channelId: string;
  kind: OutboxKind;
  /** The post's nonce (sent with enforce_nonce, so a retry returns the message instead of posting twice). */
  nonce: string | null;
  /**
   * An interaction reply's token (its message is found with GET …/messages/@original); for a post sent as an
   * interaction follow-up, the mark 'follow-up' (FOLLOW_UP_MARK, never the token).
   */
  token: string | null;
  /** The message to delete ('delete' rows). */
  messageId: string | null;
  /** Failed tries so far (deletes are retried with backoff). */
  attempts: number;
  createdAt: number;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'gameId' | 'channelId' | 'kind'> &
  Partial<Pick<OutboxEntry, 'nonce' | 'token' | 'messageId'>>;

/** An outbox row as both engines return it. */
export interface OutboxRow {
  id: number;
  game_id: string;
  channel_id: string;
  kind: OutboxKind;
  nonce: string | null;
  token: string | null;
  message_id: string | null;
  attempts: number;
  created_at: number;
}

export function outboxEntryFromRow(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    gameId: row.game_id,
    channelId: row.channel_id,
    kind: row.kind,
    nonce: row.nonce,
    token: row.token,
    messageId: row.message_id,
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}
