import { describe, expect, it } from 'vitest';
import { GameFeed, type FeedBatch, type FlushOutcome } from '../../../src/bot/publishing/game-feed';
import { FakeClock } from '../../../src/service/index';
import { fakeUpdate, settle } from './fakes';

const SETTINGS = { recentLines: 3, retryMs: 100, maxRetryMs: 350, pausedRetryMs: 10_000 };
const COALESCE_MS = 50;

/** A feed whose flushes are recorded (with the time they began) and answered from `outcomes`. */
function feedWith(outcomes: FlushOutcome[] = [], earlierLines: string[] = []) {
  const clock = new FakeClock(0);
  const flushes: { at: number; batch: FeedBatch }[] = [];
  const log: string[] = [];
  let hold: Promise<void> | null = null;
  const feed = new GameFeed(clock, SETTINGS, {
    flush: async (batch) => {
      flushes.push({ at: clock.now(), batch });
      await hold;
      return outcomes.shift() ?? 'published';
    },
    earlierLines: async (arriving) => earlierLines.slice(0, Math.max(0, earlierLines.length - arriving)),
    settled: () => log.push('settled'),
    finished: () => log.push('finished'),
    crashed: (error) => log.push(`crashed: ${String(error)}`),
  });
  /** Moves the clock on and lets the flushes it started finish. */
  const advance = async (ms: number) => {
    await clock.advance(ms);
    await settle();
  };
  const holdFlushes = () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    return () => {
      hold = null;
      release();
    };
  };
  return { feed, clock, flushes, log, advance, holdFlushes };
}

describe('a game feed', () => {
  it('draws two updates that come within the coalescing window in one flush', async () => {
    const { feed, flushes, advance } = feedWith();
    expect(feed.state).toBe('idle');
    feed.offer(fakeUpdate({ version: 2, events: ['a'] }), COALESCE_MS);
    expect(feed.state).toBe('waiting');
    await advance(30);
    feed.offer(fakeUpdate({ version: 3, events: ['b'] }), COALESCE_MS);
    await advance(19);
    expect(flushes).toEqual([]);
    await advance(1);
    expect(flushes.map(({ at, batch }) => [at, batch.update.game.version, batch.events])).toEqual([
      [50, 3, ['a', 'b']],
    ]);
    expect(feed.state).toBe('idle');
  });

  it('never draws an update older than one it was offered (a redraw read from the database before a move)', async () => {
    const { feed, flushes, advance } = feedWith();
    feed.offer(fakeUpdate({ version: 3, events: ['b'] }), COALESCE_MS);
    feed.offer(fakeUpdate({ version: 2, events: ['a'] }), 0);
    await advance(COALESCE_MS);
    expect(flushes.map(({ batch }) => [batch.update.game.version, batch.events])).toEqual([[3, ['b']]]);
    feed.offer(fakeUpdate({ version: 2, events: ['a'] }), 0);
    await advance(COALESCE_MS);
    expect(flushes, 'nothing older than the board drawn').toHaveLength(1);
    expect(feed.state).toBe('idle');
    feed.offer(fakeUpdate({ version: 3, events: [] }), 0);
    await advance(0);
    expect(flushes, 'the same version again is drawn (a board to heal)').toHaveLength(2);
  });

  it('flushes a player’s own move at once', async () => {
    const { feed, flushes, advance } = feedWith();
    feed.offer(fakeUpdate({ version: 2 }), 0);
    await advance(0);
    expect(flushes).toHaveLength(1);
  });

  it('an update asking to be drawn sooner than the waiting one is drawn sooner (a person’s turn after a paced computer move)', async () => {
    const { feed, flushes, advance } = feedWith();
    feed.offer(fakeUpdate({ version: 1 }), 1000);
    await advance(100);
    feed.offer(fakeUpdate({ version: 2 }), 50);
    await advance(60);
    expect(flushes.map((flush) => [flush.at, flush.batch.update.game.version])).toEqual([[150, 2]]);
    await advance(2000);
    expect(flushes).toHaveLength(1);
  });

  it('retries a failed flush after retryMs, then twice as long, up to maxRetryMs, and keeps the batch', async () => {
    const { feed, flushes, advance } = feedWith(['failed', 'failed', 'failed', 'failed']);
    feed.offer(fakeUpdate({ version: 2, events: ['a'] }), 0);
    await advance(0);
    expect(feed.state).toBe('retry-wait');
    expect(feed.failedAttempts).toBe(1);
    for (const wait of [100, 200, 350, 350]) {
      await advance(wait - 1);
      const before = flushes.length;
      await advance(1);
      expect(flushes.length, `retried after ${wait} ms`).toBe(before + 1);
    }
    expect(feed.state).toBe('idle');
    expect(feed.failedAttempts).toBe(0);
    expect(flushes.map(({ at }) => at)).toEqual([0, 100, 300, 650, 1000]);
    expect(flushes.every(({ batch }) => batch.events.join() === 'a')).toBe(true);
  });

  it('keeps a failed batch’s events before those offered while it flushed', async () => {
    const { feed, flushes, advance, holdFlushes } = feedWith(['failed']);
    const release = holdFlushes();
    feed.offer(fakeUpdate({ version: 2, events: ['a'] }), 0);
    await advance(0);
    expect(feed.state).toBe('flushing');
    feed.offer(fakeUpdate({ version: 3, events: ['b'] }), 0);
    release();
    await settle();
    await advance(100);
    expect(flushes.map(({ batch }) => [batch.update.game.version, batch.events])).toEqual([
      [2, ['a']],
      [3, ['a', 'b']],
    ]);
  });

  it('flushes what came during a flush right after it, with the delay it asked for', async () => {
    const { feed, flushes, advance, holdFlushes } = feedWith();
    const release = holdFlushes();
    feed.offer(fakeUpdate({ version: 2 }), 0);
    await advance(0);
    feed.offer(fakeUpdate({ version: 3 }), COALESCE_MS);
    expect(feed.pending?.update.game.version).toBe(3);
    release();
    await settle();
    expect(feed.state).toBe('waiting');
    await advance(COALESCE_MS);
    expect(flushes.map(({ batch }) => batch.update.game.version)).toEqual([2, 3]);
  });

  it('pauses, tries again after pausedRetryMs, and at once when woken', async () => {
    const { feed, flushes, advance } = feedWith(['paused', 'paused', 'published']);
    feed.offer(fakeUpdate({ version: 2 }), 0);
    await advance(0);
    expect(feed.state).toBe('paused');
    expect(feed.paused).toBe(true);
    expect(feed.busy, 'a paused feed does not hold up idle()').toBe(false);
    await advance(SETTINGS.pausedRetryMs);
    expect(flushes).toHaveLength(2);
    await advance(500);
    expect(feed.wake()).toBe(true);
    await advance(0);
    expect(flushes.map(({ at }) => at)).toEqual([0, 10_000, 10_500]);
    expect(feed.paused).toBe(false);
    expect(feed.state).toBe('idle');
    expect(feed.wake(), 'a feed that is not paused has nothing to wake').toBe(false);
  });

  it('is finished once the finished game’s last batch is published', async () => {
    const { feed, log, advance } = feedWith(['failed']);
    feed.offer(fakeUpdate({ version: 9, finished: true }), 0);
    await advance(0);
    expect(log).toEqual(['settled']);
    await advance(100);
    expect(log).toEqual(['settled', 'finished', 'settled']);
  });

  it('shows the latest lines, beginning with those from before it started (read by its first flush)', async () => {
    const { feed, flushes, advance } = feedWith([], ['old 1', 'old 2', 'new 1']);
    feed.offer(fakeUpdate({ lines: ['new 1'] }), 0);
    await advance(0);
    expect(flushes).toHaveLength(1);
    expect(feed.recentLines).toEqual(['old 1', 'old 2', 'new 1']);
    feed.offer(fakeUpdate({ lines: ['new 2', 'new 3'] }), 0);
    expect(feed.recentLines).toEqual(['new 1', 'new 2', 'new 3']);
  });

  it('stops its timer, and flushes nothing after', async () => {
    const { feed, flushes, advance, clock } = feedWith();
    feed.offer(fakeUpdate(), COALESCE_MS);
    feed.stop();
    expect(feed.state).toBe('stopped');
    expect(clock.pendingCount()).toBe(0);
    feed.offer(fakeUpdate(), 0);
    await advance(1000);
    expect(flushes).toEqual([]);
  });

  it('reports a flush that threw, and comes to rest', async () => {
    const clock = new FakeClock(0);
    const log: string[] = [];
    const feed = new GameFeed(clock, SETTINGS, {
      flush: () => Promise.reject(new Error('bug')),
      earlierLines: async () => [],
      settled: () => log.push('settled'),
      finished: () => log.push('finished'),
      crashed: (error) => log.push(`crashed: ${(error as Error).message}`),
    });
    feed.offer(fakeUpdate(), 0);
    await clock.advance(0);
    await settle();
    expect(log).toEqual(['crashed: bug', 'settled']);
    expect(feed.busy).toBe(false);
  });
});
