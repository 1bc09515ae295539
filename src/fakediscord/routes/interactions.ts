import {
  InteractionResponseType,
  MessageFlags,
  MessageType,
  type APIApplicationCommandOptionChoice,
} from 'discord.js';
import type { FakeApp } from '../app';
import { Errors, FormErrors } from '../errors';
import type { InteractionKind, RecordedInteraction } from '../interactions';
import { asRecord, recordArray } from '../json';
import { LIMITS, parseMessageInput } from '../message-input';
import type { MessageContext } from '../messages';
import type { StoredMessage } from '../model';
import { apiMessage } from '../serialize';
import { noContent, ok, param, type RouteContext, type RouteDefinition, type RouteResult } from './types';

/** POST /interactions/{id}/{token}/callback: the first answer to an interaction (types 4-9). */
export function interactionRoutes(): RouteDefinition[] {
  return [
    {
      method: 'POST',
      template: '/interactions/:interactionId/:token/callback',
      auth: false,
      handler: callback,
    },
  ];
}

const ALLOWED: Record<InteractionKind, ReadonlySet<InteractionResponseType>> = {
  command: new Set([
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ]),
  autocomplete: new Set([InteractionResponseType.ApplicationCommandAutocompleteResult]),
  button: new Set([
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ]),
  select: new Set([
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ]),
};

function callback(ctx: RouteContext): RouteResult {
  const { app, req } = ctx;
  const interaction = app.interactions.forCallback(
    param(ctx, 'interactionId'),
    param(ctx, 'token'),
    req.receivedAtHr,
  );
  const body = asRecord(req.json);
  const type = Number(body['type']) as InteractionResponseType;
  if (!ALLOWED[interaction.kind].has(type)) {
    const errors = new FormErrors();
    errors.add(
      ['type'],
      'INTERACTION_RESPONSE_TYPE_INVALID',
      'Interaction response type is invalid for this interaction',
    );
    errors.throwIfAny();
  }
  const message = applyCallback(ctx, interaction, type, body['data']);
  app.interactions.recordCallback(interaction, type, body['data'] ?? null, req.receivedAt, req.receivedAtHr);
  app.interactionResponded(interaction);
  if (req.query.get('with_response') !== 'true') return noContent();
  return ok(callbackResponse(app, interaction, type, message));
}

/** Does what the callback type says; returns the message it created or updated. */
function applyCallback(
  ctx: RouteContext,
  interaction: RecordedInteraction,
  type: InteractionResponseType,
  data: unknown,
): StoredMessage | null {
  const { app, req } = ctx;
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource:
      return reply(app, interaction, data, req.files, false);
    case InteractionResponseType.DeferredChannelMessageWithSource:
      return reply(app, interaction, data, [], true);
    case InteractionResponseType.DeferredMessageUpdate:
      interaction.responseMessageId = componentMessage(app, interaction).id;
      return null;
    case InteractionResponseType.UpdateMessage: {
      const message = app.messages.edit(
        componentMessage(app, interaction),
        parseMessageInput(data),
        req.files,
      );
      interaction.responseMessageId = message.id;
      return message;
    }
    case InteractionResponseType.ApplicationCommandAutocompleteResult:
      interaction.choices = autocompleteChoices(data);
      return null;
    default:
      interaction.modal = data ?? null;
      return null;
  }
}

function reply(
  app: FakeApp,
  interaction: RecordedInteraction,
  data: unknown,
  files: RouteContext['req']['files'],
  deferred: boolean,
): StoredMessage {
  if (!app.state.findChannel(interaction.channelId)) throw Errors.unknownChannel();
  const parsed = parseMessageInput(data);
  const input = deferred ? { content: '', flags: parsed.flags ?? 0 } : parsed;
  const message = app.messages.create(input, files, {
    ...interactionMessageContext(app, interaction, null),
    origin: 'interactionResponse',
    extraFlags: deferred ? MessageFlags.Loading : 0,
  });
  interaction.responseMessageId = message.id;
  return message;
}

/** Where and as what an interaction's reply or follow-up is created. */
export function interactionMessageContext(
  app: FakeApp,
  interaction: RecordedInteraction,
  originalResponseMessageId: string | null,
): MessageContext {
  return {
    channelId: interaction.channelId,
    authorId: app.bot.id,
    type: interaction.kind === 'command' ? MessageType.ChatInputCommand : MessageType.Default,
    origin: 'followUp',
    webhookId: app.applicationId,
    interaction: {
      id: interaction.id,
      type: interaction.type,
      userId: interaction.userId,
      commandName: interaction.commandName,
      interactedMessageId: interaction.componentMessageId,
      originalResponseMessageId,
    },
    ephemeralUserId: interaction.userId,
  };
}

function componentMessage(app: FakeApp, interaction: RecordedInteraction): StoredMessage {
  const message =
    interaction.componentMessageId === null
      ? undefined
      : app.state.liveMessage(interaction.componentMessageId);
  if (!message) throw Errors.unknownMessage();
  return message;
}

function autocompleteChoices(data: unknown): APIApplicationCommandOptionChoice[] {
  const choices = recordArray(asRecord(data)['choices']);
  const errors = new FormErrors();
  if (choices.length > LIMITS.autocompleteChoices) {
    errors.add(
      ['data', 'choices'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.autocompleteChoices} or fewer in length.`,
    );
  }
  choices.forEach((choice, i) => {
    const name = choice['name'];
    if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
      errors.add(
        ['data', 'choices', i, 'name'],
        'BASE_TYPE_BAD_LENGTH',
        'Must be between 1 and 100 in length.',
      );
    }
  });
  errors.throwIfAny();
  return choices as unknown as APIApplicationCommandOptionChoice[];
}

/** The body of `?with_response=true` (InteractionCallbackResponse). */
function callbackResponse(
  app: FakeApp,
  interaction: RecordedInteraction,
  type: InteractionResponseType,
  message: StoredMessage | null,
) {
  return {
    interaction: {
      id: interaction.id,
      type: interaction.type,
      ...(message
        ? {
            response_message_id: message.id,
            response_message_loading: (message.flags & MessageFlags.Loading) !== 0,
            response_message_ephemeral: message.visibleTo !== null,
          }
        : {}),
    },
    resource: { type, ...(message ? { message: apiMessage(app.state, message) } : {}) },
  };
}
