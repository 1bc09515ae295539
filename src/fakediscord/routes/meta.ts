import { ApplicationFlags, type APIApplication } from 'discord.js';
import type { FakeApp } from '../app';
import { Errors } from '../errors';
import { hasPermissions } from '../permissions';
import { recommendedShardCount } from '../sharding';
import { apiChannel, apiCurrentUser, apiGuildCreate, apiMember, apiRole, apiUser } from '../serialize';
import { ok, param, type RouteContext, type RouteDefinition } from './types';

/** Gateway discovery, the bot's user and application, guilds, members, channels. */
export function metaRoutes(): RouteDefinition[] {
  return [
    { method: 'GET', template: '/gateway/bot', auth: true, handler: gatewayBot },
    { method: 'GET', template: '/gateway', auth: false, handler: ({ app }) => ok({ url: app.gatewayUrl() }) },
    { method: 'GET', template: '/users/@me', auth: true, handler: ({ app }) => ok(apiCurrentUser(app.bot)) },
    { method: 'GET', template: '/users/:userId', auth: true, handler: getUser },
    {
      method: 'GET',
      template: '/applications/@me',
      auth: true,
      handler: ({ app }) => ok(apiApplication(app)),
    },
    {
      method: 'GET',
      template: '/oauth2/applications/@me',
      auth: true,
      handler: ({ app }) => ok(apiApplication(app)),
    },
    { method: 'GET', template: '/guilds/:guildId', auth: true, handler: getGuild },
    { method: 'GET', template: '/guilds/:guildId/channels', auth: true, handler: getGuildChannels },
    { method: 'GET', template: '/guilds/:guildId/roles', auth: true, handler: getGuildRoles },
    { method: 'GET', template: '/guilds/:guildId/members/:userId', auth: true, handler: getMember },
    { method: 'GET', template: '/channels/:channelId', auth: true, handler: getChannel },
  ];
}

function gatewayBot({ app }: RouteContext) {
  return ok({
    url: app.gatewayUrl(),
    shards: recommendedShardCount(app.guildCount(), app.options.guildsPerRecommendedShard),
    session_start_limit: {
      total: 1000,
      remaining: 1000,
      reset_after: 0,
      max_concurrency: app.options.identifyMaxConcurrency,
    },
  });
}

export function apiApplication(app: FakeApp): APIApplication {
  return {
    id: app.applicationId,
    name: app.bot.username,
    icon: null,
    description: '',
    summary: '',
    bot_public: true,
    bot_require_code_grant: false,
    bot: apiUser(app.bot),
    verify_key: '0'.repeat(64),
    team: null,
    flags: ApplicationFlags.GatewayMessageContentLimited,
    flags_new: String(ApplicationFlags.GatewayMessageContentLimited),
    approximate_guild_count: app.state.guilds.size,
    interactions_endpoint_url: null,
    redirect_uris: [],
  };
}

function getUser(ctx: RouteContext) {
  const user = ctx.app.state.users.get(param(ctx, 'userId'));
  if (!user) throw Errors.unknownUser();
  return ok(apiUser(user));
}

function knownGuild(ctx: RouteContext): string {
  const guildId = param(ctx, 'guildId');
  if (!ctx.app.state.guilds.has(guildId)) throw Errors.unknownGuild();
  return guildId;
}

function getGuild(ctx: RouteContext) {
  const guildId = knownGuild(ctx);
  const {
    members: _members,
    channels: _channels,
    presences: _p,
    voice_states: _v,
    ...guild
  } = apiGuildCreate(ctx.app.state, guildId, ctx.app.bot.id);
  return ok(guild);
}

function getGuildChannels(ctx: RouteContext) {
  return ok(ctx.app.state.guildChannels(knownGuild(ctx)).map(apiChannel));
}

function getGuildRoles(ctx: RouteContext) {
  return ok(ctx.app.state.guildRoles(knownGuild(ctx)).map(apiRole));
}

function getMember(ctx: RouteContext) {
  const member = ctx.app.state.member(knownGuild(ctx), param(ctx, 'userId'));
  if (!member) throw Errors.unknownMember();
  return ok(apiMember(ctx.app.state, member));
}

function getChannel(ctx: RouteContext) {
  const { state, bot } = ctx.app;
  const channel = state.findChannel(param(ctx, 'channelId'));
  if (!channel) throw Errors.unknownChannel();
  if (!hasPermissions(state.channelPermissions(channel.id, bot.id), 'ViewChannel')) {
    throw Errors.missingAccess();
  }
  return ok(apiChannel(channel));
}
