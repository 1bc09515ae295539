/**
 * One timer per active game, armed from the due time stored in the database; none while stopped. Work that
 * fails (the database down, a full disk) is tried again with backoff until it succeeds or the game is re-armed,
 * and is counted as overdue meanwhile.
 */
import type { Clock, TimerHandle } from './clock';

/** The first retry of failed work waits this long, each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 15_000;

/** Told each failure of a game's work; `attempts` counts the failures in a row, `retryInMs` the wait. */
export type TimerFailure = (error: unknown, gameId: string, attempts: number, retryInMs: number) => void;

interface Failing {
  attempts: number;
  /** When the work first fell due, for the overdue count. */
  dueSince: number;
}

export class GameTimers {
  private readonly handles = new Map<string, TimerHandle>();
  private readonly failing = new Map<string, Failing>();
  /** Games whose work is running (a timer fired, or a computer thinks elsewhere). */
  private readonly busy = new Map<string, number>();
  private running = false;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (gameId: string) => Promise<void> | void,
    private readonly onFailure: TimerFailure = () => {},
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
  }

  stop(): void {
    this.running = false;
    for (const handle of this.handles.values()) this.clock.clearTimeout(handle);
    this.handles.clear();
    this.failing.clear();
  }

  get count(): number {
    return this.handles.size;
  }

  /** Replaces the game's timer (never two per game) and forgets its failures; nothing is armed while stopped. */
  arm(gameId: string, dueAt: number | null): void {
    this.failing.delete(gameId);
    this.schedule(gameId, dueAt);
  }

  /** Whether the game has a timer, a retry or work under way (the overdue sweep leaves such games alone). */
  isWatching(gameId: string): boolean {
    return this.handles.has(gameId) || this.busy.has(gameId);
  }

  /**
   * Work for the game that goes on after its timer's work returned (a computer thinking in a worker): the game
   * counts as under way until it settles, and a failure is retried like the timer's own.
   */
  track(gameId: string, dueAt: number, work: Promise<void>): void {
    this.busy.set(gameId, (this.busy.get(gameId) ?? 0) + 1);
    work.then(
      () => this.done(gameId, true),
      (error: unknown) => {
        this.done(gameId, false);
        this.retry(gameId, dueAt, error);
      },
    );
  }

  /** Games whose work has failed and is waiting for a retry since at least `olderThanMs` before `now`. */
  overdue(now: number, olderThanMs: number): string[] {
    const ids: string[] = [];
    for (const [gameId, failing] of this.failing) if (failing.dueSince <= now - olderThanMs) ids.push(gameId);
    return ids;
  }

  private schedule(gameId: string, dueAt: number | null): void {
    const previous = this.handles.get(gameId);
    if (previous !== undefined) this.clock.clearTimeout(previous);
    this.handles.delete(gameId);
    if (!this.running || dueAt === null) return;
    const handle = this.clock.setTimeout(() => this.fire(gameId, handle, dueAt), dueAt - this.clock.now());
    this.handles.set(gameId, handle);
  }

  /** Returns the due work's promise, which a FakeClock waits for (the real clock lets it run). */
  private fire(gameId: string, handle: TimerHandle, dueAt: number): Promise<void> | void {
    if (this.handles.get(gameId) !== handle) return;
    this.handles.delete(gameId);
    if (this.running) return this.run(gameId, dueAt);
  }

  private async run(gameId: string, dueAt: number): Promise<void> {
    this.busy.set(gameId, (this.busy.get(gameId) ?? 0) + 1);
    try {
      await this.onDue(gameId);
    } catch (error) {
      this.done(gameId, false);
      this.retry(gameId, dueAt, error);
      return;
    }
    this.done(gameId, true);
  }

  /** One piece of the game's work ended; once all of it has succeeded, its failures are over. */
  private done(gameId: string, succeeded: boolean): void {
    const left = (this.busy.get(gameId) ?? 1) - 1;
    if (left > 0) this.busy.set(gameId, left);
    else {
      this.busy.delete(gameId);
      if (succeeded) this.failing.delete(gameId);
    }
  }

  private retry(gameId: string, dueAt: number, error: unknown): void {
    if (!this.running) return;
    const failing = this.failing.get(gameId) ?? { attempts: 0, dueSince: dueAt };
    failing.attempts += 1;
    this.failing.set(gameId, failing);
    const wait = Math.min(RETRY_FIRST_MS * 2 ** Math.min(failing.attempts - 1, 20), RETRY_MAX_MS);
    // A retry keeps the failure record (arm() would clear it): the backoff grows and the game stays overdue.
    this.schedule(gameId, this.clock.now() + wait);
    this.onFailure(error, gameId, failing.attempts, wait);
  }
}

/**
 * Reports timed work that failed and will be tried again: the first failure and then the 2nd, 4th, 8th… (an
 * outage of an hour writes a dozen lines per game, not hundreds).
 */
export function reportRetry(
  report: (error: unknown, context: string) => void,
  error: unknown,
  what: string,
  attempts: number,
  retryInMs: number,
): void {
  if ((attempts & (attempts - 1)) !== 0) return;
  const times = attempts === 1 ? 'failed' : `failed ${attempts} times in a row`;
  report(error, `${what} (${times}; tried again in ${Math.round(retryInMs / 1000)} s)`);
}
