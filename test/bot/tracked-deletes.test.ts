import { DiscordAPIError, type Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { TrackedMessages } from '../../src/bot/publishing/tracked-messages';
import { silentLogger } from '../../src/logger';
import { FakeClock, GameService } from '../../src/service/index';
import { openSqliteStorage } from '../../src/store/sqlite/sqlite-storage';

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

/** A TrackedMessages whose Discord answers every delete with `error`; counts the deletes. */
async function trackedWith(error: unknown) {
  const clock = new FakeClock();
  const service = new GameService({ store: openSqliteStorage(':memory:'), clock });
  const lobby = await service.openLobby({
    game: 'greed',
    guildId: 'guild-1',
    channelId: 'channel-1',
    host: { id: '100', name: 'Ada' },
  });
  const ledger = service.messages;
  let deletes = 0;
  const client = {
    rest: {
      delete: async () => {
        deletes++;
        throw error;
      },
    },
  } as unknown as Client;
  const tracked = new TrackedMessages(client, { game: async () => null, ledger }, silentLogger, {
    retryMs: 1000,
    maxRetryMs: 60_000,
    clock,
  });
  return { tracked, ledger, clock, gameId: lobby.id, deletes: () => deletes };
}

describe('deleting a game message', () => {
  it.each([
    ['Missing Access', 50001, 403],
    ['Missing Permissions', 50013, 403],
    ['Unknown Channel', 10003, 404],
  ])('gives up at once on %s: the entry leaves the outbox and is not retried', async (_, code, status) => {
    const { tracked, ledger, clock, gameId, deletes } = await trackedWith(refusal(code, status));
    await tracked.delete('channel-1', gameId, 'message-1');
    expect(await ledger.pending()).toEqual([]);
    await clock.advance(10 * 60_000);
    expect(deletes()).toBe(1);
  });

  it('keeps a delete that failed for a passing reason, and tries it again', async () => {
    const { tracked, ledger, clock, gameId, deletes } = await trackedWith(refusal(0, 500));
    await tracked.delete('channel-1', gameId, 'message-1');
    expect(await ledger.pending()).toHaveLength(1);
    await clock.advance(2000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(deletes()).toBe(2);
    expect(await ledger.pending()).toHaveLength(1);
    tracked.close();
  });
});
