/**
 * The bot leaves cleanly: removed from a server, or a channel or thread with a game deleted, the games there are
 * cancelled with that reason (rated for nobody), and the bot stops talking to the place that is gone. An outage
 * (an unavailable server) changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, startGame, waitForBoardOrEnd, waitUntil, type Harness } from './harness';

describe('the bot leaves cleanly', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  /** The REST requests to a channel from now on. */
  function requestsTo(harness: Harness, channelId: string) {
    const from = harness.fake.requests.length;
    return () =>
      harness.fake.requests.slice(from).filter((entry) => entry.path.includes(`/channels/${channelId}/`));
  }

  it('cancels the games of a server it was removed from, and stops posting there', async () => {
    h = await createHarness({ aiTurnDelayMs: 200 });
    const { gameId } = await startGame(h, [h.users.alice], { seats: 3 }, 'greed');
    await waitForBoardOrEnd(h, gameId);
    h.fake.markGuildUnavailable(h.guildId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await h.service.getGame(gameId))!.status).toBe('active');

    const later = requestsTo(h, h.channel.id);
    h.fake.removeBotFromGuild(h.guildId);
    const game = await waitUntil(async () => {
      const current = (await h!.service.getGame(gameId))!;
      return current.status === 'cancelled' ? current : null;
    });
    expect(game.endedBy?.name).toBe('the bot was removed from the server');
    const afterCancel = later().length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(later().length).toBe(afterCancel);
    expect(await h.service.outbox.pendingFor(gameId)).toEqual([]);
    expect(h.service.armedTimerCount()).toBe(0);
  });

  it('cancels the game of a deleted thread, and of a thread whose channel was deleted', async () => {
    h = await createHarness({ aiTurnDelayMs: 200 });
    const threadGame = async (name: string) => {
      const thread = h!.fake.addThread({ parentId: h!.channel.id, name, type: 'public' });
      const { gameId } = await startGame({ ...h!, channel: thread }, [h!.users.alice], { seats: 2 }, 'greed');
      return { thread, gameId };
    };
    const first = await threadGame('first');
    h.fake.deleteChannel(first.thread.id);
    await waitUntil(async () =>
      (await h!.service.getGame(first.gameId))!.status === 'cancelled' ? true : null,
    );
    expect((await h.service.getGame(first.gameId))!.endedBy?.name).toBe('the channel was deleted');

    const second = await threadGame('second');
    h.fake.deleteChannel(h.channel.id);
    await waitUntil(async () =>
      (await h!.service.getGame(second.gameId))!.status === 'cancelled' ? true : null,
    );
    expect(h.service.armedTimerCount()).toBe(0);
  });
});
