/**
 * npm run start:sharded — the bot in several processes, one per shard, started and restarted by discord.js's
 * ShardingManager (no process manager of our own). Each process runs `src/main.ts` for its shard (the manager
 * sets discord.js's SHARD_COUNT and SHARDS for it) and drives the games of the shard whose lease it holds; a process that
 * dies is started again, and its successor takes the shard's games over at once (the dead one's pid is gone on this
 * machine: src/lease-holders.ts), without waiting for its lease to run out.
 * HARE_SHARD_COUNT: a number, or auto (the count Discord recommends for the bot's servers).
 */
import 'dotenv/config';
import { REST, Routes, ShardingManager } from 'discord.js';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config';
import { BOT_NODE_OPTIONS } from './bot-node-options';
import { noArguments } from './args';

noArguments('npm run start:sharded');

/**
 * The bot each process runs: `src/main.ts` through tsx, or from the production build (dist/start-sharded.js,
 * `npm run start:sharded:prod`) `main.js` beside it with plain Node.
 */
function botEntry(): { file: string; execArgv: string[] } {
  const built = import.meta.url.endsWith('.js');
  if (built)
    return {
      file: fileURLToPath(new URL('./main.js', import.meta.url)),
      execArgv: [...BOT_NODE_OPTIONS, '--enable-source-maps'],
    };
  return {
    file: fileURLToPath(new URL('../src/main.ts', import.meta.url)),
    // tsx found from here, so the processes start whatever their working folder.
    execArgv: ['--import', createRequire(import.meta.url).resolve('tsx'), ...BOT_NODE_OPTIONS],
  };
}

/** How long a shard process may take to shut down on SIGTERM (the bot's own grace is 5 s). */
const STOP_GRACE_MS = 10_000;

/** Between two processes' gateway logins: Discord lets most bots IDENTIFY once every 5 seconds. */
const SPAWN_DELAY_MS = 5500;

async function shardCount(token: string, api: string | undefined, setting: number | 'auto'): Promise<number> {
  if (setting !== 'auto') return setting;
  const rest = new REST(api ? { api } : {}).setToken(token);
  const { shards } = (await rest.get(Routes.gatewayBot())) as { shards: number };
  return shards;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DISCORD_TOKEN)
    throw new Error('DISCORD_TOKEN is not set: the sharded bot runs on Discord only');
  const totalShards = await shardCount(config.DISCORD_TOKEN, config.DISCORD_API_URL, config.HARE_SHARD_COUNT);
  const bot = botEntry();
  const manager = new ShardingManager(bot.file, {
    totalShards,
    token: config.DISCORD_TOKEN,
    mode: 'process',
    respawn: true,
    execArgv: bot.execArgv,
  });
  let stopping = false;
  manager.on('shardCreate', (shard) => {
    console.log(`shard ${shard.id} of ${totalShards}: process started`);
    shard.on('death', () => {
      if (!stopping) console.log(`shard ${shard.id}: process ended, starting it again`);
    });
  });
  // Each process gets SIGTERM and is waited for: it sends its pending board edits and closes the database.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const running = [...manager.shards.values()]
      .map((shard) => shard.process)
      .filter(
        (child): child is ChildProcess =>
          child !== null && child.exitCode === null && child.signalCode === null,
      );
    const exited = running.map((child) => new Promise((done) => child.once('exit', done)));
    for (const shard of manager.shards.values()) shard.kill();
    const late = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), STOP_GRACE_MS);
    void Promise.all(exited).then(() => {
      clearTimeout(late);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Each process is waited for until its gateway connection is ready.
  await manager.spawn({ delay: SPAWN_DELAY_MS, timeout: 120_000 });
  console.log(`all ${totalShards} shard processes are up`);
}

main().catch((error: unknown) => {
  console.error('the sharded bot could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
