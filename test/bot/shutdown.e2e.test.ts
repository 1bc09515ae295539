/**
 * A delete Discord is still holding back when the bot shuts down must not write to the database after it was
 * closed: the delete stays in the outbox, and the next start finishes it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../support/recording-logger';
import { createHarness, startGame, waitUntil } from './harness';

describe('shutting down with a delete in flight', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => void process.off('unhandledRejection', onUnhandled));

  it('leaves the delete in the outbox instead of writing to the closed database', async () => {
    process.on('unhandledRejection', onUnhandled);
    const { logger, lines } = recordingLogger();
    const h = await createHarness({ logger });
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob]);
    const noticeId = await waitUntil(
      async () => (await h.service.getGame(gameId))?.turnNoticeMessageId,
      10_000,
      'the turn mention',
    );
    // Discord holds the turn mention's delete back for 3 s, past the bot's 2 s of grace at shutdown.
    h.fake.failNext({ method: 'DELETE', route: `/messages/${noticeId}`, status: 429, retryAfterMs: 3000 });
    await h.service.endGame(gameId, alice.id);
    await h.fake.waitForRequest((entry) => entry.method === 'DELETE' && entry.path.endsWith(noticeId));
    await h.close();
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const afterClose = [...lines, ...unhandled.map(String)].filter((line) => /not open/.test(line));
    expect(afterClose).toEqual([]);
  });
});
