/** One timer per active game, armed from the due time stored in the database; none while stopped. */
import type { Clock, TimerHandle } from './clock';

export class GameTimers {
  private readonly handles = new Map<string, TimerHandle>();
  private running = false;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (gameId: string) => Promise<void> | void,
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
  }

  get count(): number {
    return this.handles.size;
  }

  /** Replaces the game's timer (never two per game); nothing is armed while stopped. */
  arm(gameId: string, dueAt: number | null): void {
    const previous = this.handles.get(gameId);
    if (previous !== undefined) this.clock.clearTimeout(previous);
    this.handles.delete(gameId);
    if (!this.running || dueAt === null) return;
    const handle = this.clock.setTimeout(() => this.fire(gameId, handle), dueAt - this.clock.now());
    this.handles.set(gameId, handle);
  }

  /** Returns the due work's promise, which a FakeClock waits for (the real clock lets it run). */
  private fire(gameId: string, handle: TimerHandle): Promise<void> | void {
    if (this.handles.get(gameId) !== handle) return;
    this.handles.delete(gameId);
    if (this.running) return this.onDue(gameId);
  }
}
