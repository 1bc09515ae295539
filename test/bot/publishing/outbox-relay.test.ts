import { DiscordAPIError, type Client, type SendableChannels } from 'discord.js';
import type { TokenRoutes } from '../../../src/bot/publishing/token-routes';
import { describe, expect, it } from 'vitest';
import { OutboxRelay } from '../../../src/bot/publishing/outbox-relay';
import { silentLogger } from '../../../src/logger';
import { FakeClock, GameService } from '../../../src/service/index';
import { openSqliteStorage } from '../../../src/store/sqlite/sqlite-storage';

function refusal(code: number, status: number): DiscordAPIError {
  return new DiscordAPIError(
    { code, message: 'refused' },
    code,
    status,
    'DELETE',
    '/channels/c/messages/m',
    {},
  );
}

/** A service on a fresh in-memory database with a lobby in each of `channels`, its outbox and its clock. */
async function lobbiesIn(channels: readonly string[]) {
  const clock = new FakeClock();
  const service = new GameService({ store: openSqliteStorage(':memory:'), clock });
  const lobbies = [];
  for (const channelId of channels)
    lobbies.push(
      await service.openLobby({
        game: 'greed',
        guildId: 'guild-1',
        channelId,
        host: { id: '100', name: 'Ada' },
      }),
    );
  return { clock, lobbies, outbox: service.outbox };
}

/** The same with one lobby, in channel-1. */
async function lobbyInChannel() {
  const { clock, lobbies, outbox } = await lobbiesIn(['channel-1']);
  return { clock, lobby: lobbies[0]!, outbox };
}

/** An OutboxRelay whose Discord answers every delete with `error`; counts the deletes. */
async function relayWith(error: unknown) {
  const { clock, lobby, outbox } = await lobbyInChannel();
  let deletes = 0;
  const client = {
    rest: {
      delete: async () => {
        deletes++;
        throw error;
      },
    },
  } as unknown as Client;
  const relay = new OutboxRelay(client, { game: async () => null, outbox }, silentLogger, {
    retryMs: 1000,
    maxRetryMs: 60_000,
    clock,
  });
  return { relay, outbox, clock, gameId: lobby.id, deletes: () => deletes };
}

/**
 * An OutboxRelay posting in channel-1 (as a follow-up of a live token when `followUp`); `send` is Discord: told
 * which way each post went (`follow-up`, or `channel <nonce>`), it answers with the message's id.
 */
async function postingRelay(followUp: boolean, send: (way: string) => Promise<string>) {
  const { clock, lobby, outbox } = await lobbyInChannel();
  const routes = {
    tokenForPost: async () => (followUp ? { token: 'live' } : null),
    followUpWith: async () => ({ message: { id: await send('follow-up') }, kept: { token: 'live' } }),
  } as unknown as TokenRoutes;
  const relay = new OutboxRelay(
    {} as Client,
    { game: async () => null, outbox },
    silentLogger,
    { retryMs: 1000, maxRetryMs: 60_000, clock },
    routes,
  );
  const channel = {
    id: 'channel-1',
    send: async (options: { nonce: string }) => ({ id: await send(`channel ${options.nonce}`) }),
  } as unknown as SendableChannels;
  return { relay, channel, lobby, outbox };
}

describe('deleting a game message', () => {
  it.each([
    ['Missing Access', 50001, 403],
    ['Missing Permissions', 50013, 403],
    ['Unknown Channel', 10003, 404],
  ])('gives up at once on %s: the entry leaves the outbox and is not retried', async (_, code, status) => {
    const { relay, outbox, clock, gameId, deletes } = await relayWith(refusal(code, status));
    await relay.delete('channel-1', gameId, 'message-1');
    expect(await outbox.pending()).toEqual([]);
    await clock.advance(10 * 60_000);
    expect(deletes()).toBe(1);
  });

  it('keeps a delete that failed for a passing reason, and tries it again', async () => {
    const { relay, outbox, clock, gameId, deletes } = await relayWith(refusal(0, 500));
    await relay.delete('channel-1', gameId, 'message-1');
    expect(await outbox.pending()).toHaveLength(1);
    await clock.advance(2000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deletes()).toBe(2);
    expect(await outbox.pending()).toHaveLength(1);
    relay.close();
  });
});

describe('posting a game message', () => {
  it('sends a post whose earlier channel attempt is unconfirmed in the channel again with its nonce, not as a follow-up', async () => {
    const sent: string[] = [];
    const { relay, channel, lobby, outbox } = await postingRelay(true, async (way) => {
      sent.push(way);
      return way === 'follow-up' ? 'follow-up-message' : 'channel-message';
    });
    // The first attempt in the channel got no answer: its entry stays in the outbox.
    await outbox.beginPost(lobby.id, 'channel-1', 'summary', 's0.g');
    const message = await relay.post(channel, lobby.id, 'summary', 's0.g', { content: 'summary' });
    expect(sent).toEqual(['channel s0.g']);
    expect(message.id).toBe('channel-message');
    expect(await outbox.pending()).toEqual([]);
    // A post with nothing unconfirmed goes as a follow-up of the live token.
    await relay.post(channel, lobby.id, 'notice', 'n0.g', { content: 'your turn' });
    expect(sent).toEqual(['channel s0.g', 'follow-up']);
  });
});

describe('settling what an earlier process left in the outbox', () => {
  it("settles several games' entries at once (each waits on Discord), and one game's in their order", async () => {
    const channels = Array.from({ length: 12 }, (_, i) => `channel-${i}`);
    const { clock, lobbies, outbox } = await lobbiesIn(channels);
    const games = lobbies.map((lobby) => lobby.id);
    for (const [i, gameId] of games.entries())
      await outbox.beginDelete(gameId, channels[i]!, `message-${i}-a`);
    await outbox.beginDelete(games[0]!, 'channel-0', 'message-0-b');
    // Discord answers a delete only when told: what is in flight at once is seen.
    const inFlight: string[] = [];
    const answers: (() => void)[] = [];
    const client = {
      rest: {
        delete: (route: string) =>
          new Promise<void>((answer) => {
            inFlight.push(route.split('/').at(-1)!);
            answers.push(answer);
          }),
      },
    } as unknown as Client;
    const relay = new OutboxRelay(client, { game: async () => null, outbox }, silentLogger, {
      retryMs: 1000,
      maxRetryMs: 60_000,
      clock,
    });
    const settling = relay.resolvePending(async () => {});
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answers.splice(0).forEach((answer) => answer());
    };
    await new Promise((resolve) => setTimeout(resolve, 20));
    // More than one game at a time, not every game at once; game 0's second delete waits for its first.
    expect(inFlight.length).toBeGreaterThan(1);
    expect(inFlight.length).toBeLessThan(games.length);
    expect(inFlight).toContain('message-0-a');
    expect(inFlight).not.toContain('message-0-b');
    while (inFlight.length < games.length + 1) await settle();
    await settle();
    await settling;
    expect(inFlight.indexOf('message-0-b')).toBeGreaterThan(inFlight.indexOf('message-0-a'));
    expect(new Set(inFlight).size).toBe(games.length + 1);
    expect(await outbox.pending()).toEqual([]);
  });
});

describe("settling the outbox while this process's own posts are under way", () => {
  it.each([
    ['a follow-up', true],
    ['a channel post', false],
  ])('leaves %s still being sent to its sender, not taking it for a leftover', async (_, followUp) => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { relay, channel, lobby, outbox } = await postingRelay(followUp, async () => {
      await answered;
      return 'mention';
    });
    // The mention is on its way (Discord has not answered yet) when a gain of shards settles the outbox.
    const posting = relay.post(channel, lobby.id, 'notice', 'n0.g', { content: 'your turn' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await outbox.pending()).toHaveLength(1);
    const resolved: string[] = [];
    await relay.resolvePending(async (entry) => {
      resolved.push(entry.kind);
      await outbox.clear(entry);
    });
    expect(resolved, 'a post under way is its sender’s to settle').toEqual([]);
    answer();
    await posting;
    expect(await outbox.pending()).toEqual([]);
    // Settled once the answer came: a later settling finds nothing of it.
    await relay.resolvePending(async (entry) => void resolved.push(entry.kind));
    expect(resolved).toEqual([]);
  });
});
