/**
 * Which shards this process drives. A game belongs to the shard of its guild (as Discord routes the guild's
 * events); a process drives a shard's games (timers, computer turns, outbox, boards) only while it holds that
 * shard's lease row in the shared database. Leases are renewed on a short interval; a process that stops
 * renewing (killed, frozen, cut off from the database) stops driving once its own lease time runs out, and the
 * next process to claim the shard resumes its games as a restart would. The lease, not timing, keeps two
 * processes from driving one game during a rolling restart.
 */
import type { LeaseStore } from '../store/lease-store';
import type { Clock, TimerHandle } from './clock';

/** The lease rows, in the shared database (src/store/lease-store.ts). Times are the service clock's. */
export type { LeaseStore };

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
}

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
  /** The shards held by another process, and when their leases run out (by the last round). */
  private readonly othersRunOut = new Map<number, number>();
  private timer: TimerHandle | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;

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
    const soonest = Math.min(...this.othersRunOut.values());
    return Math.max(0, Math.min(this.options.renewEveryMs, soonest - this.clock.now()));
  }

  private async claimAll(): Promise<void> {
    for (const shard of this.options.shards) {
      const now = this.clock.now();
      const until = now + this.options.leaseMs;
      try {
        const holds = await this.store.claimShard(
          this.options.shardCount,
          shard,
          this.options.holder,
          now,
          until,
        );
        if (holds) {
          this.held.set(shard, until);
          this.othersRunOut.delete(shard);
        } else {
          this.held.delete(shard);
          const runsOut = await this.store.expiryOf(this.options.shardCount, shard);
          if (runsOut === null) this.othersRunOut.delete(shard);
          else this.othersRunOut.set(shard, runsOut);
        }
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
  }
}
