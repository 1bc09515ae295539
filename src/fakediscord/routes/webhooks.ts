import { InteractionResponseType, MessageFlags } from 'discord.js';
import { Errors } from '../errors';
import type { RecordedInteraction } from '../interactions';
import { parseMessageInput } from '../message-input';
import type { StoredMessage } from '../model';
import { apiMessage } from '../serialize';
import { interactionMessageContext } from './interactions';
import { noContent, ok, param, type RouteContext, type RouteDefinition } from './types';

/** Interaction webhook routes: follow-ups and @original / follow-up message edits with the interaction token. */
export function webhookRoutes(): RouteDefinition[] {
  const message = '/webhooks/:appId/:token/messages/:messageId';
  return [
    { method: 'POST', template: '/webhooks/:appId/:token', auth: false, handler: followUp },
    { method: 'GET', template: message, auth: false, handler: getWebhookMessage },
    { method: 'PATCH', template: message, auth: false, handler: editWebhookMessage },
    { method: 'DELETE', template: message, auth: false, handler: deleteWebhookMessage },
  ];
}

/** The acknowledged interaction behind the token: 10015 unknown / not yet acknowledged, 50027 expired. */
function acknowledgedInteraction(ctx: RouteContext): RecordedInteraction {
  const { app, req } = ctx;
  const interaction = app.interactions.forWebhook(
    param(ctx, 'appId'),
    app.applicationId,
    param(ctx, 'token'),
    req.receivedAt,
  );
  if (!interaction.callback) throw Errors.unknownWebhook();
  return interaction;
}

/** `@original` or a follow-up of this interaction; 10008 otherwise. */
function webhookMessage(ctx: RouteContext, interaction: RecordedInteraction): StoredMessage {
  const id = param(ctx, 'messageId');
  const messageId = id === '@original' ? interaction.responseMessageId : id;
  const belongs =
    messageId !== null &&
    (messageId === interaction.responseMessageId || interaction.followUpIds.includes(messageId));
  const message = belongs ? ctx.app.state.liveMessage(messageId) : undefined;
  if (!message) throw Errors.unknownMessage();
  return message;
}

function getWebhookMessage(ctx: RouteContext) {
  const message = webhookMessage(ctx, acknowledgedInteraction(ctx));
  return ok(apiMessage(ctx.app.state, message));
}

function editWebhookMessage(ctx: RouteContext) {
  const message = webhookMessage(ctx, acknowledgedInteraction(ctx));
  const edited = ctx.app.messages.edit(message, parseMessageInput(ctx.req.json), ctx.req.files);
  return ok(apiMessage(ctx.app.state, edited));
}

function deleteWebhookMessage(ctx: RouteContext) {
  ctx.app.state.markDeleted(webhookMessage(ctx, acknowledgedInteraction(ctx)));
  return noContent();
}

/**
 * A follow-up message. Like Discord, the first follow-up after a deferred reply (type 5) that is still
 * "thinking" fills in that reply instead of creating a new message.
 */
function followUp(ctx: RouteContext) {
  const { app, req } = ctx;
  const interaction = acknowledgedInteraction(ctx);
  const input = parseMessageInput(req.json);
  const original =
    interaction.responseMessageId === null ? undefined : app.state.liveMessage(interaction.responseMessageId);
  const fillsDeferred =
    interaction.callback?.type === InteractionResponseType.DeferredChannelMessageWithSource &&
    original !== undefined &&
    (original.flags & MessageFlags.Loading) !== 0;
  const message = fillsDeferred
    ? app.messages.edit(original, input, req.files)
    : createFollowUp(ctx, interaction, input);
  if (req.query.get('wait') !== 'true') return noContent();
  return ok(apiMessage(app.state, message));
}

function createFollowUp(
  ctx: RouteContext,
  interaction: RecordedInteraction,
  input: ReturnType<typeof parseMessageInput>,
): StoredMessage {
  if (!ctx.app.state.findChannel(interaction.channelId)) throw Errors.unknownChannel();
  const context = interactionMessageContext(ctx.app, interaction, interaction.responseMessageId);
  const message = ctx.app.messages.create(input, ctx.req.files, context);
  interaction.followUpIds.push(message.id);
  return message;
}
