import { RESTJSONErrorCodes } from 'discord.js';

/** The JSON body Discord sends with an error status. */
export interface ApiErrorBody {
  message: string;
  code: number;
  errors?: FormErrorTree;
}

/** Nested `errors` object of a 50035 "Invalid Form Body" answer. */
export interface FormErrorTree {
  [key: string]: FormErrorTree | FormErrorItem[];
}

export interface FormErrorItem {
  code: string;
  message: string;
}

/** An error answer of the fake REST API: thrown by route handlers, turned into a response by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FormErrorTree,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export const Errors = {
  unauthorized: () => new ApiError(401, 0, '401: Unauthorized'),
  notFound: () => new ApiError(404, 0, '404: Not Found'),
  methodNotAllowed: () => new ApiError(405, 0, '405: Method Not Allowed'),
  unknownChannel: () => new ApiError(404, RESTJSONErrorCodes.UnknownChannel, 'Unknown Channel'),
  unknownGuild: () => new ApiError(404, RESTJSONErrorCodes.UnknownGuild, 'Unknown Guild'),
  unknownMember: () => new ApiError(404, RESTJSONErrorCodes.UnknownMember, 'Unknown Member'),
  unknownMessage: () => new ApiError(404, RESTJSONErrorCodes.UnknownMessage, 'Unknown Message'),
  unknownUser: () => new ApiError(404, RESTJSONErrorCodes.UnknownUser, 'Unknown User'),
  unknownWebhook: () => new ApiError(404, RESTJSONErrorCodes.UnknownWebhook, 'Unknown Webhook'),
  unknownInteraction: () => new ApiError(404, RESTJSONErrorCodes.UnknownInteraction, 'Unknown interaction'),
  unknownCommand: () =>
    new ApiError(404, RESTJSONErrorCodes.UnknownApplicationCommand, 'Unknown application command'),
  alreadyAcknowledged: () =>
    new ApiError(
      400,
      RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged,
      'Interaction has already been acknowledged.',
    ),
  invalidWebhookToken: () =>
    new ApiError(401, RESTJSONErrorCodes.InvalidWebhookToken, 'Invalid Webhook Token'),
  missingAccess: () => new ApiError(403, RESTJSONErrorCodes.MissingAccess, 'Missing Access'),
  missingPermissions: () => new ApiError(403, RESTJSONErrorCodes.MissingPermissions, 'Missing Permissions'),
  cannotEditOthersMessage: () =>
    new ApiError(
      403,
      RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser,
      'Cannot edit a message authored by another user',
    ),
  archivedThread: () =>
    new ApiError(
      400,
      RESTJSONErrorCodes.InvalidActionOnArchivedThread,
      'Operation cannot be performed on an archived thread',
    ),
  lockedThread: () => new ApiError(400, RESTJSONErrorCodes.ThreadLocked, 'Thread is locked'),
  wrongChannelType: () =>
    new ApiError(
      400,
      RESTJSONErrorCodes.CannotExecuteActionOnThisChannelType,
      'Cannot execute action on this channel type',
    ),
  nonTextChannel: () =>
    new ApiError(
      400,
      RESTJSONErrorCodes.CannotSendMessagesInNonTextChannel,
      'Cannot send messages in a non-text channel',
    ),
  emptyMessage: () =>
    new ApiError(400, RESTJSONErrorCodes.CannotSendAnEmptyMessage, 'Cannot send an empty message'),
  oldMessageEdits: () =>
    new ApiError(
      400,
      RESTJSONErrorCodes.MaximumNumberOfEditsToMessagesOlderThanOneHourReached,
      'Maximum number of edits to messages older than 1 hour reached. Try again later.',
    ),
  tooLarge: () => new ApiError(413, RESTJSONErrorCodes.RequestEntityTooLarge, 'Request entity too large'),
  invalidFormBody: (errors: FormErrorTree) =>
    new ApiError(400, RESTJSONErrorCodes.InvalidFormBodyOrContentType, 'Invalid Form Body', errors),
} as const;

/** Collects field errors at JSON paths and turns them into a 50035 error. */
export class FormErrors {
  private readonly tree: FormErrorTree = {};
  private count = 0;

  add(path: readonly (string | number)[], code: string, message: string): void {
    let node = this.tree;
    for (const key of path) {
      const next = node[String(key)];
      if (next === undefined || Array.isArray(next)) {
        const created: FormErrorTree = {};
        node[String(key)] = created;
        node = created;
      } else {
        node = next;
      }
    }
    const items = node['_errors'];
    const list = Array.isArray(items) ? items : [];
    list.push({ code, message });
    node['_errors'] = list;
    this.count += 1;
  }

  get empty(): boolean {
    return this.count === 0;
  }

  /** Throws a 50035 ApiError when any error was added. */
  throwIfAny(): void {
    if (!this.empty) throw Errors.invalidFormBody(this.tree);
  }
}
