import { EventEmitter } from 'node:events';
import {
  ChannelType,
  GatewayDispatchEvents,
  MessageType,
  type APIApplicationCommand,
  type APIApplicationCommandOptionChoice,
  type APIMessage,
} from 'discord.js';
import type { FakeApp, ResolvedOptions } from './app';
import { CrashSimulator, type CrashHandle, type CrashRule } from './crashes';
import { FaultInjector, type FaultHandle, type FaultRule } from './faults';
import { Gateway } from './gateway';
import { FakeHttpServer } from './http/server';
import {
  idOf,
  InteractionFactory,
  type AutocompleteInput,
  type ButtonInput,
  type SelectMenuInput,
  type SlashCommandInput,
} from './interaction-factory';
import { InteractionRegistry, RecordedInteraction, type InteractionInit } from './interactions';
import { MessageFactory } from './messages';
import type {
  FakeChannel,
  FakeMember,
  FakeRole,
  FakeUser,
  RegisteredCommand,
  RestLogEntry,
  StoredAttachment,
  StoredMessage,
} from './model';
import {
  DEFAULT_BOT_PERMISSIONS,
  hasPermissions,
  permissionBits,
  permissionNames,
  type PermissionName,
} from './permissions';
import { channelRoutes } from './routes/channels';
import { commandRoutes } from './routes/commands';
import { interactionRoutes } from './routes/interactions';
import { metaRoutes } from './routes/meta';
import { threadRoutes } from './routes/threads';
import { webhookRoutes } from './routes/webhooks';
import {
  resolveOptions,
  type FakeDiscordChange,
  type FakeDiscordEvents,
  type FakeDiscordOptions,
  type GuildSetup,
  type InteractionOutcome,
  type MessageQuery,
  type NewFakeUser,
  type NewGuild,
  type NewThread,
  type PermissionChange,
  type StartResult,
} from './api-types';
import { GatewayMirror } from './gateway-mirror';
import { apiMessage } from './serialize';
import { FakeState, type StateChange } from './state';
import { afterPost, checkPost } from './threads';

/** A local Discord: REST API, gateway and attachment server in one process. See index.ts for a guide. */
export class FakeDiscord extends EventEmitter<FakeDiscordEvents> {
  readonly state: FakeState;
  readonly bot: FakeUser;
  readonly applicationId: string;
  readonly options: ResolvedOptions & { port: number };
  /** Every REST request, in arrival order. */
  readonly requests: RestLogEntry[] = [];

  private readonly app: FakeApp;
  private readonly registry: InteractionRegistry;
  private readonly factory: InteractionFactory;
  private readonly faults = new FaultInjector();
  private readonly crashes = new CrashSimulator();
  private readonly gateway: Gateway;
  private readonly server: FakeHttpServer;
  private readonly mirror: GatewayMirror;
  private port = 0;
  private started = false;
  private stopped = false;

  constructor(options: FakeDiscordOptions = {}) {
    super();
    this.setMaxListeners(0);
    this.options = resolveOptions(options);
    this.registry = new InteractionRegistry({
      responseTimeoutMs: this.options.interactionResponseTimeoutMs,
      tokenLifetimeMs: this.options.interactionTokenLifetimeMs,
    });
    this.gateway = new Gateway({
      token: this.options.token,
      heartbeatIntervalMs: this.options.heartbeatIntervalMs,
      privilegedIntents: this.options.privilegedIntents,
      gatewayUrl: () => this.gatewayUrl,
      maxGuildsPerSession: this.options.maxGuildsPerSession,
      readyData: (sessionId, shard) => this.mirror.readyData(sessionId, shard),
      guildCreates: (shard) => this.mirror.guildCreates(shard),
      guildCount: (shard) => this.mirror.guildCount(shard),
      membersChunk: (guildId, userIds) => this.mirror.membersChunk(guildId, userIds),
      sessionReady: (sessionId) => this.emit('gatewayReady', sessionId),
    });
    this.state = new FakeState((change) => this.onStateChange(change));
    this.applicationId = options.applicationId ?? this.state.ids.next();
    this.bot = this.state.addUser({
      id: this.applicationId,
      username: options.botUsername ?? 'Hare',
      bot: true,
    });
    this.mirror = new GatewayMirror(this.state, this.bot, () => this.gatewayUrl);
    this.app = this.createApp();
    this.factory = new InteractionFactory(this.app);
    this.server = new FakeHttpServer({
      app: this.app,
      faults: this.faults,
      crashes: this.crashes,
      gateway: this.gateway,
      routes: [
        ...metaRoutes(),
        ...commandRoutes(),
        ...channelRoutes(),
        ...threadRoutes(),
        ...interactionRoutes(),
        ...webhookRoutes(),
      ],
      onRequest: (entry) => {
        this.requests.push(entry);
        this.emit('request', entry);
      },
    });
  }

  // ---- lifecycle -----------------------------------------------------------------------------------------

  async start(): Promise<StartResult> {
    if (this.started) throw new Error('FakeDiscord: already started');
    if (this.stopped) {
      throw new Error('FakeDiscord: a stopped instance cannot be restarted; create a new one');
    }
    this.port = await this.server.listen(this.options.port);
    this.started = true;
    return { port: this.port, baseUrl: this.baseUrl, apiUrl: this.apiUrl, gatewayUrl: this.gatewayUrl };
  }

  /** Closes every socket and the server. Destroy discord.js clients first, or they will try to reconnect. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopped = true;
    this.faults.clear();
    await this.gateway.close();
    await this.server.close();
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get apiUrl(): string {
    return `${this.baseUrl}/api`;
  }

  /** The API's address for client `client`: its requests are logged with that tag (RestLogEntry.client). */
  apiUrlFor(client: number): string {
    return `${this.baseUrl}/c${client}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }

  /** `rest` options for `new Client({ intents, rest: fake.restOptions() })`. */
  restOptions(): { api: string } {
    if (!this.started) throw new Error('FakeDiscord: call start() first');
    return { api: this.apiUrl };
  }

  /** Gateway sessions with an open websocket. */
  get connectedSessions(): number {
    return this.gateway.connectedSessions;
  }

  /** The shards of the open gateway sessions, as `[id, count]`. */
  get connectedShards(): [number, number][] {
    return this.gateway.connectedShards;
  }

  /** The most bot-token requests (all connections together) the global limit counted in one window of a second. */
  get peakRequestsPerSecond(): number {
    return this.server.peakRequestsPerSecond;
  }

  /**
   * Requests by the limit Discord counts them against (`global`: bot-token routes; `interaction`: the
   * callback and webhook routes of interaction tokens, outside the global limit), and the 429s of per-route
   * limits (`routeLimits`).
   */
  get requestCounts(): { global: number; interaction: number; perRouteRefused: number } {
    return this.server.requestCounts;
  }

  /** The bot is removed from a guild (kicked or the guild deleted): GUILD_DELETE, and no access there any more. */
  removeBotFromGuild(guildId: string): void {
    this.state.removeBotFromGuild(guildId, this.bot.id);
  }

  /** A guild outage: GUILD_DELETE with `unavailable: true`; the bot stays in the guild. */
  markGuildUnavailable(guildId: string): void {
    this.state.markGuildUnavailable(guildId);
  }

  /** Sends op 7 RECONNECT to every client (they reconnect and RESUME). */
  requestReconnect(): void {
    this.gateway.requestReconnect();
  }

  // ---- world setup ---------------------------------------------------------------------------------------

  /** A guild with an owner, the bot (with its managed role) and text channels. */
  addGuild(input: NewGuild = {}): GuildSetup {
    const count = this.state.guilds.size + 1;
    const owner = this.state.addUser({ username: `owner${count}`, globalName: `Guild Owner ${count}` });
    const guild = this.state.addGuild({
      ...(input.id !== undefined ? { id: input.id } : {}),
      name: input.name ?? `Test Guild ${count}`,
      ownerId: owner.id,
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
    });
    if (input.everyonePermissions) {
      this.state.updateRole(guild.id, { permissions: permissionBits(input.everyonePermissions) });
    }
    this.state.addMember(guild.id, owner.id);
    const botRole = this.state.addRole(guild.id, {
      name: this.bot.username,
      permissions: permissionBits(input.botPermissions ?? DEFAULT_BOT_PERMISSIONS),
      botId: this.bot.id,
    });
    this.state.addMember(guild.id, this.bot.id, { roleIds: [botRole.id] });
    const channels = (input.channels ?? ['general']).map((entry) =>
      this.state.addTextChannel(guild.id, typeof entry === 'string' ? { name: entry } : entry),
    );
    const channel = channels[0];
    if (!channel) throw new Error('FakeDiscord: a guild needs at least one channel');
    this.mirror.announce(guild.id);
    this.state.announceGuild(guild);
    return { guild, channel, channels, owner, botRole };
  }

  addTextChannel(guildId: string, name: string, options: { topic?: string; id?: string } = {}): FakeChannel {
    return this.state.addTextChannel(guildId, { name, ...options });
  }

  /** A forum channel (type 15): it holds only threads, its posts (see `addThread({ type: 'forum-post' })`). */
  addForumChannel(guildId: string, name: string, options: { id?: string } = {}): FakeChannel {
    return this.state.addTextChannel(guildId, { name, type: ChannelType.GuildForum, ...options });
  }

  /**
   * A thread (dispatched as THREAD_CREATE to a bot that can see it): public or private in a text channel, or a
   * forum post (a public thread in a forum channel, with its starter message by the owner).
   */
  addThread(input: NewThread): FakeChannel {
    const parent = this.state.channel(input.parentId);
    const forum = parent.type === ChannelType.GuildForum;
    if ((input.type === 'forum-post') !== forum) {
      throw new Error(
        `FakeDiscord: a ${input.type} thread cannot live in ${forum ? 'a forum' : 'a text'} channel`,
      );
    }
    const ownerId = input.ownerId ?? this.state.guild(parent.guildId).ownerId;
    const thread = this.state.addThread({
      parentId: parent.id,
      name: input.name,
      private: input.type === 'private',
      ownerId,
      ...(input.id !== undefined ? { id: input.id } : {}),
      ...(input.archived !== undefined ? { archived: input.archived } : {}),
      ...(input.locked !== undefined ? { locked: input.locked } : {}),
      ...(input.invitable !== undefined ? { invitable: input.invitable } : {}),
      ...(input.members ? { memberIds: input.members } : {}),
    });
    if (forum) {
      this.app.messages.create({ content: input.starterMessage ?? input.name }, [], {
        channelId: thread.id,
        authorId: ownerId,
        type: MessageType.Default,
        origin: 'user',
        webhookId: null,
        interaction: null,
        ephemeralUserId: null,
      });
    }
    return thread;
  }

  /** Archives/unarchives, locks/unlocks a thread, like a moderator (THREAD_UPDATE). */
  setThreadState(threadId: string, patch: { archived?: boolean; locked?: boolean }): FakeChannel {
    return this.state.setThreadState(threadId, patch);
  }

  /** Adds users to a thread (the bot being added hears THREAD_CREATE with its member object). */
  addThreadMembers(threadId: string, userIds: readonly (string | FakeUser)[]): void {
    this.state.addThreadMembers(threadId, userIds.map(idOf));
  }

  removeThreadMember(threadId: string, user: string | FakeUser): void {
    this.state.removeThreadMember(threadId, idOf(user));
  }

  /** Whether a user is a member of a thread. */
  isThreadMember(threadId: string, user: string | FakeUser): boolean {
    const userId = idOf(user);
    return this.state.channel(threadId).thread?.members.some((m) => m.userId === userId) ?? false;
  }

  deleteChannel(channelId: string): void {
    this.state.deleteChannel(channelId);
  }

  /** A user who joins the given guilds (default: all existing ones), optionally with extra permissions. */
  addUser(input: NewFakeUser): FakeUser {
    const user = this.state.addUser({
      username: input.username,
      globalName: input.globalName ?? null,
      ...(input.id !== undefined ? { id: input.id } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
    });
    for (const guildId of input.guilds ?? [...this.state.guilds.keys()]) {
      const roleIds = (input.roles ?? []).filter((id) => this.state.roles.get(id)?.guildId === guildId);
      if (input.permissions && input.permissions.length > 0) {
        const name = `${input.username} permissions`;
        roleIds.push(
          this.state.addRole(guildId, { name, permissions: permissionBits(input.permissions) }).id,
        );
      }
      this.state.addMember(guildId, user.id, { roleIds });
    }
    return user;
  }

  addRole(
    guildId: string,
    input: { name: string; permissions?: readonly PermissionName[]; color?: number },
  ): FakeRole {
    return this.state.addRole(guildId, {
      name: input.name,
      permissions: permissionBits(input.permissions ?? []),
      ...(input.color !== undefined ? { color: input.color } : {}),
    });
  }

  /** Adds a user to a guild, or gives an existing member more roles / a nickname. */
  addMember(
    guildId: string,
    userId: string,
    input: { roles?: string[]; nick?: string | null } = {},
  ): FakeMember {
    return this.state.addMember(guildId, userId, {
      ...(input.roles ? { roleIds: input.roles } : {}),
      ...(input.nick !== undefined ? { nick: input.nick } : {}),
    });
  }

  setRolePermissions(roleId: string, permissions: readonly PermissionName[]): void {
    this.state.updateRole(roleId, { permissions: permissionBits(permissions) });
  }

  /** Guild-wide permissions of the bot (its managed role). */
  setBotGuildPermissions(guildId: string, permissions: readonly PermissionName[]): void {
    const role = this.state.guildRoles(guildId).find((r) => r.botId === this.bot.id);
    if (!role) throw new Error(`FakeDiscord: the bot has no role in guild ${guildId}`);
    this.setRolePermissions(role.id, permissions);
  }

  /** A member overwrite for the bot in one channel, e.g. `{ deny: ['AttachFiles'] }`; empty: remove it. */
  setBotChannelPermissions(channelId: string, change: PermissionChange): void {
    this.setChannelPermissions(channelId, { userId: this.bot.id }, change);
  }

  /** A channel permission overwrite for a user or a role (the guild id is @everyone); empty: remove it. */
  setChannelPermissions(
    channelId: string,
    target: { userId: string } | { roleId: string },
    change: PermissionChange,
  ): void {
    const id = 'userId' in target ? target.userId : target.roleId;
    const allow = permissionBits(change.allow ?? []);
    const deny = permissionBits(change.deny ?? []);
    if (allow === 0n && deny === 0n) return this.state.removeOverwrite(channelId, id);
    this.state.setOverwrite(channelId, { id, type: 'userId' in target ? 1 : 0, allow, deny });
  }

  /** Effective permissions of a user in a channel. */
  permissionsOf(userId: string, channelId: string): PermissionName[] {
    return permissionNames(this.state.channelPermissions(channelId, userId));
  }

  // ---- acting as users -----------------------------------------------------------------------------------

  /** A user runs a slash command (type 2). */
  slashCommand(input: SlashCommandInput): RecordedInteraction {
    return this.inject(this.factory.command(input));
  }

  /** A user types into an autocomplete option (type 4); resolves to the bot's choices. */
  async autocomplete(
    input: AutocompleteInput & { timeoutMs?: number },
  ): Promise<APIApplicationCommandOptionChoice[]> {
    const interaction = this.inject(this.factory.autocomplete(input));
    const outcome = await this.waitForResponse(interaction, input.timeoutMs);
    return outcome.choices ?? [];
  }

  /** A user clicks a button (type 3, component_type 2). */
  clickButton(input: ButtonInput): RecordedInteraction {
    return this.inject(this.factory.button(input));
  }

  /** A user picks values in a string select (type 3, component_type 3). */
  selectMenu(input: SelectMenuInput): RecordedInteraction {
    return this.inject(this.factory.selectMenu(input));
  }

  /** A user posts a plain message (dispatched as MESSAGE_CREATE to clients with the GuildMessages intent). */
  postUserMessage(input: {
    user: string | FakeUser;
    channel: string | FakeChannel;
    content: string;
  }): StoredMessage {
    const userId = idOf(input.user);
    const channelId = idOf(input.channel);
    const channel = this.state.channel(channelId);
    const permissions = this.state.channelPermissions(channelId, userId);
    try {
      if (!hasPermissions(permissions, 'ViewChannel')) throw new Error('no View Channel');
      checkPost(channel, permissions);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`FakeDiscord: user ${userId} may not send messages in ${channelId} (${why})`);
    }
    const message = this.app.messages.create({ content: input.content }, [], {
      channelId,
      authorId: userId,
      type: MessageType.Default,
      origin: 'user',
      webhookId: null,
      interaction: null,
      ephemeralUserId: null,
    });
    afterPost(this.state, channel, userId);
    return message;
  }

  /** Makes a message `ms` older (its edits by the bot are refused with 30046 once it is over an hour old). */
  ageMessage(messageId: string, ms: number): void {
    const message = this.state.liveMessage(messageId);
    if (!message) throw new Error(`FakeDiscord: message ${messageId} does not exist`);
    message.createdAt -= ms;
  }

  /** Someone (a moderator) deletes a message; the bot's next edit of it gets 10008. */
  deleteMessage(messageId: string): void {
    const message = this.state.liveMessage(messageId);
    if (!message) throw new Error(`FakeDiscord: message ${messageId} does not exist`);
    this.state.markDeleted(message);
  }

  /**
   * Makes an interaction `ms` older: once it is older than `interactionTokenLifetimeMs` (Discord: 15 minutes)
   * its token's webhook calls get 401 / 50027, as after that long on Discord.
   */
  ageInteraction(interaction: RecordedInteraction, ms: number): void {
    interaction.sentAt -= ms;
  }

  /** Makes an interaction's token invalid now: callbacks get 10062, webhook calls 50027. */
  expireInteraction(interaction: RecordedInteraction): void {
    interaction.forcedExpired = true;
  }

  // ---- waiting -------------------------------------------------------------------------------------------

  /** Resolves at the interaction's first callback (default timeout: the response deadline + 1 s). */
  waitForResponse(interaction: RecordedInteraction, timeoutMs?: number): Promise<InteractionOutcome> {
    const timeout = timeoutMs ?? this.options.interactionResponseTimeoutMs + 1000;
    return this.waitFor(
      () => (interaction.callback ? this.outcome(interaction) : undefined),
      timeout,
      () =>
        `no response to interaction ${describe(interaction)} within ${timeout} ms (delivered to ${interaction.deliveredTo} session(s))`,
    );
  }

  /** Resolves when the outcome is complete: the reply, the update, or the edit/follow-up after a deferral. */
  waitForFinal(interaction: RecordedInteraction, timeoutMs = 10_000): Promise<InteractionOutcome> {
    return this.waitFor(
      () => (interaction.finalAtHr !== null ? this.outcome(interaction) : undefined),
      timeoutMs,
      () =>
        `interaction ${describe(interaction)} not final within ${timeoutMs} ms (first callback: ${interaction.callback?.type ?? 'none'})`,
    );
  }

  /** Resolves with the first message (newest first, deleted ones included) that matches. */
  waitForMessage(predicate: (message: StoredMessage) => boolean, timeoutMs = 5000): Promise<StoredMessage> {
    return this.waitFor(
      () => [...this.state.messages.values()].reverse().find(predicate),
      timeoutMs,
      () => `no matching message within ${timeoutMs} ms`,
    );
  }

  /** Resolves with the first logged REST request that matches. */
  waitForRequest(predicate: (entry: RestLogEntry) => boolean, timeoutMs = 5000): Promise<RestLogEntry> {
    return this.waitFor(
      () => this.requests.find(predicate),
      timeoutMs,
      () => `no matching request within ${timeoutMs} ms`,
    );
  }

  /** Polls `probe` now and after every change or request until it returns a value. */
  waitFor<T>(probe: () => T | undefined, timeoutMs: number, describeFailure: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        try {
          const value = probe();
          if (value === undefined) return;
          cleanup();
          resolve(value);
        } catch (error) {
          // A throwing probe must not break the request or change that triggered it.
          cleanup();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`FakeDiscord: ${describeFailure()}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.off('change', check);
        this.off('request', check);
      };
      this.on('change', check);
      this.on('request', check);
      check();
    });
  }

  // ---- inspection ----------------------------------------------------------------------------------------

  /** Every injected interaction, in order. */
  get interactions(): readonly RecordedInteraction[] {
    return this.registry.all;
  }

  lastInteraction(): RecordedInteraction | undefined {
    return this.registry.all.at(-1);
  }

  /** Messages of a channel, oldest first. */
  messages(channelId: string, query: MessageQuery = {}): StoredMessage[] {
    return this.state
      .channelMessages(channelId)
      .filter((m) => query.includeDeleted || !m.deleted)
      .filter((m) => query.visibleTo === undefined || m.visibleTo === null || m.visibleTo === query.visibleTo)
      .filter((m) => !query.publicOnly || m.visibleTo === null)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  latestMessage(channelId: string, query: MessageQuery = {}): StoredMessage | undefined {
    return this.messages(channelId, query).at(-1);
  }

  /** A message by id, deleted ones included. */
  message(id: string): StoredMessage | undefined {
    return this.state.messages.get(id);
  }

  /** The bytes of an attachment, by id, URL or stored attachment. */
  attachmentBytes(ref: string | StoredAttachment): Buffer {
    if (typeof ref !== 'string') return ref.data;
    const id = ref.startsWith('http') ? (new URL(ref).pathname.split('/')[3] ?? '') : ref;
    const attachment = this.state.attachments.get(id);
    if (!attachment) throw new Error(`FakeDiscord: unknown attachment ${ref}`);
    return attachment.data;
  }

  /** A stored message as Discord's API would return it (for pages and snapshots). */
  apiMessage(message: StoredMessage): APIMessage {
    return apiMessage(this.state, message);
  }

  /** Registered commands of one scope: null = global (default), or a guild id. */
  commands(guildId: string | null = null): APIApplicationCommand[] {
    return this.state.getCommands(guildId);
  }

  allCommands(): RegisteredCommand[] {
    return this.state.allCommands();
  }

  // ---- fault injection -----------------------------------------------------------------------------------

  /** Makes matching REST requests fail with 429 (with rate-limit headers) or 5xx. */
  /**
   * The bot dies at the next request matching `rule` (before Discord applies it, or after, without the bot
   * learning the answer); every later request with its token or for its interactions is left unanswered.
   * Restart the bot with another token to go on.
   */
  crashAt(rule: CrashRule): CrashHandle {
    return this.crashes.arm(rule);
  }

  /** After a crash: the dead bot's interaction tokens are taken again (see CrashSimulator). */
  reviveInteractionTokens(): void {
    this.crashes.reviveInteractionTokens();
  }

  failNext(rule: FaultRule): FaultHandle {
    return this.faults.add(rule);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  // ---- internals -----------------------------------------------------------------------------------------

  private createApp(): FakeApp {
    const state = this.state;
    return {
      state,
      messages: new MessageFactory(state, () => this.baseUrl, this.options.maxFileBytes),
      interactions: this.registry,
      bot: this.bot,
      applicationId: this.applicationId,
      options: this.options,
      baseUrl: () => this.baseUrl,
      gatewayUrl: () => this.gatewayUrl,
      guildCount: () => this.mirror.announcedCount,
      interactionResponded: (interaction) => this.emitChange({ kind: 'interactionResponse', interaction }),
    };
  }

  private inject(init: InteractionInit): RecordedInteraction {
    const interaction = new RecordedInteraction(init);
    this.registry.add(interaction);
    interaction.deliveredTo = this.gateway.dispatch(
      GatewayDispatchEvents.InteractionCreate,
      interaction.payload,
      null,
      interaction.payload.guild_id ?? null,
    );
    this.emitChange({ kind: 'interactionCreate', interaction });
    return interaction;
  }

  private outcome(interaction: RecordedInteraction): InteractionOutcome {
    const callback = interaction.callback;
    if (!callback) throw new Error('FakeDiscord: interaction has no response yet');
    const id = interaction.responseMessageId;
    return {
      interaction,
      type: callback.type,
      latencyMs: callback.latencyMs,
      finalLatencyMs: interaction.finalLatencyMs,
      message: id === null ? undefined : this.state.messages.get(id),
      choices: interaction.choices,
      ephemeral: interaction.ephemeral,
    };
  }

  private onStateChange(change: StateChange): void {
    this.registry.noteChange(change);
    // `mirror` is still unset while the constructor creates the bot user (no dispatch for that anyway).
    const dispatch = this.mirror?.dispatchFor(change);
    if (dispatch) this.gateway.dispatch(dispatch.event, dispatch.data, dispatch.intent, dispatch.guildId);
    this.emitChange(change);
    if (change.kind === 'messageCreate' || change.kind === 'messageDelete') {
      this.emit(change.kind, change.message);
    } else if (change.kind === 'messageUpdate') {
      this.emit('messageUpdate', change.message, change.previous);
    }
  }

  private emitChange(change: FakeDiscordChange): void {
    this.emit('change', change);
    if (change.kind === 'interactionCreate' || change.kind === 'interactionResponse') {
      this.emit(change.kind, change.interaction);
    }
  }
}

function describe(interaction: RecordedInteraction): string {
  const what = interaction.commandName ? `/${interaction.commandName}` : (interaction.customId ?? '');
  return `${interaction.id} (${interaction.kind} ${what})`;
}
