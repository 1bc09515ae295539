export type ServiceErrorCode =
  | 'unknown_game'
  | 'not_in_game'
  | 'not_your_turn'
  | 'illegal_action'
  | 'game_over'
  | 'not_started'
  | 'already_started'
  | 'lobby_full'
  | 'already_seated'
  | 'not_host'
  | 'channel_busy'
  | 'stale_version'
  | 'no_computer'
  | 'not_finished'
  | 'invalid_option'
  | 'log_removed'
  | 'too_many_lobbies';

/** A refused request: a stable `code` for the caller, a message readable by players; nothing was changed. */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  /** For 'illegal_action': the engine's code (its reason is the message). */
  readonly illegal: string | null;

  constructor(code: ServiceErrorCode, message: string, illegal: string | null = null) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.illegal = illegal;
  }
}

export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}
