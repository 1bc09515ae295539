/** Time for the service: the real clock in production, a manually advanced one in tests. */

/** An opaque timer handle; only the clock that made it can clear it. */
export type TimerHandle = object;

export interface Clock {
  now(): number;
  /** `fn` may return a promise: its work (a move written to the database) is what a FakeClock waits for. */
  setTimeout(fn: () => unknown, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms)),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface FakeTimer {
  readonly id: number;
  readonly dueAt: number;
  readonly fn: () => unknown;
}

/**
 * A clock that only moves when told. Timers run in due order (then creation order) during `advance`,
 * each with `now()` set to its due time and its work (the promise it returns) finished before the next one
 * runs; timers they schedule inside the advanced window run too.
 */
export class FakeClock implements Clock {
  private current: number;
  private nextId = 1;
  private readonly timers = new Map<number, FakeTimer>();
  private readonly handles = new WeakMap<TimerHandle, number>();

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => unknown, ms: number): TimerHandle {
    const timer: FakeTimer = { id: this.nextId++, dueAt: this.current + Math.max(0, ms), fn };
    this.timers.set(timer.id, timer);
    const handle = { fakeTimer: timer.id };
    this.handles.set(handle, timer.id);
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    const id = this.handles.get(handle);
    if (id !== undefined) this.timers.delete(id);
  }

  /** Number of timers waiting to run. */
  pendingCount(): number {
    return this.timers.size;
  }

  /** The due time of the earliest waiting timer, or null. */
  nextDueAt(): number | null {
    return this.earliest()?.dueAt ?? null;
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + Math.max(0, ms);
    for (let timer = this.earliest(); timer && timer.dueAt <= target; timer = this.earliest()) {
      this.timers.delete(timer.id);
      this.current = Math.max(this.current, timer.dueAt);
      await timer.fn();
    }
    this.current = target;
  }

  /** Jumps to the earliest timer and runs it (with any others due at the same time); false if none. */
  async runNext(): Promise<boolean> {
    const due = this.nextDueAt();
    if (due === null) return false;
    await this.advance(due - this.current);
    return true;
  }

  private earliest(): FakeTimer | undefined {
    let best: FakeTimer | undefined;
    for (const timer of this.timers.values()) {
      if (!best || timer.dueAt < best.dueAt || (timer.dueAt === best.dueAt && timer.id < best.id))
        best = timer;
    }
    return best;
  }
}
