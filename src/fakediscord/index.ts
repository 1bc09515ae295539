/**
 * FakeDiscord: a local Discord (REST API + gateway websocket + attachment files) on one HTTP server on
 * 127.0.0.1, good enough for the real discord.js 14 `Client` to log in, receive interactions and answer them.
 * It records everything (messages with their files and edit history, every REST request, every interaction
 * with its response latency) and emits change events, for end-to-end tests, a browser sandbox and benchmarks.
 *
 * ## Quick start
 * ```ts
 * const fake = new FakeDiscord();
 * const { guild, channel } = fake.addGuild({ name: 'Burrow', channels: ['general'] });
 * const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
 * const mod = fake.addUser({ username: 'mod', permissions: ['ManageMessages'] });
 * await fake.start(); // random free port
 *
 * const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: fake.restOptions() });
 * await client.login('any-token'); // ({ token: '...' } in the options makes other tokens fail with 401/4004)
 *
 * const ix = fake.slashCommand({ user: alice, channel, name: 'hare', subcommand: 'new', options: { players: 3 } });
 * const first = await fake.waitForResponse(ix); // first callback: type, latencyMs, message
 * const final = await fake.waitForFinal(ix);    // after deferReply + editReply: the filled-in message
 * fake.clickButton({ user: alice, messageId: final.message!.id, customId: 'move:3' });
 *
 * await client.destroy();
 * await fake.stop();
 * ```
 *
 * ## What to know
 * - Messages are `StoredMessage`s: current `content`/`embeds`/`components`/`attachments` (with `data` bytes and a
 *   local `url`), `history` of earlier revisions (`editCount`), `deleted`, and `visibleTo`: null for public
 *   messages, the user id for ephemeral ones (flags & 64). `fake.messages(channelId, { visibleTo: userId })`
 *   shows what that user sees. They are stored as Discord stores them: components carry a numeric `id`
 *   (numbered from 1 depth first, passing over ids sent; two alike are refused), selects `min_values` /
 *   `max_values`, embed fields `inline`. Answers have the shape of Discord's documented message object
 *   (test/fakediscord/message-shape.test.ts checks them against its OpenAPI description).
 * - An interaction's outcome: `waitForResponse` resolves at the first callback (4 reply, 5 deferred reply,
 *   6 deferred update, 7 update, 8 choices, 9 modal); `waitForFinal` also waits for the edit that fills a
 *   deferral (5: PATCH @original or first follow-up; 6: any edit of the component message or a follow-up).
 *   `outcome.message` is the reply (4/5) or the component message (6/7). A deferred reply has flags & 128
 *   (Loading) until it is filled in.
 * - Timing rules like Discord's: the first callback must arrive within `interactionResponseTimeoutMs` (3 s) or
 *   it gets 10062; a second callback gets 40060; webhook calls with a token never issued or older than its
 *   lifetime (15 min; `ageInteraction(ix, ms)` ages one, `expireInteraction` ends it) get 401 / 50027, with or
 *   without the bot's `Authorization` (a 401 to a request that carried it makes @discordjs/rest forget the
 *   bot's token: send these with `auth: false`; `requests[n].authorized` tells which carried it). Every
 *   interaction records `latencyMs` and `finalLatencyMs`.
 * - Permissions are computed like Discord (roles, channel overwrites, implicit rules). Channel routes check the
 *   bot's permissions (50001 without ViewChannel, 50013 without SendMessages / AttachFiles / EmbedLinks);
 *   interaction responses and follow-ups do not need channel permissions (as on Discord). Interactions carry
 *   `app_permissions` and the member's `permissions` for the channel.
 * - Threads: `addThread({ parentId, name, type: 'public' | 'private' | 'forum-post', archived?, locked?, members? })`
 *   (a forum post is a public thread in a channel from `addForumChannel`, with a starter message by its owner);
 *   `setThreadState(id, { archived?, locked? })`, `addThreadMembers` / `removeThreadMember`. A thread has its
 *   parent's permissions; posting there needs SendMessagesInThreads (50013 otherwise, whatever SendMessages says),
 *   and what sending allows (files, embeds) follows it; a private thread is invisible (no permissions, 50001)
 *   to non-members without ManageThreads; a locked thread takes posts only with ManageThreads (160005); a post in
 *   an archived thread unarchives it, while edits and deletions there get 50083; the sender of a post joins the
 *   thread. The bot hears of the threads it can see: GUILD_CREATE `threads` (active ones, with its member
 *   object), THREAD_CREATE (also when it is added), THREAD_UPDATE, THREAD_DELETE; it may join with
 *   `PUT /channels/{id}/thread-members/@me`, and start one with `POST /channels/{id}/threads` (a text channel,
 *   Create Public or Private Threads, private when no type is given; 201, THREAD_CREATE, the bot its first
 *   member). Interactions from a thread carry the thread as `channel`, with `app_permissions` computed for it.
 *   A forum channel takes no messages (50008) and no commands.
 * - Injection helpers throw for things a Discord client would not allow (unknown option, an option out of its
 *   registered range, type or length, disabled button, a select value that is not an option, an ephemeral
 *   message of someone else) so broken tests fail fast; `forged: true` / `forgedCustomId` send them anyway, as a
 *   tampered client could, for tests of the bot's own checks.
 * - What Discord refuses, the fake refuses: `allowed_mentions` is validated and applied (`message.pinged` says
 *   who a new message notified; edits notify no one), registration limits (names, lengths, choices, option
 *   types, subcommands mixed with options, 8,000 characters per command, 100 commands, `contexts` and
 *   `integration_types`), component rules (labels, placeholder ≤ 150, value counts, unique values), edits of a
 *   message over an hour old get 30046 (`ageMessage(id, ms)` ages one), bodies over 25 MiB get 413, and an
 *   IDENTIFY with a privileged intent the application lacks is closed with 4014 (option `privilegedIntents`).
 * - Sharding as on Discord: IDENTIFY's `shard: [id, count]` decides which guilds a session hears of (READY,
 *   GUILD_CREATE, events and interactions go to shard `(guild_id >> 22) % count`, direct messages to shard 0);
 *   a session that would hold more than `maxGuildsPerSession` guilds (Discord: 2,500) is closed with 4011, a
 *   bad shard with 4010; `/gateway/bot` recommends one shard per `guildsPerRecommendedShard` guilds.
 *   `connectedShards` lists the open sessions' shards; `removeBotFromGuild(id)` sends GUILD_DELETE (and the
 *   bot loses access there), `markGuildUnavailable(id)` an outage's GUILD_DELETE with `unavailable`.
 * - One global budget per bot token across every connection and process (`globalRequestsPerSecond`, Discord:
 *   50; interaction callbacks and interaction webhooks are exempt): the excess gets a global 429, and
 *   `peakRequestsPerSecond` is the fullest one-second window seen (windows counted as discord.js counts its own).
 * - Per-route buckets when `routeLimits` is given (`DISCORD_ROUTE_LIMITS`: 5 message writes per 5 s per
 *   channel, 5 requests per 2 s per interaction token): answers carry the bucket's `X-RateLimit-*` headers and
 *   the excess gets a 429 with `global: false`, which discord.js waits out and sends again. `requestCounts`
 *   counts requests by kind (global-bound or interaction) and the per-route refusals.
 * - `failNext({ route, status: 401 | 429 | 500, count | durationMs })` makes REST calls fail (401 on a webhook
 *   route is an expired token's 50027); @discordjs/rest retries
 *   429s after `retry-after` and 5xx up to 3 times (the 4th 5xx in a row becomes an HTTPError).
 * - `crashAt({ route, when: 'before' | 'after' })` kills the bot at a request: Discord skips or applies it and
 *   the bot never hears back; later requests with that bot token (or for interactions it had) hang. Messages
 *   sent with `nonce` and `enforce_nonce` return the bot's earlier message of that nonce (for `nonceWindowMs`).
 * - `apiUrlFor(n)` is the API at an address of client `n`'s own: its requests are logged with `client: n` (a
 *   benchmark's processes, told apart without a proxy in between).
 * - Attachments are served at `http://127.0.0.1:PORT/attachments/{channel}/{attachment}/{filename}`;
 *   `attachment://name` in embeds is resolved to that URL.
 * - Events: `change` (every change, as a discriminated union), `messageCreate`, `messageUpdate`, `messageDelete`,
 *   `interactionCreate`, `interactionResponse`, `request`, `gatewayReady`.
 * - Destroy discord.js clients before `stop()`; a new client may log in again at any time (new session).
 */
export { FakeDiscord } from './fake-discord';
export type {
  FakeDiscordChange,
  FakeDiscordEvents,
  FakeDiscordOptions,
  GuildSetup,
  InteractionOutcome,
  MessageQuery,
  NewFakeUser,
  NewGuild,
  NewTextChannel,
  NewThread,
  PermissionChange,
  StartResult,
} from './api-types';
export type { FaultHandle, FaultRule } from './faults';
export type { CrashHandle, CrashRule } from './crashes';
export type {
  AutocompleteInput,
  ButtonInput,
  OptionInput,
  OptionTypeName,
  OptionValue,
  SelectMenuInput,
  SlashCommandInput,
} from './interaction-factory';
export { RecordedInteraction, type InteractionCallbackRecord, type InteractionKind } from './interactions';
export type {
  FakeChannel,
  FakeChannelType,
  FakeThreadMember,
  FakeThreadState,
  FakeGuild,
  FakeMember,
  FakeRole,
  FakeUser,
  MessageContent,
  MessageInteractionLink,
  MessageOrigin,
  RegisteredCommand,
  RestLogEntry,
  StoredAttachment,
  StoredMessage,
} from './model';
export {
  ALL_PERMISSIONS,
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_EVERYONE_PERMISSIONS,
  permissionBits,
  permissionNames,
  type PermissionName,
} from './permissions';
export { snowflakeTimestamp } from './snowflake';
export { DISCORD_ROUTE_LIMITS, type RouteLimit, type RouteLimits } from './route-limits';
export { shardOf, type ShardInfo } from './sharding';
