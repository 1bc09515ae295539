/**
 * Work the bot starts from a timer (a retried delete, a board update) is awaited by nobody: when it fails, the
 * failure is logged and the process goes on; it never becomes an unhandled rejection.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../support/recording-logger';
import { createHarness, startGame, waitUntil, type Harness } from './harness';

describe('failures of work nobody awaits', () => {
  let h: Harness;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const { logger, errors } = recordingLogger();
  beforeEach(async () => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    h = await createHarness({ logger });
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    vi.restoreAllMocks();
    await h.close();
  });

  it('logs a retried delete that fails on a storage error instead of leaving a rejected promise', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob]);
    const noticeId = await waitUntil(
      async () => (await h.service.getGame(gameId))?.turnNoticeMessageId,
      10_000,
      'the turn mention',
    );
    h.fake.failNext({ method: 'DELETE', route: `/messages/${noticeId}`, status: 503, durationMs: 60_000 });
    const outbox = h.service.outbox;
    const failed = outbox.failed.bind(outbox);
    let calls = 0;
    vi.spyOn(outbox, 'failed').mockImplementation(async (entry) => {
      calls += 1;
      if (calls > 1) throw new Error('disk I/O error');
      await failed(entry);
    });
    await h.service.endGame(gameId, alice.id);
    await waitUntil(() => calls >= 2, 15_000, 'the retried delete');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    expect(errors.some((line) => /retry failed/.test(line))).toBe(true);
  });
});
