import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';

export function discordCode(error: unknown): number | null {
  return error instanceof DiscordAPIError && typeof error.code === 'number' ? error.code : null;
}

export function isUnknownMessage(error: unknown): boolean {
  return discordCode(error) === RESTJSONErrorCodes.UnknownMessage;
}

/** Discord answered with a refusal (4xx other than a rate limit): the request had no effect. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429
  );
}

/** Discord allows only a few edits of a message older than an hour (30046). */
export function isTooOldToEdit(error: unknown): boolean {
  return discordCode(error) === RESTJSONErrorCodes.MaximumNumberOfEditsToMessagesOlderThanOneHourReached;
}

export function isMissingAccess(error: unknown): boolean {
  const code = discordCode(error);
  return code === RESTJSONErrorCodes.MissingPermissions || code === RESTJSONErrorCodes.MissingAccess;
}

/** The game's thread was archived or locked: nothing can be posted or edited until it is reopened. */
export function isClosedThread(error: unknown): boolean {
  const code = discordCode(error);
  return (
    code === RESTJSONErrorCodes.InvalidActionOnArchivedThread || code === RESTJSONErrorCodes.ThreadLocked
  );
}

/** Errors after which trying again soon cannot help. */
export function isPermanent(error: unknown): boolean {
  const code = discordCode(error);
  return (
    code === RESTJSONErrorCodes.UnknownChannel ||
    code === RESTJSONErrorCodes.MissingAccess ||
    code === RESTJSONErrorCodes.MissingPermissions ||
    isClosedThread(error)
  );
}
