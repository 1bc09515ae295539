import { realClock, type Clock, type TimerHandle } from '../../service/index';
/**
 * Paces work keyed by game: at most `concurrency` jobs run at once, a key waits in the queue once however often
 * it is added, and a key added again while its job runs is run once more afterwards. A job reads its game's
 * state when it starts, so what it shows is always the latest state, never a queued copy.
 *
 * The board publisher settles every open channel through it after a start, so a restart with hundreds of open
 * boards redraws a few at a time instead of all at once (which held up the bot and the render workers). The
 * channels where a person is to act are paced too (they are put first): one begins every `pace.gapMs` at most.
 * Each of their boards is clicked as soon as it shows, and hundreds shown within two seconds queued those
 * clicks' answers behind one another for a second; the computers' channels after them settle as fast as the
 * concurrency allows.
 */
export class SettlingQueue {
  /** Keys waiting their turn, in the order they were first added (or put first). */
  private waiting = new Set<string>();
  private readonly running = new Set<string>();
  /** Running keys added again: their job runs once more when it ends. */
  private readonly again = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  /** Waiting keys whose job is paced. */
  private readonly paced = new Set<string>();
  /** When the last paced job began, and the timer that looks again once the gap has passed. */
  private lastPacedStartAt = -Infinity;
  private gapTimer: TimerHandle | null = null;

  constructor(
    private readonly concurrency: number,
    private readonly job: (key: string) => Promise<void>,
    private readonly onError: (key: string, error: unknown) => void,
    /** Told whenever the queue empties (nothing waiting, nothing running). */
    private readonly onIdle: () => void = () => {},
    /** The least time between the beginnings of two paced jobs (0: none), on `clock`. */
    private readonly pace: { gapMs: number; clock: Clock } = { gapMs: 0, clock: realClock },
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError('the settling queue needs a concurrency of at least 1');
  }

  /** Queues the key's job; `first`: ahead of every key waiting; `paced`: begun one per gap at most. */
  add(key: string, first = false, paced = false): void {
    if (this.stopped) return;
    if (paced) this.paced.add(key);
    if (this.running.has(key)) this.again.add(key);
    else if (first) this.waiting = new Set([key, ...this.waiting]);
    else this.waiting.add(key);
    this.pump();
  }

  /** Whether nothing is waiting or running. */
  isIdle(): boolean {
    return this.waiting.size === 0 && this.running.size === 0;
  }

  /** Resolves once the queue is empty. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what waits (running jobs finish); later additions are ignored. */
  stop(): void {
    this.stopped = true;
    if (this.gapTimer !== null) this.pace.clock.clearTimeout(this.gapTimer);
    this.gapTimer = null;
    this.waiting.clear();
    this.paced.clear();
    this.again.clear();
    this.notifyIfIdle();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.waiting.size > 0) {
      const key = this.nextKey();
      if (key === undefined) return this.pumpAfterGap();
      if (this.paced.delete(key)) this.lastPacedStartAt = this.pace.clock.now();
      this.waiting.delete(key);
      this.running.add(key);
      void this.run(key);
    }
  }

  /** The first waiting key, when it may begin now: a paced one only once the gap since the last has passed. */
  private nextKey(): string | undefined {
    const key = this.waiting.values().next().value as string;
    const gapPassed = this.pace.clock.now() >= this.lastPacedStartAt + this.pace.gapMs;
    return gapPassed || !this.paced.has(key) ? key : undefined;
  }

  private pumpAfterGap(): void {
    if (this.gapTimer !== null) return;
    const { clock, gapMs } = this.pace;
    this.gapTimer = clock.setTimeout(
      () => {
        this.gapTimer = null;
        this.pump();
      },
      this.lastPacedStartAt + gapMs - clock.now(),
    );
  }

  private async run(key: string): Promise<void> {
    try {
      await this.job(key);
    } catch (error) {
      try {
        this.onError(key, error);
      } catch {
        // Reporting must not stop the queue.
      }
    } finally {
      this.running.delete(key);
      if (this.again.delete(key) && !this.stopped) this.waiting.add(key);
      this.pump();
      this.notifyIfIdle();
    }
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
    this.onIdle();
  }
}
