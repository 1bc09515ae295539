/**
 * One process of a bot sharded over several processes (HARE_SHARD_COUNT a number): it drives the games of the shards
 * whose lease row it holds (src/service/shard-leases.ts). A change of held shards re-arms the service's timers
 * (those of the games it now owns, none of the others') and has the bot settle the gained games' channels as a
 * restart does; a clean stop releases the shards at once so the next process need not wait for the lease to
 * run out, and a process restarted on the same machine takes a dead one's shards at once (./lease-holders.ts).
 * An interaction for a shard this process is connected to but does not hold waits here for the shard.
 */
import { holderGone, leaseHolderName } from './lease-holders';
import type { Logger } from './logger';
import type { Clock } from './service/clock';
import type { GameOwnership } from './service/context';
import {
  ShardLeases,
  shardOfGuild,
  type LeaseStore,
  type ShardChange,
  type ShardLeaseOptions,
  type ShardHandover,
  type ShardWait,
  type UnheldTriage,
} from './service/shard-leases';

export { leaseHolderName };

/** What a change of shards tells: the service (timers) and the bot (channels). */
export interface ShardDriven {
  service: { ownershipChanged(): Promise<void> };
  bot: { ownershipChanged(gained: ((guildId: string) => boolean) | null): Promise<void> };
}

export class ShardOwnership implements GameOwnership, ShardHandover {
  private readonly leases: ShardLeases;
  private driven: ShardDriven | null = null;

  constructor(
    store: LeaseStore,
    clock: Clock,
    private readonly options: ShardLeaseOptions,
    private readonly logger: Logger,
  ) {
    this.leases = new ShardLeases(
      store,
      clock,
      { holderGone, ...options },
      (change) => this.changed(change),
      (error) => logger.warn('could not renew the shard leases', error),
    );
  }

  ownsGuild(guildId: string): boolean {
    return this.leases.ownsGuild(guildId);
  }

  get heldShards(): number[] {
    return this.leases.heldShards;
  }

  /**
   * An interaction came for `guildId` and this process does not hold its shard: a round first (the shard may
   * be free, run out, or its holder gone); then a holder that renewed lately is live and answers it itself.
   */
  async triage(guildId: string): Promise<UnheldTriage> {
    const shard = shardOfGuild(guildId, this.options.shardCount);
    if (!this.options.shards.includes(shard)) return 'holder-answers';
    await this.leases.claimSoon();
    if (this.leases.holds(shard)) return 'held';
    const other = this.leases.otherLease(shard);
    return other !== null && this.leases.renewedLately(other) ? 'holder-answers' : 'wait';
  }

  /** Waits for the shard of `guildId` until `deadline` (epoch ms): see ShardLeases.waitFor. */
  waitFor(guildId: string, deadline: number): Promise<ShardWait> {
    return this.leases.waitFor(shardOfGuild(guildId, this.options.shardCount), deadline);
  }

  /** Claims what it can now (before the service starts, so its first timers are the held shards' games). */
  start(): Promise<void> {
    return this.leases.start();
  }

  /** From now on each change of shards is told to the service and the bot. */
  drive(driven: ShardDriven): void {
    this.driven = driven;
  }

  /** A clean stop: renewals end and every held shard is released at once. */
  async stop(): Promise<void> {
    this.driven = null;
    await this.leases.stop();
  }

  private changed({ gained, lost }: ShardChange): void {
    this.logger.info(
      `shards of ${this.options.shardCount}: holding [${this.leases.heldShards.join(', ')}]` +
        ` (gained [${gained.join(', ')}], lost [${lost.join(', ')}])`,
    );
    const driven = this.driven;
    if (!driven) return;
    const count = this.options.shardCount;
    // The timers first (armed from the database for the games now held), then the channels.
    void driven.service
      .ownershipChanged()
      .then(() =>
        driven.bot.ownershipChanged(
          gained.length === 0 ? null : (guildId) => gained.includes(shardOfGuild(guildId, count)),
        ),
      )
      .catch((error: unknown) => this.logger.error('could not take over the shards gained', error));
  }
}
