/**
 * Paces work keyed by game: at most `concurrency` jobs run at once, a key waits in the queue once however often
 * it is added, and a key added again while its job runs is run once more afterwards. A job reads its game's
 * state when it starts, so what it shows is always the latest state, never a queued copy.
 *
 * The board publisher settles every open channel through it after a start, so a restart with hundreds of open
 * boards redraws a few at a time instead of all at once (which held up the bot and the render workers).
 */
export class SettlingQueue {
  /** Keys waiting their turn, in the order they were first added (or put first). */
  private waiting = new Set<string>();
  private readonly running = new Set<string>();
  /** Running keys added again: their job runs once more when it ends. */
  private readonly again = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly concurrency: number,
    private readonly job: (key: string) => Promise<void>,
    private readonly onError: (key: string, error: unknown) => void,
    /** Told whenever the queue empties (nothing waiting, nothing running). */
    private readonly onIdle: () => void = () => {},
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError('the settling queue needs a concurrency of at least 1');
  }

  /** Queues the key's job; `first`: ahead of every key waiting. */
  add(key: string, first = false): void {
    if (this.stopped) return;
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
    this.waiting.clear();
    this.again.clear();
    this.notifyIfIdle();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.waiting.size > 0) {
      const key = this.waiting.values().next().value as string;
      this.waiting.delete(key);
      this.running.add(key);
      void this.run(key);
    }
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
