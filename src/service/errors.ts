import { replyWords, type Language, type TranslationValues } from '../i18n/index';

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

export interface ServiceErrorWords {
  /** For 'illegal_action': the engine's code (its reason is the message). */
  illegal?: string | null;
  /** The refusal's key in the replies catalogue (src/i18n/replies), to say it in the reader's language. */
  key?: string;
  values?: TranslationValues;
  /** The refusal in `language` when a catalogue key cannot say it (a game's own reason), or null. */
  say?: (language: Language) => string | null;
}

/**
 * A refused request: a stable `code` for the caller, a message readable by players (English, for logs); its
 * `key` and `values` say it in another language (`textIn`); nothing was changed.
 */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  /** For 'illegal_action': the engine's code (its reason is the message). */
  readonly illegal: string | null;
  readonly key: string | null;
  readonly values: TranslationValues | undefined;
  private readonly say: ((language: Language) => string | null) | undefined;

  constructor(code: ServiceErrorCode, message: string, words: string | null | ServiceErrorWords = null) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    const given = typeof words === 'string' || words === null ? { illegal: words } : words;
    this.illegal = given.illegal ?? null;
    this.key = given.key ?? null;
    this.values = given.values;
    this.say = given.say;
  }

  /** The refusal in `language` (a fragment, as `message`): its catalogue text, else the message. */
  textIn(language: Language): string {
    const said = this.say?.(language);
    if (said) return said;
    return this.key ? replyWords(language)(this.key, this.values) : this.message;
  }
}

/** A refusal said by the replies catalogue's `key` (its English text is the message). */
export function refusal(code: ServiceErrorCode, key: string, values?: TranslationValues): ServiceError {
  return new ServiceError(code, replyWords('en')(key, values), { key, ...(values ? { values } : {}) });
}

export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}
