import { Client, Events, GatewayIntentBits, type ClientOptions, type Interaction } from 'discord.js';
import type { Logger } from '../logger';
import { ServiceGate, type GameService } from '../service/index';
import { EVERY_GAME, type GameOwnership } from '../service/context';
import type { ShardHandover } from '../service/shard-leases';
import { answerInTime } from './answer-in-time';
import { answerWhenHeld } from './unheld-interactions';
import { createRenderPool, type Renderer } from '../workers/render-pool';
import { createComputerPool, type ComputerPool, type ToolRunner } from '../workers/computer-pool';
import { BoardPublisher, type PublisherOptions } from './publishing/board-publisher';
import type { Command } from './command';
import { handleComponent } from './components';
import { openedPrivateControls } from './private-controls';
import type { BotContext } from './context';
import { instrumentClient } from './instrument';
import { clientCacheOptions } from './client-caches';
import { noteOutcome, outcomeOf } from './interaction-outcome';
import { attachLobbyExpiryNotes } from './lobby-expiry-notes';
import { attachGonePlaces } from './gone-places-listener';
import { budgetedRestOptions, requestsPerSecondOf, UrgentChannels } from './publishing/request-budget';
import { replyPrivately } from './respond';
import { languageOfLocale } from '../i18n/index';
import { UserLimits, type LimitSettings } from './user-limits';
import { RecentClicks } from './recent-clicks';
import type { BotMetrics } from '../ops/metrics';
import type { GatewayShards } from './gateway-shards';

export interface BotOptions {
  service: GameService;
  logger: Logger;
  /** The slash commands to answer (commands/index.ts: one per game). */
  commands: readonly Command[];
  /** REST base address (a local fake Discord); default: the real Discord. */
  api?: string;
  /** The computer level of new lobbies, for the games that have it (default: each game's own). */
  defaultComputerLevel?: string;
  publisher?: Partial<PublisherOptions>;
  /** Draws the images; default: a pool of worker threads, closed with the bot. */
  renderer?: Renderer;
  /** The worker threads of that default pool (RENDER_WORKERS; default: one per core but one, at most 4). */
  renderWorkers?: number;
  /** Runs the games' tools (main.ts: the computer players' pool); default: a worker of its own, closed with the bot. */
  tools?: ToolRunner;
  /**
   * The module file exporting the service's games as `GAMES`, which the bot's own workers import (default: the
   * bot's games, src/games/index.ts): set it when the service hosts games of its own.
   */
  gamesFile?: URL;
  /** The operator's figures (METRICS_PORT); none when absent. */
  metrics?: BotMetrics;
  /** Per-user limits on commands, clicks and simulations (src/config.ts); none when absent. */
  limits?: Partial<LimitSettings>;
  /**
   * The gateway shards this client connects: `auto` (every shard Discord recommends, in this process) or some
   * shards of `count` (the others are other processes'); default: discord.js's own (one shard).
   */
  shards?: GatewayShards;
  /**
   * The games this process drives, when several processes share the bot (default: every game); with the shard
   * handover, interactions for a connected shard not held yet are answered once it is (./unheld-interactions.ts).
   */
  ownership?: GameOwnership & Partial<ShardHandover>;
  /** How long after its creation a command or click still unanswered is acknowledged (./answer-in-time.ts). */
  answerWithinMs?: number;
}

function shardOptions(shards: GatewayShards | undefined): Pick<ClientOptions, 'shards' | 'shardCount'> {
  if (shards === undefined) return {};
  if (shards === 'auto') return { shards: 'auto' };
  return { shards: [...shards.ids], shardCount: shards.count };
}

export interface Bot {
  client: Client;
  context: BotContext;
  /** Whether the gateway connection is up (for /healthz). */
  connected(): boolean;
  login(token: string): Promise<void>;
  /**
   * The process gained or lost shards: the games it no longer owns stop being drawn here, and the channels of
   * the games of guilds `gained` names (null: it gained none) are settled as after a restart (once the client is
   * ready: until then the start's own settling covers them).
   */
  ownershipChanged(gained: ((guildId: string) => boolean) | null): Promise<void>;
  /** Stops taking interactions, sends pending board edits (waiting at most `graceMs`) and disconnects. */
  destroy(graceMs?: number): Promise<void>;
}

async function route(
  interaction: Interaction,
  context: BotContext,
  commandsByName: ReadonlyMap<string, Command>,
): Promise<void> {
  const slowDown = context.limits.refusal(interaction);
  if (slowDown !== null) {
    // Refused, not queued: a short private word, and the command or click is dropped.
    noteOutcome(interaction, 'refused');
    if (interaction.isChatInputCommand() || interaction.isMessageComponent())
      await replyPrivately(interaction, slowDown.textIn(languageOfLocale(interaction.locale)));
    return;
  }
  if (interaction.isChatInputCommand()) {
    await commandsByName.get(interaction.commandName)?.execute(interaction, context);
  } else if (interaction.isAutocomplete()) {
    await commandsByName.get(interaction.commandName)?.autocomplete?.(interaction, context);
  } else if (interaction.isMessageComponent()) {
    await handleComponent(interaction, context);
  }
  if (leftPrivateReply(interaction)) context.notePrivateReply(interaction);
}

/**
 * Whether the interaction was answered with a private message of its own below the board: not a refusal, not an
 * update of the message clicked, nor the private controls of Choose your move (removed once the move is chosen from them).
 */
function leftPrivateReply(interaction: Interaction): boolean {
  if (!interaction.isChatInputCommand() && !interaction.isMessageComponent()) return false;
  // A refusal is a short word read at once: not worth moving the board for.
  if (interaction.ephemeral !== true || outcomeOf(interaction) !== 'ok') return false;
  return !interaction.isMessageComponent() || !openedPrivateControls(interaction);
}

/** The discord.js client wired to the game service: interactions in, board messages out. */
export function createBot(options: BotOptions): Bot {
  // The channels where a person is to act: their requests go first when the budget is full.
  const urgent = new UrgentChannels();
  // Aborted when the bot is destroyed: the bot-token requests still waiting for the budget are not sent.
  const requestsStop = new AbortController();
  const client = new Client({
    // GuildMessages (not privileged): message events tell the board publisher when a board is buried.
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    ...clientCacheOptions(),
    // No partials: a deleted message is read from the raw event (publishing/buried-board.ts).
    // Nobody is pinged unless a message names whom (the turn mention names its player).
    allowedMentions: { parse: [], repliedUser: false },
    rest: {
      ...(options.api ? { api: options.api } : {}),
      // The processes of a sharded bot share Discord's global limit.
      ...budgetedRestOptions(
        requestsPerSecondOf(options.shards),
        urgent,
        undefined,
        undefined,
        requestsStop.signal,
      ),
    },
    ...shardOptions(options.shards),
  });
  const renderer =
    options.renderer ??
    createRenderPool({
      ...(options.gamesFile ? { gamesFile: options.gamesFile } : {}),
      ...(options.renderWorkers === undefined ? {} : { workers: options.renderWorkers }),
      onDegraded: (error) =>
        options.logger.warn(`render workers unavailable, drawing on the main thread: ${error.message}`),
    });
  let ownToolPool: ComputerPool | null = null;
  const tools: ToolRunner = options.tools ?? {
    runTool: (gameKey, toolName, values) => {
      ownToolPool ??= createComputerPool({
        workers: 1,
        ...(options.gamesFile ? { gamesFile: options.gamesFile } : {}),
        onDegraded: (error) =>
          options.logger.warn(`tool workers unavailable, running tools on the main thread: ${error.message}`),
      });
      return ownToolPool.runTool(gameKey, toolName, values);
    },
  };
  // The bot sees the service only through its gate: views of the games, never a raw state (docs/architecture.md).
  const service = new ServiceGate(options.service);
  const boards = new BoardPublisher(
    client,
    service,
    renderer,
    options.logger,
    options.publisher,
    options.ownership,
    urgent,
  );
  let ready = false;
  const context: BotContext = {
    service,
    renderer,
    tools,
    logger: options.logger,
    answerMoveWith: (gameId, interaction, drawnVersion) =>
      boards.answerMoveWith(gameId, interaction, drawnVersion),
    refreshBoardFor: (gameId, interaction) => boards.refreshFor(gameId, interaction),
    notePrivateReply: (interaction) =>
      interaction.channelId
        ? boards.notePrivateReply(interaction.channelId, interaction.user.id, interaction.id)
        : () => {},
    postingPaused: (gameId, language) => boards.pausedReason(gameId, language),
    editThroughToken: async (gameId, messageId, payload) =>
      (await boards.routes?.edit(gameId, messageId, payload)) ?? false,
    defaultComputerLevel: (module) =>
      options.defaultComputerLevel && module.computer.levels.includes(options.defaultComputerLevel)
        ? options.defaultComputerLevel
        : module.computer.defaultLevel,
    limits: new UserLimits(options.limits),
    recentClicks: new RecentClicks(),
  };
  const commandsByName = new Map(options.commands.map((command) => [command.data.name, command]));
  const detachBoards = boards.attach();
  const detachExpiryNotes = attachLobbyExpiryNotes(client, service, options.logger, boards.routes);
  const detachGonePlaces = attachGonePlaces(client, service, boards, options.logger);
  const detach = () => {
    detachBoards();
    detachExpiryNotes();
    detachGonePlaces();
  };
  client.once(Events.ClientReady, (readyClient) => {
    options.logger.info(
      `logged in as ${readyClient.user.tag}, in ${readyClient.guilds.cache.size} server(s)`,
    );
    ready = true;
    void boards.resume();
  });
  const instrumentation = instrumentClient(client, options.logger, options.metrics ?? null);
  const ownership = options.ownership ?? EVERY_GAME;
  const handover: ShardHandover | null =
    options.ownership?.triage && options.ownership.waitFor ? (options.ownership as ShardHandover) : null;
  client.on(Events.InteractionCreate, (interaction) => {
    const failed = (error: unknown) =>
      options.logger.error('unhandled interaction error', error, {
        guildId: interaction.guildId,
        channelId: interaction.channelId,
        userId: interaction.user.id,
      });
    const answer = () =>
      instrumentation.track(interaction, () => route(interaction, context, commandsByName)).catch(failed);
    // Another process holds this server's shard (two may be connected to it during a handover): a live holder
    // answers, a second answer would only be refused by Discord or win the race with the wrong process's view;
    // without one, this process answers once it holds the shard.
    if (interaction.guildId !== null && !ownership.ownsGuild(interaction.guildId)) {
      if (!handover) return;
      answerInTime(interaction, options.logger, options.answerWithinMs);
      void answerWhenHeld(interaction, interaction.guildId, handover, options.logger, answer).catch(failed);
      return;
    }
    answerInTime(interaction, options.logger, options.answerWithinMs);
    void answer();
  });
  client.on(Events.Error, (error) => options.logger.error('discord client error', error));
  return {
    client,
    context,
    connected: instrumentation.connected,
    async login(token) {
      await client.login(token);
    },
    async ownershipChanged(gained) {
      await boards.dropUnowned();
      if (ready && gained) await boards.resume(gained);
    },
    async destroy(graceMs = 5000) {
      client.removeAllListeners(Events.InteractionCreate);
      detach();
      await Promise.race([boards.idle(), new Promise((resolve) => setTimeout(resolve, graceMs))]);
      boards.stop();
      requestsStop.abort();
      await client.destroy();
      if (!options.renderer) await renderer.close();
      await ownToolPool?.close();
    },
  };
}
