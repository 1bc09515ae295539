import type { PublicUpdate } from '../../service/index';

/**
 * A process's cap on the board redraws it runs at once that nobody is waiting on (issue 43). Once interaction
 * tokens lift the global 50-a-second throttle, a busy process draws every game's computer moves as fast as its
 * CPU goes, and the board answering a person's click (its action, render and upload) queued behind them in
 * the event loop and the render pool. Now only `cap` background redraws run at once; the others wait their
 * turn, their game's later moves gathered into the same redraw meanwhile. The mover's answer (a person's own
 * move) never waits for a slot, and a board that shows a person's turn goes before the computers' boards.
 */

/** How a redraw waits: not at all (a person's own move), before the others (a person's turn), or in turn. */
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
  private readonly turns: Waiter[] = [];
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
    return this.turns.length + this.background.length;
  }

  /**
   * Resolves when the game's redraw of this kind may begin, with the release to call when it ends; null when the
   * wait was given up (see hurry, cancel, stop).
   */
  enter(gameId: string, kind: RedrawKind): Promise<Release | null> {
    if (this.stopped) return Promise.resolve(null);
    if (kind === 'mover' || this.cap <= 0) return Promise.resolve(NO_SLOT);
    if (this.running < this.cap && this.waiting === 0) return Promise.resolve(this.take());
    return new Promise((resolve) =>
      (kind === 'turn' ? this.turns : this.background).push({ gameId, resolve }),
    );
  }

  /**
   * The game's waiting redraw now shows more than it did: a person's own move gives up the wait (the caller
   * draws it at once, as any mover's board); a person's turn moves it before the computers' boards.
   */
  hurry(gameId: string, kind: RedrawKind): void {
    if (kind === 'background') return;
    if (kind === 'mover') return this.cancel(gameId);
    const i = this.background.findIndex((waiter) => waiter.gameId === gameId);
    if (i >= 0) this.turns.push(...this.background.splice(i, 1));
  }

  /** The game's waiting redraw, if any, gives up its wait. */
  cancel(gameId: string): void {
    for (const queue of [this.turns, this.background]) {
      const i = queue.findIndex((waiter) => waiter.gameId === gameId);
      if (i >= 0) queue.splice(i, 1)[0]!.resolve(null);
    }
  }

  /** Every wait is given up, and no redraw waits from now on. */
  stop(): void {
    this.stopped = true;
    for (const waiter of [...this.turns.splice(0), ...this.background.splice(0)]) waiter.resolve(null);
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
      const waiter = this.turns.shift() ?? this.background.shift();
      if (!waiter) return;
      waiter.resolve(this.take());
    }
  }
}

/**
 * How the redraw of `update` waits: a person's own move (or a click waiting for its board) not at all; a board
 * that shows a person's turn, or a finished game's with a person seated, before the computers' boards.
 */
export function redrawKind(update: PublicUpdate, clickWaiting: boolean): RedrawKind {
  if (clickWaiting || update.actor?.kind === 'user') return 'mover';
  const seated = update.game.seats.some((seat) => seat.kind === 'human' && !seat.left);
  if (update.finished ? seated : update.next?.human === true) return 'turn';
  return 'background';
}
