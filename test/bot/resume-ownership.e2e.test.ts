/**
 * A process of a sharded bot settles after a start only the channels of the shards it holds, and tells the
 * other processes' games apart by their server as listed, without reading each: on PostgreSQL under load,
 * reading every open game of the database one by one held up a takeover's channels for two minutes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/store/storage';
import {
  createHarness,
  startServiceGame,
  waitForBoards,
  waitUntil,
  wrapGamesStore,
  type Harness,
} from './harness';

describe('a resume of a process holding some shards', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('reads none of the games of the servers it does not drive, and settles those it does', async () => {
    const owned = new Set<string>();
    let everything = true;
    // The reads of the latest start's storage (not those of the stopping bot's).
    let reads = new Map<string, number>();
    const counting = (storage: Storage): Storage => {
      const counted = new Map<string, number>();
      reads = counted;
      return wrapGamesStore(storage, (name, method) =>
        name === 'getGame'
          ? (gameId) => {
              counted.set(gameId as string, (counted.get(gameId as string) ?? 0) + 1);
              return method(gameId);
            }
          : method,
      );
    };
    h = await createHarness({
      ownership: { ownsGuild: (guildId) => everything || owned.has(guildId) },
      wrapStorage: counting,
    });
    const gameIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const server = h.fake.addGuild({ name: `Server ${i}`, channels: ['table'] });
      gameIds.push(
        await startServiceGame(h, { guildId: server.guild.id, channelId: server.channel.id }, { seats: 2 }),
      );
    }
    await waitForBoards(h, gameIds);
    const mine = gameIds[0]!;
    owned.add((await h.service.getGame(mine))!.guildId);
    everything = false;

    const myChannel = (await h.service.getGame(mine))!.channelId;
    const before = h.fake.requests.length;
    await h.restart();
    // The resume at ready redraws the board of the one game it drives.
    await waitUntil(
      () =>
        h.fake.requests
          .slice(before)
          .some((entry) => entry.method === 'PATCH' && entry.path.startsWith(`/channels/${myChannel}/`)),
      20_000,
      'its own board redrawn',
    );
    for (const other of gameIds.slice(1)) expect(reads.get(other) ?? 0, other).toBe(0);
  });
});
