/** Those waiting for the publisher to be idle (every pending board change sent or given up): told once it is. */
export class IdleWaiters {
  private waiters: (() => void)[] = [];

  /** `busy`: whether anything is still pending. */
  constructor(private readonly busy: () => boolean) {}

  /** Resolves once nothing is pending. */
  wait(): Promise<void> {
    if (!this.busy()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Something ended: the waiters are told if nothing is pending any more. */
  check(): void {
    if (this.busy()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
