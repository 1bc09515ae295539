/**
 * Settling jobs waiting for their game's board to be drawn: so a settling job holds its place in the queue while
 * its board is drawn, but neither while the board or its turn mention wait on Discord nor while its game plays on
 * (each held up every channel behind it: test/bot/settling-holdups.e2e.test.ts).
 */
import type { PublicUpdate } from '../../service/index';
import type { FollowedGame } from './board-posting';

/** A settling job waiting for the flush that draws `version` of its game. */
interface RedrawWaiter {
  version: number;
  resolve: () => void;
}

export class BoardRedraws {
  private readonly waiters = new Map<string, RedrawWaiter[]>();
  /** Of the games waited for: the latest version whose board is drawn (it may still be on its way to Discord). */
  private readonly drawn = new Map<string, number>();

  constructor(
    private readonly games: ReadonlyMap<string, FollowedGame>,
    private readonly stopped: () => boolean,
  ) {}

  /**
   * Draws the update (`draw`: like any other) and resolves once the board shows it (or a later version), or a
   * later move has come, or the feed is at rest.
   */
  redrawn(update: PublicUpdate, draw: () => void): Promise<void> {
    const gameId = update.game.id;
    const version = update.game.version;
    const followed = this.games.get(gameId);
    const { feed } = followed ?? {};
    if (feed && !feed.pending && feed.state !== 'flushing' && followed?.shownVersion === version)
      return Promise.resolve();
    draw();
    return new Promise((resolve) => {
      this.waiters.set(gameId, [...(this.waiters.get(gameId) ?? []), { version, resolve }]);
      this.release();
    });
  }

  /** Whether a settling job waits for the game's board (its redraw is not held back by the background cap). */
  awaited(gameId: string): boolean {
    return this.waiters.has(gameId);
  }

  /** A flush of the game has drawn the board of `version` (and now sends it): its waiters may be done. */
  rendered(gameId: string, version: number): void {
    if (!this.waiters.has(gameId)) return;
    this.drawn.set(gameId, Math.max(version, this.drawn.get(gameId) ?? -1));
    this.release();
  }

  /** A new update for the game: its waiters may be done. */
  noteUpdate(gameId: string): void {
    if (this.waiters.has(gameId)) this.release();
  }

  /** Resolves the waiters whose board is drawn, overtaken by a later move, or no longer drawing. */
  release(): void {
    for (const [gameId, waiters] of this.waiters) {
      const followed = this.games.get(gameId);
      const feed = followed?.feed;
      const shown = Math.max(followed?.shownVersion ?? -1, this.drawn.get(gameId) ?? -1);
      // A later move's board is drawn by the game's feed like any live game's: the settling job is done.
      const moved = feed?.pending?.update.game.version ?? -1;
      const done = (waiter: RedrawWaiter) =>
        this.stopped() || !feed?.drawing || shown >= waiter.version || moved > waiter.version;
      const left = waiters.filter((waiter) => !done(waiter));
      if (left.length === waiters.length) continue;
      if (left.length === 0) {
        this.waiters.delete(gameId);
        this.drawn.delete(gameId);
      } else this.waiters.set(gameId, left);
      for (const waiter of waiters) if (done(waiter)) waiter.resolve();
    }
  }
}
