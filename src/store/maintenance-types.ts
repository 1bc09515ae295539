/** The operator's figures and limits, the same on both engines. */
/** Outbox rows older than this are given up: every token, nonce and retry they stand for has long expired. */
export const OUTBOX_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export interface OpenGamesCount {
  gameKey: string;
  status: 'lobby' | 'active';
  count: number;
}

export interface RetentionResult {
  /** Finished games whose moves were removed (the game, its seats, result and ratings stay). */
  logsRemoved: number;
  /** Lobbies closed before they started (nothing of them is rated or counted), deleted whole. */
  lobbiesDeleted: number;
}
