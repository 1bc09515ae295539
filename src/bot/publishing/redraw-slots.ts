import type { PublicUpdate } from '../../service/index';

/**
 * A process's cap on the board redraws it runs at once that nobody is waiting on (issue 43). Once interaction
 * tokens lift the global 50-a-second throttle, a busy process draws every game's computer moves as fast as its
 * CPU goes, and the board answering a person's click (its action, render and upload) queued behind them in
 * the event loop and the render pool. Now only `cap` background redraws run at once; the others wait their
 * turn, their game's later moves gathered into the same redraw meanwhile. The boards a person waits for never
 * wait for a slot: their own move's, one that shows them their turn, the end of a game they sit in. (When
 * those waited too, a person's next click waited for the computers' boards: their games finished slower.)
 * A slot is held while the redraw draws its images, never while it waits on Discord (flush-images.ts).
 */

/** Who waits for a redraw: a person (their own move; their turn or their game's end) takes no slot. */
export type RedrawKind = 'mover' | 'turn' | 'background';

/** Frees the slot a redraw held (calling it again does nothing). */
export type Release = () => void;

interface Waiter {
  gameId: string;
  /** A slot (a release), or null when the wait is given up (the redraw goes another way, or not at all). */
  resolve: (release: Release | null) => void;
}

const NO_SLOT: Release = () => {};

export class RedrawSlots {
  private running = 0;
  private readonly background: Waiter[] = [];
  private stopped = false;

  /** `cap`: background redraws at once (0: no cap). */
  constructor(private readonly cap: number) {}

  /** Redraws holding a slot now. */
  get busy(): number {
    return this.running;
  }

  /** Redraws waiting for a slot. */
  get waiting(): number {
    return this.background.length;
  }

  /**
   * Resolves when the game's redraw of this kind may begin, with the release to call when it ends; null when the
   * wait was given up (see hurry, cancel, stop).
   */
  enter(gameId: string, kind: RedrawKind): Promise<Release | null> {
    if (this.stopped) return Promise.resolve(null);
    if (kind !== 'background' || this.cap <= 0) return Promise.resolve(NO_SLOT);
    if (this.running < this.cap && this.waiting === 0) return Promise.resolve(this.take());
    return new Promise((resolve) => this.background.push({ gameId, resolve }));
  }

  /**
   * The game's waiting redraw now shows more than it did: a person's own move or turn gives up the wait (the
   * caller draws it at once, as any board a person waits for).
   */
  hurry(gameId: string, kind: RedrawKind): void {
    if (kind !== 'background') this.cancel(gameId);
  }

  /** The game's waiting redraw, if any, gives up its wait. */
  cancel(gameId: string): void {
    const i = this.background.findIndex((waiter) => waiter.gameId === gameId);
    if (i >= 0) this.background.splice(i, 1)[0]!.resolve(null);
  }

  /** Every wait is given up, and no redraw waits from now on. */
  stop(): void {
    this.stopped = true;
    for (const waiter of this.background.splice(0)) waiter.resolve(null);
  }

  private take(): Release {
    this.running += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.running -= 1;
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.cap) {
      const waiter = this.background.shift();
      if (!waiter) return;
      waiter.resolve(this.take());
    }
  }
}

/**
 * Whether a person waits for the redraw of `update`: their own move (or a click waiting for its board), a board
 * that shows a person's turn, or a finished game's with a person seated. Only the others take a slot.
 */
export function redrawKind(update: PublicUpdate, clickWaiting: boolean): RedrawKind {
  if (clickWaiting || update.actor?.kind === 'user') return 'mover';
  const seated = update.game.seats.some((seat) => seat.kind === 'human' && !seat.left);
  if (update.finished ? seated : update.next?.human === true) return 'turn';
  return 'background';
}
