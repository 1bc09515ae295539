import { ChannelType } from 'discord.js';
import type { FakeChannel } from '../model';
import { Errors } from '../errors';
import { hasPermissions } from '../permissions';
import { apiThread, iso } from '../serialize';
import { checkChange, joinThread, startThread } from '../threads';
import { noContent, ok, param, type RouteContext, type RouteDefinition } from './types';

/**
 * Thread routes with the bot token: start a thread without a message (POST /channels/{id}/threads), and the
 * member routes: join (@me), leave (@me), add someone, and look a member up.
 */
export function threadRoutes(): RouteDefinition[] {
  const member = '/channels/:channelId/thread-members/:userId';
  return [
    { method: 'POST', template: '/channels/:channelId/threads', auth: true, handler: createThread },
    { method: 'PUT', template: member, auth: true, handler: addMember },
    { method: 'DELETE', template: member, auth: true, handler: removeMember },
    { method: 'GET', template: member, auth: true, handler: getMember },
  ];
}

/** The route's thread as the bot sees it: 10003 unknown, 50001 hidden, 50024 not a thread. */
function visibleThread(ctx: RouteContext): FakeChannel {
  const { state, bot } = ctx.app;
  const channel = state.findChannel(param(ctx, 'channelId'));
  if (!channel) throw Errors.unknownChannel();
  if (!hasPermissions(state.permissionsIn(channel, bot.id), 'ViewChannel')) throw Errors.missingAccess();
  if (!channel.thread) throw Errors.wrongChannelType();
  return channel;
}

function targetUser(ctx: RouteContext): string {
  const id = param(ctx, 'userId');
  return id === '@me' ? ctx.app.bot.id : id;
}

/**
 * PUT @me joins (see joinThread); PUT {user} adds a guild member: the bot must be able to post there, and in
 * a private thread that is not invitable it needs Manage Threads.
 */
function addMember(ctx: RouteContext) {
  const { state, bot } = ctx.app;
  const userId = targetUser(ctx);
  if (userId === bot.id) {
    const channel = state.findChannel(param(ctx, 'channelId'));
    if (!channel) throw Errors.unknownChannel();
    joinThread(state, channel, bot.id);
    return noContent();
  }
  const channel = visibleThread(ctx);
  const permissions = state.permissionsIn(channel, bot.id);
  checkChange(channel);
  if (!hasPermissions(permissions, 'SendMessagesInThreads')) throw Errors.missingPermissions();
  const mayInvite = channel.type !== ChannelType.PrivateThread || channel.thread?.invitable === true;
  if (!mayInvite && !hasPermissions(permissions, 'ManageThreads')) throw Errors.missingPermissions();
  if (!state.member(channel.guildId, userId)) throw Errors.unknownMember();
  state.addThreadMembers(channel.id, [userId]);
  return noContent();
}

/** DELETE @me leaves; removing someone else needs Manage Threads (or a private thread the bot owns). */
function removeMember(ctx: RouteContext) {
  const { state, bot } = ctx.app;
  const channel = visibleThread(ctx);
  const userId = targetUser(ctx);
  checkChange(channel);
  const owner = channel.thread?.ownerId === bot.id;
  if (userId !== bot.id && !owner && !hasPermissions(state.permissionsIn(channel, bot.id), 'ManageThreads')) {
    throw Errors.missingPermissions();
  }
  state.removeThreadMember(channel.id, userId);
  return noContent();
}

/** A thread member object, or 10007 when the user has not joined. */
function getMember(ctx: RouteContext) {
  const channel = visibleThread(ctx);
  const userId = targetUser(ctx);
  const member = channel.thread?.members.find((m) => m.userId === userId);
  if (!member) throw Errors.unknownMember();
  return ok({ id: channel.id, user_id: member.userId, join_timestamp: iso(member.joinedAt), flags: 0 });
}

/** Starts a thread in a text channel (see startThread); 201 with the thread's channel object. */
function createThread(ctx: RouteContext) {
  const { state, bot } = ctx.app;
  const parent = state.findChannel(param(ctx, 'channelId'));
  if (!parent) throw Errors.unknownChannel();
  const thread = startThread(state, parent, bot.id, ctx.req.json);
  return ok(apiThread(thread, { userId: bot.id, withIds: true }), 201);
}
