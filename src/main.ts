import path from 'node:path';
import 'dotenv/config';
import { commands } from '../commands/index';
import { GAMES } from './games/index';
import { createBot, type Bot } from './bot/bot';
import { deployCommands } from './bot/deploy';
import {
  botLimits,
  ConfigError,
  keepDiscordShardVariablesOut,
  loadConfig,
  serviceLimits,
  shardSettings,
  type Config,
} from './config';
import { createLogger, defaultLogFormat, type Logger } from './logger';
import { BotMetrics } from './ops/metrics';
import { startOperations, type Operations } from './ops/operations';
import { startSandbox, type Sandbox } from './sandbox/index';
import { createComputerPool, type ComputerPool } from './workers/computer-pool';
import { GameService } from './service/index';
import { openStorage } from './store/open-storage';
import type { Storage } from './store/storage';
import { realClock } from './service/clock';
import { leaseHolderName, ShardOwnership } from './shard-process';
import { arenaSetup } from './arena/ws/start';
import type { ArenaServer } from './arena/ws/server';

const SANDBOX_DATABASE = './data/sandbox.db';
/** The sandbox channels' messages, kept like Discord keeps them, so a game resumes on its board after a restart. */
const SANDBOX_HISTORY = './data/sandbox-messages.json';

interface Running {
  bot: Bot;
  computers: ComputerPool;
  service: GameService;
  store: Storage;
  sandbox: Sandbox | null;
  operations: Operations;
  /** The shard leases, when the bot is sharded over processes (HARE_SHARD_COUNT a number). */
  ownership: ShardOwnership | null;
  /** The arena's WebSocket for outside programs (null unless ARENA_PORT is set). */
  arena: ArenaServer | null;
  /** What the person at the terminal is told once the bot is ready (the sandbox's address). */
  banner?: string;
}

interface Opened {
  store: Storage;
  service: GameService;
  computers: ComputerPool;
  /** The operator's figures, when METRICS_PORT asks for them. */
  metrics: BotMetrics | undefined;
  /** The render pool's queue, read when the metrics are scraped (the pool exists once the bot does). */
  renderQueue: { length: () => number };
  /** The shard leases this process drives by (none with HARE_SHARD_COUNT=auto: it drives every game). */
  ownership: ShardOwnership | null;
  arena: ArenaServer | null;
}

function readConfig(): Config {
  try {
    const config = loadConfig();
    keepDiscordShardVariablesOut();
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee .env.example for every variable and its meaning.`);
      process.exit(1);
    }
    throw error;
  }
}

async function openService(
  config: Config,
  database: { DATABASE_PATH: string; DATABASE_URL?: string },
  logger: Logger,
  ownership: (storage: Storage) => ShardOwnership | null = () => null,
): Promise<Opened> {
  const store = await openStorage({ ...database, DATABASE_POOL_SIZE: config.DATABASE_POOL_SIZE });
  logger.info(`database: ${store.engine} at ${store.location}`);
  const owner = ownership(store);
  logger.info(`worker threads: ${config.RENDER_WORKERS} render, ${config.COMPUTER_WORKERS} computer-player`);
  const computers = createComputerPool({
    workers: config.COMPUTER_WORKERS,
    onDegraded: (error) =>
      logger.warn(`computer-player workers unavailable, thinking on the main thread: ${error.message}`),
  });
  const arena = arenaSetup(config, logger);
  const service = new GameService({
    store,
    ...(arena.registry ? { programs: arena.registry } : {}),
    config: {
      aiTurnDelayMs: config.AI_TURN_DELAY_MS,
      humanTurnTimeoutMs: config.HUMAN_TURN_TIMEOUT_MS,
      idlePolicy: config.IDLE_POLICY,
      ...serviceLimits(config),
    },
    onError: (error, context) => logger.error(`service: ${context}`, error),
    chooser: (gameKey, state, level, seedKey) => computers.choose(gameKey, state, level, seedKey),
    ...(owner ? { ownership: owner } : {}),
  });
  const renderQueue = { length: () => 0 };
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : new BotMetrics({
          openGames: () => store.maintenance.openGames(),
          outboxDepth: () => store.maintenance.outboxDepth(),
          workerQueues: () => ({ render: renderQueue.length(), computer: computers.waiting() }),
          overdueGames: (olderThanMs) => service.overdueGames(olderThanMs),
        });
  const arenaServer = await arena.listen((token) => service.arenaTokens.verify(token));
  return { store, service, computers, metrics, renderQueue, ownership: owner, arena: arenaServer };
}

async function operate(config: Config, opened: Opened, bot: Bot, file: string, logger: Logger) {
  opened.renderQueue.length = () => bot.context.renderer.waiting?.() ?? 0;
  return startOperations({
    config,
    storage: opened.store,
    // A server's database is not on this disk: the disk check and the backups' names go by the backup folder.
    databaseFile: opened.store.engine === 'sqlite' ? file : path.join(config.BACKUP_DIR, 'hare.db'),
    logger,
    metrics: opened.metrics ?? null,
    gatewayConnected: () => bot.connected(),
    overdueGames: (olderThanMs) => opened.service.overdueGames(olderThanMs),
  });
}

/**
 * With a number of shards, this process drives only the games of the shards whose lease it holds (several
 * processes may share the database); with `auto` it is the only process and drives every game.
 */
function shardOwnership(config: Config, logger: Logger) {
  const shards = shardSettings(config);
  if (shards.count === 'auto') return () => null;
  const { count, ids, leaseMs, renewEveryMs } = shards;
  return (store: Storage) =>
    new ShardOwnership(
      store.leases,
      realClock,
      { holder: leaseHolderName(), shardCount: count, shards: ids, leaseMs, renewEveryMs },
      logger,
    );
}

async function runOnDiscord(config: Config, token: string, logger: Logger): Promise<Running> {
  const opened = await openService(config, config, logger, shardOwnership(config, logger));
  const { store, service, computers, metrics, ownership } = opened;
  const shards = shardSettings(config);
  const bot = createBot({
    service,
    logger,
    commands,
    metrics,
    limits: botLimits(config),
    tools: computers,
    renderWorkers: config.RENDER_WORKERS,
    ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}),
    shards: shards.count === 'auto' ? 'auto' : { ids: shards.ids, count: shards.count },
    ...(ownership ? { ownership } : {}),
    publisher: { backgroundRedraws: config.BACKGROUND_REDRAWS },
  });
  // Claimed before the service starts, so its first timers are those of the games of the held shards.
  await ownership?.start();
  ownership?.drive({ service, bot });
  await service.start();
  await bot.login(token);
  const operations = await operate(config, opened, bot, config.DATABASE_PATH, logger);
  if (!config.DISCORD_CLIENT_ID)
    logger.info('Register the slash commands with `npm run deploy-commands` (needs DISCORD_CLIENT_ID).');
  return { bot, service, store, computers, sandbox: null, operations, ownership, arena: opened.arena };
}

async function runSandbox(config: Config, logger: Logger): Promise<Running> {
  const sandbox = await startSandbox({ port: config.SANDBOX_PORT, logger, historyFile: SANDBOX_HISTORY });
  await deployCommands({
    commands,
    token: sandbox.token,
    clientId: sandbox.applicationId,
    guildId: sandbox.guildId,
    api: sandbox.apiUrl,
  });
  // The sandbox keeps its own SQLite file, unless the operator named a PostgreSQL database to try it on.
  const opened = await openService(
    config,
    { DATABASE_PATH: SANDBOX_DATABASE, DATABASE_URL: config.DATABASE_URL },
    logger,
  );
  const { store, service, computers, metrics } = opened;
  const bot = createBot({
    service,
    logger,
    commands,
    api: sandbox.apiUrl,
    metrics,
    limits: botLimits(config),
    tools: computers,
    renderWorkers: config.RENDER_WORKERS,
  });
  await service.start();
  await bot.login(sandbox.token);
  const operations = await operate(config, opened, bot, SANDBOX_DATABASE, logger);
  const banner = [
    '',
    '  The games bot is running in the local sandbox (no Discord account needed).',
    `  Open ${sandbox.pageUrl} and type ${GAMES.all.map((game) => `/${game.key} start`).join(' or ')} in the message box; switch players under "Play as" in the left column.`,
    '',
    '  To run on Discord instead: create an application and a bot at https://discord.com/developers/applications,',
    '  put DISCORD_TOKEN and DISCORD_CLIENT_ID in .env (see .env.example), run `npm run deploy-commands`, then `npm start`.',
    '',
  ].join('\n');
  return {
    bot,
    service,
    store,
    computers,
    sandbox,
    operations,
    ownership: null,
    arena: opened.arena,
    banner,
  };
}

async function shutDown(running: Running, logger: Logger): Promise<void> {
  logger.info('shutting down');
  await running.operations.close();
  await running.arena?.close();
  running.service.stop();
  await running.bot.destroy();
  // After the bot's last board edits: the next process takes the shards at once, without waiting for expiry.
  await running.ownership?.stop();
  await running.store.close();
  await running.computers.close();
  await running.sandbox?.stop();
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({
    level: config.LOG_LEVEL,
    secrets: [config.DISCORD_TOKEN],
    format: config.LOG_FORMAT === 'auto' ? defaultLogFormat() : config.LOG_FORMAT,
  });
  process.on('unhandledRejection', (reason) => logger.error('unhandled promise rejection', reason));
  // Listened for before the start: a process manager may stop the bot as soon as its gateway is ready, while
  // the rest still starts; the shutdown then waits for the start to finish.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received`);
    // A start that fails is reported (and exits) below.
    void started.then(
      (running) =>
        shutDown(running, logger).then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error('shutdown failed', error);
            process.exit(1);
          },
        ),
      () => undefined,
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const started = config.DISCORD_TOKEN
    ? runOnDiscord(config, config.DISCORD_TOKEN, logger)
    : runSandbox(config, logger);
  const running = await started;
  if (stopping) return;
  // Only now: whoever reads the address and then stops the bot finds it ready to stop cleanly.
  if (running.banner) console.log(running.banner);
}

main().catch((error: unknown) => {
  console.error('hare could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
