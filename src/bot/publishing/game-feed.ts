/**
 * One game's feed of updates to its board, as a state machine:
 *
 *   idle ──offer──▶ waiting ──timer──▶ flushing ──published──▶ idle (or waiting, when more came meanwhile)
 *                                       │  ▲  ▲
 *                               failed  │  │  └──────────── timer ─ retry-wait ◀── failed (retryMs, doubling)
 *                               paused  ▼  └─ timer or wake ─ paused ◀── paused (pausedRetryMs)
 *
 * Updates offered while it waits or flushes are merged into one batch (the latest update, every event since
 * the last flush), so quick computer turns share one edit. A failed batch is kept and tried again. The feed
 * knows nothing of Discord: what a flush does, and whether it failed for good, is its owner's `flush`.
 */
import type { Clock, PublicUpdate, TimerHandle } from '../../service/index';

export type FeedState = 'idle' | 'waiting' | 'flushing' | 'retry-wait' | 'paused' | 'stopped';

/** How a flush went: published, failed for now (retried with back-off), or paused (the channel is lost to us). */
export type FlushOutcome = 'published' | 'failed' | 'paused';

export interface FeedBatch {
  update: PublicUpdate;
  /** Every event since the last published batch, oldest first. */
  events: unknown[];
}

export interface FeedSettings {
  /** How many log lines the board shows. */
  recentLines: number;
  retryMs: number;
  maxRetryMs: number;
  pausedRetryMs: number;
}

export interface FeedHooks {
  /**
   * `rendered`: to call once the batch is drawn, before the flush waits on Discord: it frees the slot the flush
   * was admitted with (a flush waiting for an answer must not hold back the other games' redraws).
   */
  flush(batch: FeedBatch, rendered: () => void): Promise<FlushOutcome>;
  /**
   * Waits until the pending update may be drawn (a slot of the process's background redraws: redraw-slots.ts);
   * updates offered meanwhile join the batch. Resolves with what to call when the batch is drawn (or the flush
   * ends, if sooner), or null when the wait was given up: the batch is kept and its timer armed again. Without
   * it a flush begins at once.
   */
  admit?(update: PublicUpdate): Promise<(() => void) | null>;
  /** The board's log lines from before this feed began (after a restart), without the `arriving` ones. */
  earlierLines(arriving: number): Promise<string[]>;
  /** Told whenever a flush ended or the feed came to rest (someone may wait for it). */
  settled(): void;
  /** The game finished and its last batch was published: the feed is no longer needed. */
  finished(): void;
  /** A flush threw instead of reporting its outcome. */
  crashed(error: unknown): void;
}

export class GameFeed {
  private current: FeedState = 'idle';
  private timer: TimerHandle | null = null;
  /** When the armed timer fires. */
  private timerDueAt = Infinity;
  private latest: PublicUpdate | null = null;
  /** The newest game version offered (older offers are not drawn). */
  private newestVersion = -1;
  private events: unknown[] = [];
  /** The lines offered since the feed began (the latest `recentLines`). */
  private lines: string[] = [];
  /** The board's lines from before the feed began, asked for at its first offer, known by its first flush. */
  private earlier: Promise<string[]> | null = null;
  private earlierKnown: string[] = [];
  /** How soon the pending update should be drawn (the least delay asked since the last flush began). */
  private pendingDelayMs = Infinity;
  private failures = 0;
  /** Posting is paused: from a flush that reported 'paused' to the next that publishes. */
  private inPause = false;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly settings: FeedSettings,
    private readonly hooks: FeedHooks,
  ) {}

  get state(): FeedState {
    return this.current;
  }

  /** Whether posting is paused (also while a paused feed tries again). */
  get paused(): boolean {
    return this.inPause;
  }

  /** Failed flushes in a row. */
  get failedAttempts(): number {
    return this.failures;
  }

  /** The batch waiting to be flushed, if any. */
  get pending(): FeedBatch | null {
    return this.latest ? { update: this.latest, events: [...this.events] } : null;
  }

  /** The log lines the board shows (the latest `recentLines`, including those of pending updates). */
  get recentLines(): readonly string[] {
    return [...this.earlierKnown, ...this.lines].slice(-this.settings.recentLines);
  }

  /** Whether the feed has work it will do soon (a paused feed waits for access, not for time). */
  get busy(): boolean {
    return this.current === 'waiting' || this.current === 'retry-wait' || this.current === 'flushing';
  }

  /** Whether a board is being drawn or about to be (not waiting out a failure). */
  get drawing(): boolean {
    return this.current === 'waiting' || this.current === 'flushing';
  }

  /**
   * Whether `update` is older than one offered before (a redraw read from the database just before a move): it
   * is never drawn, so the board never goes back to it.
   */
  outdated(update: PublicUpdate): boolean {
    return update.game.version < this.newestVersion;
  }

  /** Adds an update, to be flushed after `delayMs` (or sooner, if an earlier offer asked for sooner). */
  offer(update: PublicUpdate, delayMs: number): void {
    if (this.outdated(update)) return;
    this.newestVersion = update.game.version;
    this.latest = update;
    this.events.push(...update.events);
    this.earlier ??= this.hooks.earlierLines(update.lines.length).catch(() => []);
    this.lines = [...this.lines, ...update.lines].slice(-this.settings.recentLines);
    this.pendingDelayMs = Math.min(this.pendingDelayMs, delayMs);
    if (this.current === 'flushing') return;
    // A waiting timer is brought forward when this update asks for sooner (a person's turn after a paced move).
    const dueAt = this.clock.now() + delayMs;
    if (this.timer !== null && this.current === 'waiting' && dueAt < this.timerDueAt) this.disarm();
    if (this.timer === null) this.arm(this.pendingDelayMs);
  }

  /** Access may be back: a paused feed tries again now. Returns whether it will. */
  wake(): boolean {
    if (!this.inPause || this.current === 'flushing' || this.stopped) return false;
    this.disarm();
    this.arm(0);
    return true;
  }

  /** Stops the timer for good; what is pending stays unsent. */
  stop(): void {
    this.stopped = true;
    this.disarm();
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    this.timerDueAt = this.clock.now() + delayMs;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.flush().catch((error: unknown) => {
        this.rest();
        this.hooks.crashed(error);
        this.hooks.settled();
      });
    }, delayMs);
    this.rest();
  }

  private disarm(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.current !== 'flushing') this.rest();
  }

  /** Leaves the flushing state (or enters the state its timer says): what the feed waits for now. */
  private rest(): void {
    if (this.stopped && this.timer === null) this.current = 'stopped';
    else if (this.inPause) this.current = 'paused';
    else if (this.timer === null) this.current = 'idle';
    else this.current = this.failures > 0 ? 'retry-wait' : 'waiting';
  }

  private async flush(): Promise<void> {
    const update = this.latest;
    if (!update) {
      this.rest();
      return this.hooks.settled();
    }
    this.current = 'flushing';
    const release = this.hooks.admit ? await this.hooks.admit(update) : null;
    if (this.hooks.admit && release === null) return this.giveUpWait();
    return this.flushLatest(release);
  }

  /** The wait for a slot was given up: the batch waits for its timer again (none once stopped). */
  private giveUpWait(): void {
    this.rest();
    if (this.latest && !this.stopped) this.arm(this.pendingDelayMs === Infinity ? 0 : this.pendingDelayMs);
    this.hooks.settled();
  }

  /** Flushes the latest batch (what was offered while the flush waited for its slot included). */
  private async flushLatest(release: (() => void) | null): Promise<void> {
    const update = this.latest!;
    const events = this.events;
    this.latest = null;
    this.events = [];
    this.pendingDelayMs = Infinity;
    let outcome: FlushOutcome;
    try {
      if (this.earlier) this.earlierKnown = await this.earlier;
      outcome = await this.hooks.flush({ update, events }, () => release?.());
    } finally {
      release?.();
    }
    if (outcome === 'published') {
      this.failures = 0;
      this.inPause = false;
    } else {
      // The batch is kept, before anything offered meanwhile.
      this.latest ??= update;
      this.events = [...events, ...this.events];
      if (outcome === 'paused') this.inPause = true;
      else this.failures += 1;
    }
    this.rest();
    if (this.latest) this.arm(this.nextDelay());
    else if (update.finished && !this.stopped) this.hooks.finished();
    this.hooks.settled();
  }

  private nextDelay(): number {
    if (this.inPause) return this.settings.pausedRetryMs;
    if (this.failures > 0) return this.retryDelay();
    return this.pendingDelayMs;
  }

  /** retryMs, then twice that, and so on, up to maxRetryMs. */
  private retryDelay(): number {
    const { retryMs, maxRetryMs } = this.settings;
    return Math.min(maxRetryMs, retryMs * 2 ** Math.min(this.failures - 1, 16));
  }
}
