import { MessageType } from 'discord.js';
import { Errors } from '../errors';
import { parseMessageInput, type MessageInput } from '../message-input';
import type { FakeChannel, StoredMessage } from '../model';
import { hasPermissions } from '../permissions';
import { apiMessage } from '../serialize';
import { afterPost, checkChange, checkPost } from '../threads';
import { noContent, ok, param, type RouteContext, type RouteDefinition } from './types';

/** Channel message routes used with the bot token: send, fetch, list, edit, delete. */
export function channelRoutes(): RouteDefinition[] {
  const messages = '/channels/:channelId/messages';
  return [
    { method: 'GET', template: messages, auth: true, handler: listMessages },
    { method: 'POST', template: messages, auth: true, handler: createMessage },
    { method: 'GET', template: `${messages}/:messageId`, auth: true, handler: getMessage },
    { method: 'PATCH', template: `${messages}/:messageId`, auth: true, handler: editMessage },
    { method: 'DELETE', template: `${messages}/:messageId`, auth: true, handler: deleteMessage },
    { method: 'POST', template: '/channels/:channelId/typing', auth: true, handler: typing },
  ];
}

const ONE_HOUR_MS = 60 * 60_000;

interface BotChannel {
  channel: FakeChannel;
  permissions: bigint;
}

/** The channel of the route, visible to the bot: 10003 when unknown, 50001 without ViewChannel. */
function botChannel(ctx: RouteContext): BotChannel {
  const { state, bot } = ctx.app;
  const channel = state.findChannel(param(ctx, 'channelId'));
  if (!channel) throw Errors.unknownChannel();
  const permissions = state.channelPermissions(channel.id, bot.id);
  if (!hasPermissions(permissions, 'ViewChannel')) throw Errors.missingAccess();
  return { channel, permissions };
}

/** A non-ephemeral, non-deleted message of the route's channel, or 10008. */
function channelMessage(ctx: RouteContext, channel: FakeChannel): StoredMessage {
  const message = ctx.app.state.liveMessage(param(ctx, 'messageId'));
  if (!message || message.channelId !== channel.id || message.visibleTo !== null) {
    throw Errors.unknownMessage();
  }
  return message;
}

/** Files need AttachFiles; embeds need EmbedLinks (50013, or the embeds are dropped in 'strip' mode). */
function checkContentPermissions(ctx: RouteContext, permissions: bigint, input: MessageInput): MessageInput {
  if (ctx.req.files.length > 0 && !hasPermissions(permissions, 'AttachFiles')) {
    throw Errors.missingPermissions();
  }
  if ((input.embeds?.length ?? 0) === 0 || hasPermissions(permissions, 'EmbedLinks')) return input;
  if (ctx.app.options.missingEmbedLinks === 'error') throw Errors.missingPermissions();
  return { ...input, embeds: [] };
}

/** Sending needs SendMessages (SendMessagesInThreads in a thread, with the rules of threads.ts). */
function createMessage(ctx: RouteContext) {
  const { channel, permissions } = botChannel(ctx);
  checkPost(channel, permissions);
  const input = checkContentPermissions(ctx, permissions, parseMessageInput(ctx.req.json));
  const earlier = sameNonce(ctx, channel, input);
  if (earlier) return ok(apiMessage(ctx.app.state, earlier));
  const message = ctx.app.messages.create(input, ctx.req.files, {
    channelId: channel.id,
    authorId: ctx.app.bot.id,
    type: MessageType.Default,
    origin: 'channel',
    webhookId: null,
    interaction: null,
    ephemeralUserId: null,
  });
  afterPost(ctx.app.state, channel, ctx.app.bot.id);
  return ok(apiMessage(ctx.app.state, message));
}

/** With enforce_nonce, the bot's recent message of the same nonce in this channel (Discord returns it). */
function sameNonce(ctx: RouteContext, channel: FakeChannel, input: MessageInput): StoredMessage | null {
  if (!input.enforceNonce || input.nonce === undefined) return null;
  const since = Date.now() - ctx.app.options.nonceWindowMs;
  const found = ctx.app.state
    .channelMessages(channel.id)
    .find(
      (message) =>
        message.nonce === input.nonce &&
        message.authorId === ctx.app.bot.id &&
        message.createdAt >= since &&
        !message.deleted,
    );
  return found ?? null;
}

function getMessage(ctx: RouteContext) {
  const { channel, permissions } = botChannel(ctx);
  if (!hasPermissions(permissions, 'ReadMessageHistory')) throw Errors.missingAccess();
  return ok(apiMessage(ctx.app.state, channelMessage(ctx, channel)));
}

function editMessage(ctx: RouteContext) {
  const { channel, permissions } = botChannel(ctx);
  const message = channelMessage(ctx, channel);
  if (message.authorId !== ctx.app.bot.id) throw Errors.cannotEditOthersMessage();
  checkChange(channel);
  // Discord allows only a few edits of a message older than an hour; the fake allows none.
  if (Date.now() - message.createdAt > ONE_HOUR_MS) throw Errors.oldMessageEdits();
  const input = checkContentPermissions(ctx, permissions, parseMessageInput(ctx.req.json));
  return ok(apiMessage(ctx.app.state, ctx.app.messages.edit(message, input, ctx.req.files)));
}

function deleteMessage(ctx: RouteContext) {
  const { channel, permissions } = botChannel(ctx);
  const message = channelMessage(ctx, channel);
  const own = message.authorId === ctx.app.bot.id;
  if (!own && !hasPermissions(permissions, 'ManageMessages')) throw Errors.missingPermissions();
  checkChange(channel);
  ctx.app.state.markDeleted(message);
  return noContent();
}

function listMessages(ctx: RouteContext) {
  const { channel, permissions } = botChannel(ctx);
  if (!hasPermissions(permissions, 'ReadMessageHistory')) return ok([]);
  const query = ctx.req.query;
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50) || 50));
  const before = query.get('before');
  const after = query.get('after');
  const visible = ctx.app.state
    .channelMessages(channel.id)
    .filter((m) => !m.deleted && m.visibleTo === null)
    .filter((m) => before === null || BigInt(m.id) < BigInt(before))
    .filter((m) => after === null || BigInt(m.id) > BigInt(after))
    .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  const page = after === null ? visible.slice(0, limit) : visible.slice(-limit);
  return ok(page.map((m) => apiMessage(ctx.app.state, m)));
}

function typing(ctx: RouteContext) {
  botChannel(ctx);
  return noContent();
}
