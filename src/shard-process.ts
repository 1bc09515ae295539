/**
 * One process of a bot sharded over several processes (SHARD_COUNT a number): it drives the games of the shards
 * whose lease row it holds (src/service/shard-leases.ts). A change of held shards re-arms the service's timers
 * (those of the games it now owns, none of the others') and has the bot settle the gained games' channels as a
 * restart does; a clean stop releases the shards at once so the next process need not wait for the lease to
 * run out.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from './logger';
import type { Clock } from './service/clock';
import type { GameOwnership } from './service/context';
import {
  ShardLeases,
  shardOfGuild,
  type LeaseStore,
  type ShardChange,
  type ShardLeaseOptions,
} from './service/shard-leases';

/** A name no other process has: host, pid and a random part (a restarted process is a new holder). */
export function leaseHolderName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** What a change of shards tells: the service (timers) and the bot (channels). */
export interface ShardDriven {
  service: { ownershipChanged(): Promise<void> };
  bot: { ownershipChanged(gained: ((guildId: string) => boolean) | null): Promise<void> };
}

export class ShardOwnership implements GameOwnership {
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
      options,
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
