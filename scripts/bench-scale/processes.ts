/**
 * The bot processes of bench:scale: the production build of `src/main.ts` (production-build.ts) started as an
 * operator starts the processes of a sharded bot by hand (HARE_SHARD_COUNT and each process's HARE_SHARD_IDS),
 * each at its own address of the fake Discord (apiUrlFor) so the bench knows which process made which request.
 * A killed process is started again at once, as discord.js's ShardingManager does with `respawn`: the new process
 * is a new lease holder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildProductionBot } from './production-build';

export interface ProcessPlan {
  shardCount: number;
  /** Each process's shards. */
  shardIds: number[][];
  /** The fake Discord's API address for the process numbered `instance` (its requests are logged as its). */
  apiUrlFor: (instance: number) => string;
  token: string;
  dir: string;
  /** The SQLite file (DATABASE_PATH), or a postgres:// URL passed as DATABASE_URL. */
  database: { path: string } | { url: string };
  leaseSeconds: number;
  aiTurnDelayMs: number;
  /** More of the bots' settings (e.g. BACKGROUND_REDRAWS). */
  env?: Record<string, string>;
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
  /** CPU seconds (user + system, every thread) last read from /proc while it ran. */
  cpuSeconds: number;
  /** Resident memory, MB, the most seen. */
  peakRssMb: number;
}

/** Linux's clock ticks per second, as /proc/<pid>/stat counts CPU time. */
const TICKS = 100;

function sample(bot: BotInstance): void {
  try {
    const fields = readFileSync(`/proc/${bot.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After the ") ": state is field 3 of stat, utime 14, stime 15, rss (pages) 24.
    bot.cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
    bot.peakRssMb = Math.max(bot.peakRssMb, (Number(fields[21]) * 4096) / 2 ** 20);
  } catch {
    // gone already: keep the last reading
  }
}

export class BotProcesses {
  readonly instances: BotInstance[] = [];
  private readonly slotOf = new Map<number, BotInstance>();
  private stopping = false;
  private sampler: ReturnType<typeof setInterval> | null = null;
  /** Each bot process's Node arguments: the production build, as `npm run start:prod` runs it. */
  readonly command: string[];
  /** The environment start:prod sets for the bot (before the plan's own settings). */
  readonly startEnv: Record<string, string>;

  constructor(private readonly plan: ProcessPlan) {
    const { args, env } = buildProductionBot(plan.dir);
    this.command = args;
    this.startEnv = env;
  }

  async startAll(): Promise<void> {
    for (let slot = 0; slot < this.plan.shardIds.length; slot++) this.start(slot);
    this.sampler = setInterval(() => this.sampleAll(), 1000);
  }

  /** Reads every live process's CPU time and memory (call before a kill, so the last second counts). */
  sampleAll(): void {
    for (const bot of this.slotOf.values()) sample(bot);
  }

  /** The process of this slot now. */
  current(slot: number): BotInstance {
    return this.slotOf.get(slot)!;
  }

  /**
   * SIGKILL, as a crash; the slot's next process starts once the dead one is gone (as ShardingManager restarts a
   * shard at its process's death). Resolves with when the dead one was seen gone.
   */
  async killAndRestart(slot: number): Promise<number> {
    const dead = this.current(slot);
    sample(dead);
    dead.child.kill('SIGKILL');
    await dead.exit;
    const goneAt = Date.now();
    this.start(slot);
    return goneAt;
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    this.sampleAll();
    if (this.sampler) clearInterval(this.sampler);
    const live = [...this.slotOf.values()];
    for (const bot of live) bot.child.kill('SIGTERM');
    const timeout = new Promise((done) => setTimeout(done, 15_000));
    await Promise.race([Promise.all(live.map((bot) => bot.exit)), timeout]);
    for (const bot of live) if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
  }

  private start(slot: number): BotInstance {
    const instance = this.instances.length;
    const { plan } = this;
    const database =
      'url' in plan.database ? { DATABASE_URL: plan.database.url } : { DATABASE_PATH: plan.database.path };
    const child = spawn(process.execPath, this.command, {
      cwd: plan.dir,
      env: {
        ...this.startEnv,
        PATH: process.env.PATH ?? '',
        HOME: plan.dir,
        DISCORD_TOKEN: plan.token,
        DISCORD_API_URL: plan.apiUrlFor(instance),
        ...database,
        HARE_SHARD_COUNT: String(plan.shardCount),
        HARE_SHARD_IDS: plan.shardIds[slot]!.join(','),
        LEASE_SECONDS: String(plan.leaseSeconds),
        AI_TURN_DELAY_MS: String(plan.aiTurnDelayMs),
        // One bench user opens every game: the per-user limits would refuse it (they guard against abuse).
        RATE_LIMIT_BURST: '0',
        MAX_LOBBIES_PER_USER: '0',
        MAX_LOBBIES_PER_SERVER: '0',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        LOG_FORMAT: 'pretty',
        ...plan.env,
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
    const bot: BotInstance = {
      instance,
      slot,
      child,
      startedAt: Date.now(),
      exit,
      cpuSeconds: 0,
      peakRssMb: 0,
    };
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
