/**
 * The bot processes of bench:scale: `src/main.ts` started as an operator starts the processes of a sharded bot
 * by hand (SHARD_COUNT and each process's SHARD_IDS), each through its own recording proxy to the fake Discord
 * so the bench knows which process made which request. A killed process is started again at once, as
 * discord.js's ShardingManager does with `respawn`: the new process is a new lease holder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { RecordingProxy } from './proxy';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

export interface ProcessPlan {
  shardCount: number;
  /** Each process's shards. */
  shardIds: number[][];
  apiUrl: string;
  token: string;
  dir: string;
  /** The SQLite file (DATABASE_PATH), or a postgres:// URL passed as DATABASE_URL. */
  database: { path: string } | { url: string };
  leaseSeconds: number;
  aiTurnDelayMs: number;
  onOutput: (text: string) => void;
}

/** One running (or dead) bot process; a restart is a new instance with a new number. */
export interface BotInstance {
  /** 0, 1, … in order of start (the restarted process gets the next number). */
  instance: number;
  /** Which of the planned processes (slot) it runs. */
  slot: number;
  child: ChildProcess;
  startedAt: number;
  exit: Promise<number | null>;
}

export class BotProcesses {
  readonly instances: BotInstance[] = [];
  readonly proxy: RecordingProxy;
  private readonly slotOf = new Map<number, BotInstance>();
  private stopping = false;

  constructor(private readonly plan: ProcessPlan) {
    this.proxy = new RecordingProxy(plan.apiUrl);
  }

  async startAll(): Promise<void> {
    await this.proxy.start();
    for (let slot = 0; slot < this.plan.shardIds.length; slot++) this.start(slot);
  }

  /** The process of this slot now. */
  current(slot: number): BotInstance {
    return this.slotOf.get(slot)!;
  }

  /** SIGKILL, as a crash; the slot's next process starts at once. */
  killAndRestart(slot: number): BotInstance {
    const dead = this.current(slot);
    dead.child.kill('SIGKILL');
    return this.start(slot);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    const live = [...this.slotOf.values()];
    for (const bot of live) bot.child.kill('SIGTERM');
    const timeout = new Promise((done) => setTimeout(done, 15_000));
    await Promise.race([Promise.all(live.map((bot) => bot.exit)), timeout]);
    for (const bot of live) if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    await this.proxy.stop();
  }

  private start(slot: number): BotInstance {
    const instance = this.instances.length;
    const { plan } = this;
    const database =
      'url' in plan.database ? { DATABASE_URL: plan.database.url } : { DATABASE_PATH: plan.database.path };
    const child = spawn(process.execPath, ['--import', TSX, '--initial-old-space-size=128', MAIN], {
      cwd: plan.dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: plan.dir,
        DISCORD_TOKEN: plan.token,
        DISCORD_API_URL: this.proxy.urlFor(instance),
        ...database,
        SHARD_COUNT: String(plan.shardCount),
        SHARD_IDS: plan.shardIds[slot]!.join(','),
        LEASE_SECONDS: String(plan.leaseSeconds),
        AI_TURN_DELAY_MS: String(plan.aiTurnDelayMs),
        // One bench user opens every game: the per-user limits would refuse it (they guard against abuse).
        RATE_LIMIT_BURST: '0',
        MAX_LOBBIES_PER_USER: '0',
        MAX_LOBBIES_PER_SERVER: '0',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'pretty',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tag = (chunk: Buffer) =>
      plan.onOutput(
        chunk
          .toString()
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => `[bot ${instance} slot ${slot}] ${line}\n`)
          .join(''),
      );
    child.stdout!.on('data', tag);
    child.stderr!.on('data', tag);
    const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const bot: BotInstance = { instance, slot, child, startedAt: Date.now(), exit };
    this.instances.push(bot);
    this.slotOf.set(slot, bot);
    void exit.then((code) => {
      if (!this.stopping && this.slotOf.get(slot) === bot && code !== null)
        plan.onOutput(`[bot ${instance} slot ${slot}] exited with code ${code}\n`);
    });
    return bot;
  }
}

/** Shards 0…count-1 dealt to `processes` processes in runs (4 over 2: [0,1] and [2,3]). */
export function splitShards(count: number, processes: number): number[][] {
  const per = Math.ceil(count / processes);
  return Array.from({ length: processes }, (_, p) =>
    Array.from({ length: count }, (_, s) => s).slice(p * per, (p + 1) * per),
  ).filter((ids) => ids.length > 0);
}
