/**
 * Which shards this process drives. A game belongs to the shard of its guild (as Discord routes the guild's
 * events); a process drives a shard's games (timers, computer turns, outbox, boards) only while it holds that
 * shard's lease row in the shared database. Leases are renewed on a short interval; a process that stops
 * renewing (killed, frozen, cut off from the database) stops driving once its own lease time runs out, and the
 * next process to claim the shard resumes its games as a restart would. The lease, not timing, keeps two
 * processes from driving one game during a rolling restart.
 */
import type { LeaseStore, ShardLease } from '../store/leases';
import type { Clock, TimerHandle } from './clock';

/** The lease rows, in the shared database (src/store/leases.ts). Times are the service clock's. */
export type { LeaseStore, ShardLease };

export interface ShardLeaseOptions {
  /** This process's name in the lease rows (unique per process: host, pid and a random part). */
  holder: string;
  shardCount: number;
  /** The shards this process connects to Discord for. */
  shards: readonly number[];
  /** How long a claim or renewal holds. */
  leaseMs: number;
  /** How often leases are renewed (well under leaseMs), and free ones claimed. */
  renewEveryMs: number;
  /**
   * Whether a holder's process is known to be gone (src/shard-process.ts: dead on this machine): its lease is
   * then taken over at once instead of waited out. Default: nobody is known to be gone.
   */
  holderGone?: (holder: string) => boolean;
}

/** How a wait for a shard ended: held here, taken or kept by another live process, or the deadline came. */
export type ShardWait = 'held' | 'elsewhere' | 'timeout';

/** What an interaction for an unheld shard does: answer (held now), leave it to the live holder, or wait. */
export type UnheldTriage = 'held' | 'holder-answers' | 'wait';

/** For the bot: the shards a process is connected to but does not hold (src/shard-process.ts). */
export interface ShardHandover {
  /** An interaction came for `guildId`, whose shard this process does not hold: what to do with it. */
  triage(guildId: string): Promise<UnheldTriage>;
  /** Waits for the shard of `guildId` until `deadline` (epoch ms). */
  waitFor(guildId: string, deadline: number): Promise<ShardWait>;
}

interface Waiter {
  shard: number;
  /** The other process's lease when the wait began. */
  seen: ShardLease | null;
  done: (outcome: ShardWait) => void;
}

/** An interaction for an unheld shard asks for a round, but not more often than this. */
const SOONEST_ROUND_GAP_MS = 250;

export interface ShardChange {
  gained: number[];
  lost: number[];
}

/** The shard of a guild: `(guild_id >> 22) % shard_count`, as Discord routes a guild's events. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  if (shardCount === 1 || !/^\d+$/.test(guildId)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

export class ShardLeases {
  /** Held shards and when this process's lease on each runs out. */
  private readonly held = new Map<number, number>();
  /** The shards the last change reported as held (a lease can also run out silently between rounds). */
  private reported = new Set<number>();
  /** The shards held by another process, and their leases (by the last round). */
  private readonly others = new Map<number, ShardLease>();
  private readonly waiters = new Set<Waiter>();
  private timer: TimerHandle | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;
  private lastRoundAt = -Infinity;

  constructor(
    private readonly store: LeaseStore,
    private readonly clock: Clock,
    private readonly options: ShardLeaseOptions,
    private readonly onChange: (change: ShardChange) => void,
    private readonly reportError: (error: unknown) => void = () => {},
  ) {}

  /** Claims what it can now and keeps renewing until `stop()`. */
  async start(): Promise<void> {
    this.running = true;
    await this.tick();
  }

  /** Stops renewing and releases every held shard, so the next process need not wait for expiry. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    for (const waiter of this.waiters) waiter.done('timeout');
    const released = [...this.held.keys()];
    this.held.clear();
    this.reported.clear();
    if (released.length > 0) this.onChange({ gained: [], lost: released });
    for (const shard of released) {
      await this.store
        .releaseShard(this.options.shardCount, shard, this.options.holder)
        .catch((error: unknown) => this.reportError(error));
    }
  }

  /** Whether this process drives the games of `guildId` now (its lease there has not run out). */
  ownsGuild(guildId: string): boolean {
    return this.holds(shardOfGuild(guildId, this.options.shardCount));
  }

  holds(shard: number): boolean {
    const until = this.held.get(shard);
    return until !== undefined && this.clock.now() < until;
  }

  get heldShards(): number[] {
    return [...this.held.keys()].filter((shard) => this.holds(shard)).sort((a, b) => a - b);
  }

  /** Another process's lease on `shard`, as the last round read it (null: free, or held here). */
  otherLease(shard: number): ShardLease | null {
    return this.others.get(shard) ?? null;
  }

  /**
   * Whether `lease` was renewed within about one renewal interval, as a live holder renews it (the interval
   * and lease time are every process's same settings).
   */
  renewedLately(lease: ShardLease): boolean {
    const renewedAt = lease.expiresAt - this.options.leaseMs;
    return this.clock.now() < renewedAt + this.options.renewEveryMs * 1.5;
  }

  /** A round now, unless one is under way (then its end) or one began a moment ago. */
  async claimSoon(): Promise<void> {
    if (!this.running) return;
    if (this.ticking) return void (await this.ticking.catch(() => {}));
    if (this.clock.now() - this.lastRoundAt < SOONEST_ROUND_GAP_MS) return;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.tick();
  }

  /**
   * Waits until this process holds `shard` ('held'), another live process took it or kept it past the lease
   * seen now ('elsewhere'), or `deadline` (the service clock's) came or the leases stopped ('timeout').
   */
  waitFor(shard: number, deadline: number): Promise<ShardWait> {
    if (this.holds(shard)) return Promise.resolve('held');
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(
        () => waiter.done('timeout'),
        Math.max(0, deadline - this.clock.now()),
      );
      const waiter: Waiter = {
        shard,
        seen: this.otherLease(shard),
        done: (outcome) => {
          this.clock.clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** One round: renew or claim every wanted shard, then report what changed. Exposed for tests. */
  async tick(): Promise<void> {
    const round = this.claimAll();
    this.ticking = round;
    await round;
    this.ticking = null;
    if (this.running) this.timer = this.clock.setTimeout(() => void this.tick(), this.nextRoundInMs());
  }

  /**
   * The next round: after renewEveryMs, or as soon as another process's lease on a shard this one waits for runs
   * out (a killed process's games then wait for the lease only, not for this process's next round as well).
   */
  private nextRoundInMs(): number {
    const soonest = Math.min(...[...this.others.values()].map((lease) => lease.expiresAt));
    return Math.max(0, Math.min(this.options.renewEveryMs, soonest - this.clock.now()));
  }

  private async claimAll(): Promise<void> {
    this.lastRoundAt = this.clock.now();
    for (const shard of this.options.shards) {
      try {
        await this.claim(shard);
      } catch (error) {
        // Unreachable database: keep driving until our own lease time runs out, never longer.
        this.reportError(error);
      }
    }
    const holding = new Set(this.heldShards);
    const gained = [...holding].filter((shard) => !this.reported.has(shard));
    const lost = [...this.reported].filter((shard) => !holding.has(shard)).sort((a, b) => a - b);
    this.reported = holding;
    if (this.running && (gained.length > 0 || lost.length > 0)) this.onChange({ gained, lost });
    this.tellWaiters();
  }

  /** Claims or renews one shard; a live lease of a holder known to be gone is taken over at once. */
  private async claim(shard: number): Promise<void> {
    const { shardCount, holder } = this.options;
    const now = this.clock.now();
    const until = now + this.options.leaseMs;
    let holds = await this.store.claimShard(shardCount, shard, holder, now, until);
    const lease = holds ? null : await this.store.leaseOf(shardCount, shard);
    if (lease && lease.holder !== holder && this.options.holderGone?.(lease.holder))
      holds = await this.store.takeOverShard(shardCount, shard, lease.holder, holder, until);
    if (holds) {
      this.held.set(shard, until);
      this.others.delete(shard);
    } else {
      this.held.delete(shard);
      if (lease === null) this.others.delete(shard);
      else this.others.set(shard, lease);
    }
  }

  private tellWaiters(): void {
    const now = this.clock.now();
    for (const waiter of this.waiters) {
      if (this.holds(waiter.shard)) {
        waiter.done('held');
        continue;
      }
      const other = this.others.get(waiter.shard);
      if (!other) continue;
      const { seen } = waiter;
      // A new holder took it, or the one seen outlived the lease it had then: a live process holds it.
      const taken = seen === null || other.holder !== seen.holder;
      if (taken || (now >= seen.expiresAt && other.expiresAt > seen.expiresAt)) waiter.done('elsewhere');
    }
  }
}
