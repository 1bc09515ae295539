import type { FakeDiscord } from '../../src/fakediscord/index';

type StoredMessage = NonNullable<ReturnType<FakeDiscord['message']>>;

/**
 * The board messages the fake Discord holds, by channel: the players follow the fake's message events instead
 * of polling, so that the board is seen the moment it changes.
 */
export class BoardWatch {
  private readonly latest = new Map<string, StoredMessage>();
  private readonly waiters = new Map<
    string,
    { version: number; resolve: (message: StoredMessage) => void }
  >();

  /** Waits for the next board message event in a channel, whatever it shows (at most one per channel). */
  private readonly changeWaiters = new Map<string, () => void>();

  constructor(fake: FakeDiscord) {
    fake.on('messageCreate', (message) => this.seen(message));
    fake.on('messageUpdate', (message) => this.seen(message));
  }

  /** Resolves with the channel's board once it shows `version`. */
  shows(channelId: string, version: number, timeoutMs = 30_000): Promise<StoredMessage> {
    const current = this.latest.get(channelId);
    if (current && showsVersion(current, version)) return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench: no board v${version} in ${channelId}`)),
        timeoutMs,
      );
      this.waiters.set(channelId, {
        version,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }

  /**
   * Resolves at the channel's next board change, or after `timeoutMs` (a player waiting for her turn reads the
   * game again then, instead of polling the database).
   */
  changed(channelId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiters = this.changeWaiters;
      function done() {
        clearTimeout(timer);
        if (waiters.get(channelId) === done) waiters.delete(channelId);
        resolve();
      }
      this.changeWaiters.get(channelId)?.();
      this.changeWaiters.set(channelId, done);
    });
  }

  private seen(message: StoredMessage): void {
    if (!message.embeds[0]?.footer?.text?.includes(' · v')) return;
    this.latest.set(message.channelId, message);
    this.changeWaiters.get(message.channelId)?.();
    const waiter = this.waiters.get(message.channelId);
    if (waiter && showsVersion(message, waiter.version)) {
      this.waiters.delete(message.channelId);
      waiter.resolve(message);
    }
  }
}

/** The footer ends with the version on a finished game's board, and goes on with a hint on a running one's. */
function showsVersion(message: StoredMessage, version: number): boolean {
  const footer = message.embeds[0]?.footer?.text ?? '';
  return !message.deleted && (footer.includes(`· v${version} ·`) || footer.endsWith(`· v${version}`));
}
