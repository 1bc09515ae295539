import { z } from 'zod';
import {
  DEFAULT_AI_TURN_DELAY_MS,
  DEFAULT_BACKGROUND_REDRAWS,
  DEFAULT_DATABASE_PATH,
  DEFAULT_HUMAN_TURN_TIMEOUT_MS,
  DEFAULT_IDLE_POLICY,
  defaultWorkerCount,
} from './defaults';
import { SPEED_FACTORS } from './games/options';

/** Turns an unset or empty variable into undefined, so defaults apply. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** A whole number of at least `min` (and at most `max`), or `fallback` when unset or empty. */
const whole = (fallback: number, min: number, max = Infinity) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? fallback : Number(v)),
    z.number().int().min(min).max(max),
  );

/** A whole number within [min, max], or undefined when unset (the feature is off). */
const optionalWhole = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().int().min(min).max(max).optional(),
  );

/** A TCP port (0: any free port). */
const port = (fallback: number) => whole(fallback, 0, 65535);
/** A TCP port, or undefined when unset (what listens on it is off). */
const optionalPort = () => optionalWhole(0, 65535);
/** A number of things (lobbies, copies, requests): 0 is allowed where `min` is 0. */
const count = (fallback: number, min = 0) => whole(fallback, min);
/** A number of things, or undefined when unset (no limit, or the engine's own default). */
const optionalCount = (min: number, max: number) => optionalWhole(min, max);
const megabytes = (fallback: number) => whole(fallback, 0);
/** A number of days, or undefined when unset (kept for ever). */
const optionalDays = (min: number, max: number) => optionalWhole(min, max);

/** The longest delay a Node timer holds: a longer one fires at once (and a repeating one spins). */
export const TIMER_MAX_MS = 2 ** 31 - 1;

/**
 * A duration in `msPerUnit` units that a timer waits, at most `scale` times over (a slow game waits 3 × the
 * computers' delay): a value a timer cannot hold is refused.
 */
const timerWait = (fallback: number, min: number, msPerUnit: number, scale = 1) => {
  const max = Math.floor(TIMER_MAX_MS / (msPerUnit * scale));
  return whole(fallback, min).pipe(
    z.number().max(max, { message: `must be at most ${max} (a longer wait is more than a timer can hold)` }),
  );
};
const durationMs = (fallback: number, min: number, scale = 1) => timerWait(fallback, min, 1, scale);
const seconds = (fallback: number, min: number) => timerWait(fallback, min, 1000);
const minutes = (fallback: number, min: number) => timerWait(fallback, min, 60_000);
const hours = (fallback: number, min: number) => timerWait(fallback, min, 3_600_000);

const snowflake = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{15,22}$/, 'must be a Discord id (a number of 15 to 22 digits)')
    .optional(),
);

/** `auto` (the count Discord recommends, every shard in this process) or a number of shards. */
const shardCount = z.preprocess(
  (v) => (v === '' || v === undefined ? 'auto' : v === 'auto' ? v : Number(v)),
  z.union([z.literal('auto'), z.number().int().min(1).max(10_000)], {
    message: 'must be auto or a whole number of shards (1 or more)',
  }),
);

/** A comma-separated list of shard ids (`0,1`), or undefined when unset (every shard). */
const shardIds = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be shard ids separated by commas, e.g. 0,1')
    .transform((list) => list.split(',').map(Number))
    .optional(),
);

/** Far more worker threads than cores is a typo, not a setting: each is a V8 heap of its own. */
const MAX_WORKERS = 256;

const configSchema = z.object({
  DISCORD_TOKEN: optionalText,
  DISCORD_CLIENT_ID: snowflake,
  DISCORD_GUILD_ID: snowflake,
  /** Discord's REST address, for a REST proxy in front of Discord (or a local fake); empty = Discord's own. */
  DISCORD_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATABASE_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().default(DEFAULT_DATABASE_PATH)),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//i, 'must be a PostgreSQL URL (postgres://user:password@host:port/database)')
      .optional(),
  ),
  DATABASE_POOL_SIZE: optionalCount(1, 1000),
  AI_TURN_DELAY_MS: durationMs(DEFAULT_AI_TURN_DELAY_MS, 0, Math.max(...Object.values(SPEED_FACTORS))),
  HUMAN_TURN_TIMEOUT_MS: durationMs(DEFAULT_HUMAN_TURN_TIMEOUT_MS, 1000),
  IDLE_POLICY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['computer', 'skip']).default(DEFAULT_IDLE_POLICY),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['auto', 'json', 'pretty']).default('auto'),
  ),
  SANDBOX_PORT: port(3000),
  METRICS_PORT: optionalPort(),
  METRICS_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('127.0.0.1')),
  HEALTH_MIN_FREE_MB: megabytes(100),
  /** The arena's WebSocket for outside players (docs/players-protocol.md): off (no socket) unless set. */
  ARENA_PORT: optionalPort(),
  ARENA_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('127.0.0.1')),
  BACKUP_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./data/backups')),
  BACKUP_INTERVAL_HOURS: hours(0, 0),
  BACKUP_KEEP: count(7, 1),
  RETENTION_DAYS: optionalDays(1, 100_000),
  RATE_LIMIT_BURST: count(8),
  RATE_LIMIT_REFILL_MS: durationMs(500, 10),
  SIMULATIONS_PER_MINUTE: count(5),
  MAX_LOBBIES_PER_USER: count(3),
  MAX_LOBBIES_PER_SERVER: count(25),
  LOBBY_IDLE_MINUTES: minutes(15, 0),
  // Not SHARD_COUNT: discord.js reads that one (and SHARDS) from the environment itself.
  HARE_SHARD_COUNT: shardCount,
  HARE_SHARD_IDS: shardIds,
  LEASE_SECONDS: seconds(30, 3),
  /** Board redraws nobody waits on that one process runs at once (0: no cap). */
  BACKGROUND_REDRAWS: count(DEFAULT_BACKGROUND_REDRAWS),
  /** Worker threads this process starts to draw images, and to think for computer players (and run tools). */
  RENDER_WORKERS: whole(defaultWorkerCount(), 1, MAX_WORKERS),
  COMPUTER_WORKERS: whole(defaultWorkerCount(), 1, MAX_WORKERS),
});

export type Config = z.infer<typeof configSchema>;

/** Every variable the bot reads (each is in .env.example and the README's table). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape) as (keyof Config)[];

/** The shards of this process and how it holds them (src/service/shard-leases.ts). */
export interface ShardSettings {
  /** `auto`: one process, every shard, the count Discord recommends; no leases (nothing to share). */
  count: number | 'auto';
  /** The shards this process connects for (with a number of shards). */
  ids: number[];
  leaseMs: number;
  /** A third of the lease, so two renewals may fail before it runs out. */
  renewEveryMs: number;
}

type Environment = Record<string, string | undefined>;

/**
 * The shards discord.js's ShardingManager gives a process it spawned (`SHARDING_MANAGER` set): `SHARDS` (one id,
 * or a JSON array) of `SHARD_COUNT`, discord.js's own variables, which win over HARE_SHARD_COUNT and
 * HARE_SHARD_IDS (the manager's process inherits those from the one that started it).
 */
function managedShards(env: Environment): { count: number; ids: number[] } | undefined {
  if (!env.SHARDING_MANAGER || env.SHARDS === undefined) return undefined;
  const count = Number(env.SHARD_COUNT);
  const ids = [JSON.parse(env.SHARDS) as unknown].flat();
  if (!Number.isInteger(count) || count < 1 || !ids.every((id) => Number.isInteger(id))) return undefined;
  return { count, ids: ids as number[] };
}

export function shardSettings(config: Config, env: Environment = process.env): ShardSettings {
  const leaseMs = config.LEASE_SECONDS * 1000;
  const renewEveryMs = Math.floor(leaseMs / 3);
  const managed = managedShards(env);
  if (managed) return { ...managed, leaseMs, renewEveryMs };
  const count = config.HARE_SHARD_COUNT;
  const ids =
    count === 'auto' ? [] : (config.HARE_SHARD_IDS ?? Array.from({ length: count }, (_, shard) => shard));
  return { count, ids, leaseMs, renewEveryMs };
}

/**
 * Outside a ShardingManager's process, discord.js's own SHARD_COUNT and SHARDS are taken out of the environment
 * before a client is made, so the client connects the shards the configuration gives it (discord.js would read
 * `SHARD_COUNT=auto`, or an empty one, as an invalid count and refuse to start).
 */
export function keepDiscordShardVariablesOut(env: Environment = process.env): void {
  if (env.SHARDING_MANAGER) return;
  delete env.SHARD_COUNT;
  delete env.SHARDS;
}

/** The shard settings that cannot stand together. */
function shardProblems(config: Config): string[] {
  const ids = config.HARE_SHARD_IDS;
  if (!ids) return [];
  if (config.HARE_SHARD_COUNT === 'auto')
    return [
      'HARE_SHARD_IDS: needs a number in HARE_SHARD_COUNT (with auto, one process connects every shard)',
    ];
  const count = config.HARE_SHARD_COUNT;
  if (ids.some((id) => id >= count))
    return [`HARE_SHARD_IDS: every shard id must be below HARE_SHARD_COUNT (${count})`];
  if (new Set(ids).size !== ids.length) return ['HARE_SHARD_IDS: a shard id is named twice'];
  return [];
}

/**
 * The bot's shard settings were once SHARD_COUNT and SHARD_IDS: a number or a list left under those names (not
 * under a ShardingManager, which sets SHARD_COUNT itself) would be dropped silently, so it is refused by name.
 */
function renamedShardProblems(env: Environment): string[] {
  if (env.SHARDING_MANAGER) return [];
  const set = (value: string | undefined) => value !== undefined && value !== '' && value !== 'auto';
  return [
    ...(set(env.SHARD_COUNT)
      ? ['SHARD_COUNT: the bot reads HARE_SHARD_COUNT (discord.js reads SHARD_COUNT itself): rename it']
      : []),
    ...(set(env.SHARD_IDS) ? ['SHARD_IDS: the bot reads HARE_SHARD_IDS: rename it'] : []),
  ];
}

/** A limit of 0 is no limit. */
const limit = (value: number): number | null => (value === 0 ? null : value);

/** The service's share of the limits: lobby caps and the idle time after which a lobby closes itself. */
export function serviceLimits(config: Config) {
  return {
    maxLobbiesPerUser: limit(config.MAX_LOBBIES_PER_USER),
    maxLobbiesPerServer: limit(config.MAX_LOBBIES_PER_SERVER),
    lobbyIdleMs: config.LOBBY_IDLE_MINUTES === 0 ? null : config.LOBBY_IDLE_MINUTES * 60_000,
  };
}

/** The bot's share of the limits: commands and clicks per user, simulations per user and minute. */
export function botLimits(config: Config) {
  return {
    burst: limit(config.RATE_LIMIT_BURST),
    refillMs: config.RATE_LIMIT_REFILL_MS,
    simulationsPerMinute: limit(config.SIMULATIONS_PER_MINUTE),
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the configuration; throws a ConfigError that names every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const problems = [...shardProblems(result.data), ...renamedShardProblems(env)];
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
}
