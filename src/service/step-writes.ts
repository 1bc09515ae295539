/** What a step's write answered: refused because the game moved on, or lost with the storage. */
import type { GameRecord } from '../store/index';
import { GameMovedOnError } from '../store/storage';
import { isStorageUnavailable } from '../store/storage-errors';
import type { Clock } from './clock';
import { refuse } from './context';
import type { GameTimers } from './timers';
import type { Actor } from './types';

export class UnsureWrites {
  /**
   * Games whose last step's write failed for want of storage, with the version it was tried at: the write may
   * have landed all the same (its answer lost with the connection), so the game is announced again once it is
   * read at a later version.
   */
  private readonly unsure = new Map<string, number>();

  constructor(
    private readonly timers: GameTimers,
    private readonly clock: Clock,
  ) {}

  /** Awaits a step's write; one lost for want of storage is remembered as unsure (and the timer looks again). */
  async note<T>(game: GameRecord, actor: Actor, write: Promise<T>): Promise<T> {
    try {
      const written = await movedOnAsStale(write);
      this.unsure.delete(game.id);
      return written;
    } catch (error) {
      if (isStorageUnavailable(error)) {
        this.unsure.set(game.id, game.version);
        // A timer's step is retried by the timer; a player's is looked at by the timer now (and again later).
        if (actor.kind === 'user') this.timers.arm(game.id, this.clock.now());
      }
      throw error;
    }
  }

  /** Whether a game read at `game.version` shows an unsure write that did land (then it is forgotten). */
  landed(game: GameRecord): boolean {
    const tried = this.unsure.get(game.id);
    if (tried === undefined || game.version <= tried) return false;
    this.unsure.delete(game.id);
    return true;
  }
}

/** A write the game's version or lobby refused (it moved on since it was read): the player's stale board. */
export async function movedOnAsStale<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof GameMovedOnError) throw refuse.staleVersion();
    throw error;
  }
}
