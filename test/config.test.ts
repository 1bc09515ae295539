import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  CONFIG_VARIABLES,
  ConfigError,
  keepDiscordShardVariablesOut,
  loadConfig,
  shardSettings,
  TIMER_MAX_MS,
} from '../src/config';
import { defaultWorkerCount } from '../src/defaults';
import { SPEED_FACTORS } from '../src/games/options';

describe('configuration', () => {
  it('has sensible defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      DATABASE_PATH: './data/hare.db',
      AI_TURN_DELAY_MS: 1500,
      HUMAN_TURN_TIMEOUT_MS: 600_000,
      IDLE_POLICY: 'computer',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'auto',
      SANDBOX_PORT: 3000,
      METRICS_HOST: '127.0.0.1',
      ARENA_HOST: '127.0.0.1',
      HEALTH_MIN_FREE_MB: 100,
      BACKUP_DIR: './data/backups',
      BACKUP_INTERVAL_HOURS: 0,
      BACKUP_KEEP: 7,
      RATE_LIMIT_BURST: 8,
      RATE_LIMIT_REFILL_MS: 500,
      SIMULATIONS_PER_MINUTE: 5,
      MAX_LOBBIES_PER_USER: 3,
      MAX_LOBBIES_PER_SERVER: 25,
      LOBBY_IDLE_MINUTES: 15,
      HARE_SHARD_COUNT: 'auto',
      LEASE_SECONDS: 30,
      BACKGROUND_REDRAWS: 4,
      RENDER_WORKERS: defaultWorkerCount(),
      COMPUTER_WORKERS: defaultWorkerCount(),
    });
  });

  it('starts one worker of each pool per core but one by default, at least one and at most four', () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultWorkerCount(cores))).toEqual([1, 1, 2, 3, 4, 4, 4]);
  });

  it('reads the workers a process starts, and refuses a count that is not a whole number of at least 1', () => {
    const config = loadConfig({ RENDER_WORKERS: '1', COMPUTER_WORKERS: '3' });
    expect([config.RENDER_WORKERS, config.COMPUTER_WORKERS]).toEqual([1, 3]);
    expect(loadConfig({ RENDER_WORKERS: '', COMPUTER_WORKERS: '' })).toMatchObject({
      RENDER_WORKERS: defaultWorkerCount(),
      COMPUTER_WORKERS: defaultWorkerCount(),
    });
    for (const name of ['RENDER_WORKERS', 'COMPUTER_WORKERS'])
      for (const value of ['0', '-1', '1.5', 'two', '100000']) {
        let problems: string[] = [];
        try {
          loadConfig({ [name]: value });
        } catch (error) {
          problems = (error as ConfigError).problems;
        }
        expect(problems, `${name}=${value}`).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
      }
  });

  it('runs every shard in one process by default, without leases', () => {
    expect(shardSettings(loadConfig({}), {})).toEqual({
      count: 'auto',
      ids: [],
      leaseMs: 30_000,
      renewEveryMs: 10_000,
    });
  });

  it('reads the shard count, the shards of this process and the lease time', () => {
    const env = { HARE_SHARD_COUNT: '4', HARE_SHARD_IDS: '1, 3', LEASE_SECONDS: '9' };
    expect(shardSettings(loadConfig(env), env)).toEqual({
      count: 4,
      ids: [1, 3],
      leaseMs: 9000,
      renewEveryMs: 3000,
    });
    expect(shardSettings(loadConfig({ HARE_SHARD_COUNT: '3' }), {}).ids).toEqual([0, 1, 2]);
  });

  it("takes the shards discord.js's ShardingManager gives a process it spawned", () => {
    const managed = { SHARDING_MANAGER: 'true', SHARDS: '2', SHARD_COUNT: '4' };
    expect(shardSettings(loadConfig(managed), managed)).toMatchObject({ count: 4, ids: [2] });
    const cluster = { ...managed, SHARDS: '[1,3]' };
    expect(shardSettings(loadConfig(cluster), cluster)).toMatchObject({ count: 4, ids: [1, 3] });
    // The bot's own settings, inherited from the process that started the manager, give way to the manager's.
    const inherited = { ...managed, HARE_SHARD_COUNT: 'auto', HARE_SHARD_IDS: '' };
    expect(shardSettings(loadConfig(inherited), inherited)).toMatchObject({ count: 4, ids: [2] });
  });

  it("never collides with discord.js's SHARD_COUNT and SHARDS: auto or empty is the default", () => {
    for (const value of ['auto', '']) {
      const env: Record<string, string | undefined> = { SHARD_COUNT: value, HARE_SHARD_COUNT: value };
      expect(shardSettings(loadConfig(env), env)).toMatchObject({ count: 'auto', ids: [] });
      // Taken out before the discord.js client reads them (it would read SHARD_COUNT=auto as an invalid count).
      keepDiscordShardVariablesOut(env);
      expect(env).toEqual({ HARE_SHARD_COUNT: value });
    }
    const managed = { SHARDING_MANAGER: 'true', SHARDS: '[0]', SHARD_COUNT: '2' };
    keepDiscordShardVariablesOut(managed);
    expect(managed).toEqual({ SHARDING_MANAGER: 'true', SHARDS: '[0]', SHARD_COUNT: '2' });
  });

  it('refuses the old names SHARD_COUNT and SHARD_IDS with a number, rather than drop them silently', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SHARD_COUNT: '4', SHARD_IDS: '0,1' })).toEqual([
      expect.stringMatching(/^SHARD_COUNT: the bot reads HARE_SHARD_COUNT/),
      expect.stringMatching(/^SHARD_IDS: the bot reads HARE_SHARD_IDS/),
    ]);
    expect(problems({ SHARD_COUNT: 'auto', SHARD_IDS: '' })).toEqual([]);
  });

  it('refuses shard settings that cannot work, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ HARE_SHARD_COUNT: 'many' })).toEqual([expect.stringMatching(/^HARE_SHARD_COUNT: /)]);
    expect(problems({ HARE_SHARD_COUNT: '0' })).toEqual([expect.stringMatching(/^HARE_SHARD_COUNT: /)]);
    expect(problems({ HARE_SHARD_IDS: '0,1' })).toEqual([
      expect.stringMatching(/^HARE_SHARD_IDS: needs a number/),
    ]);
    expect(problems({ HARE_SHARD_COUNT: '2', HARE_SHARD_IDS: '1,2' })).toEqual([
      expect.stringMatching(/below HARE_SHARD_COUNT/),
    ]);
    expect(problems({ HARE_SHARD_COUNT: '2', HARE_SHARD_IDS: '1,x' })).toEqual([
      expect.stringMatching(/^HARE_SHARD_IDS: /),
    ]);
    expect(problems({ HARE_SHARD_COUNT: '2', HARE_SHARD_IDS: '1,1' })).toEqual([
      expect.stringMatching(/twice/),
    ]);
    expect(problems({ LEASE_SECONDS: '1' })).toEqual([expect.stringMatching(/^LEASE_SECONDS: /)]);
  });

  it('refuses every duration a timer cannot hold (Node fires a timer over 2^31-1 ms at once)', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    const slowest = Math.max(...Object.values(SPEED_FACTORS));
    // Each setting's longest wait in milliseconds: the value, in its unit, that a timer waits at most.
    const longest: Record<string, (value: number) => number> = {
      AI_TURN_DELAY_MS: (value) => value * slowest,
      HUMAN_TURN_TIMEOUT_MS: (value) => value,
      RATE_LIMIT_REFILL_MS: (value) => value,
      BACKUP_INTERVAL_HOURS: (value) => value * 3_600_000,
      LOBBY_IDLE_MINUTES: (value) => value * 60_000,
      LEASE_SECONDS: (value) => value * 1000,
    };
    expect(problems({ HUMAN_TURN_TIMEOUT_MS: '3000000000' })).toEqual([
      expect.stringMatching(/^HUMAN_TURN_TIMEOUT_MS: must be at most 2147483647 /),
    ]);
    for (const [name, wait] of Object.entries(longest)) {
      const max = Number(/at most (\d+)/.exec(problems({ [name]: '9'.repeat(12) })[0] ?? '')?.[1]);
      expect(wait(max), name).toBeLessThanOrEqual(TIMER_MAX_MS);
      expect(wait(max + 1), name).toBeGreaterThan(TIMER_MAX_MS);
      expect(problems({ [name]: String(max) }), name).toEqual([]);
      expect(problems({ [name]: String(max + 1) }), name).toEqual([expect.stringMatching(`^${name}: `)]);
    }
  });

  it('treats empty variables (as in a copied .env.example) as unset', () => {
    const config = loadConfig({
      DISCORD_TOKEN: '',
      DISCORD_CLIENT_ID: '',
      AI_TURN_DELAY_MS: '',
      LOG_LEVEL: '',
    });
    expect(config.DISCORD_TOKEN).toBeUndefined();
    expect(config.AI_TURN_DELAY_MS).toBe(1500);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DISCORD_TOKEN: 'abc.def.ghi',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_GUILD_ID: '876543210987654321',
      DATABASE_PATH: '/tmp/x.db',
      AI_TURN_DELAY_MS: '250',
      HUMAN_TURN_TIMEOUT_MS: '60000',
      IDLE_POLICY: 'skip',
      LOG_LEVEL: 'debug',
      SANDBOX_PORT: '0',
      LOG_FORMAT: 'json',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      HEALTH_MIN_FREE_MB: '500',
      BACKUP_DIR: '/var/backups/hare',
      BACKUP_INTERVAL_HOURS: '24',
      BACKUP_KEEP: '3',
      RETENTION_DAYS: '365',
    });
    expect(config).toMatchObject({
      LOG_FORMAT: 'json',
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
      HEALTH_MIN_FREE_MB: 500,
      BACKUP_DIR: '/var/backups/hare',
      BACKUP_INTERVAL_HOURS: 24,
      BACKUP_KEEP: 3,
      RETENTION_DAYS: 365,
      AI_TURN_DELAY_MS: 250,
      IDLE_POLICY: 'skip',
      SANDBOX_PORT: 0,
      DISCORD_GUILD_ID: '876543210987654321',
    });
  });

  it('names every bad variable in one clear error', () => {
    let caught: unknown;
    try {
      loadConfig({
        AI_TURN_DELAY_MS: 'soon',
        IDLE_POLICY: 'nap',
        DISCORD_CLIENT_ID: 'my-bot',
        SANDBOX_PORT: '70000',
        RETENTION_DAYS: '0',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const name of [
      'AI_TURN_DELAY_MS',
      'IDLE_POLICY',
      'DISCORD_CLIENT_ID',
      'SANDBOX_PORT',
      'RETENTION_DAYS',
    ])
      expect(message).toContain(name);
    expect((caught as ConfigError).problems).toHaveLength(5);
  });

  it('documents every variable in .env.example and in the README', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(10);
    for (const name of CONFIG_VARIABLES) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(readme, name).toContain(`| \`${name}\``);
    }
  });
});
