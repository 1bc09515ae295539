/**
 * The error every game's `apply` throws for an action the rules do not allow. `code` is stable and
 * machine-readable (e.g. "not_your_turn"); the message is written for players.
 */
export class IllegalActionError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.name = 'IllegalActionError';
    this.code = code;
  }
}

/** An option outside its allowed range, thrown by `create`. */
export class GameOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GameOptionError';
  }
}
