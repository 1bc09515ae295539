import { describe, expect, it } from 'vitest';
import { ALICE, makeHarness, type Harness } from './helpers';

describe('games whose channel or server the bot lost', () => {
  async function gamesIn(h: Harness) {
    const open = async (guildId: string, channelId: string, start: boolean) => {
      const lobby = await h.service.openLobby({ game: 'greed', guildId, channelId, host: ALICE, seats: 2 });
      if (start) await h.service.startGame(lobby.id, ALICE.id);
      return lobby.id;
    };
    return {
      running: await open('g1', 'c1', true),
      lobby: await open('g1', 'c2', false),
      elsewhere: await open('g2', 'c3', true),
    };
  }

  it('cancels every open game of a server the bot left: reason kept, rated for nobody, nothing owed', async () => {
    const h = await makeHarness();
    const { running, lobby, elsewhere } = await gamesIn(h);
    await h.service.outbox.beginDelete(running, 'c1', 'old-board');
    expect(h.service.armedTimerCount()).toBe(2);

    expect((await h.service.closeGamesInGuild('g1')).sort()).toEqual([running, lobby].sort());

    for (const id of [running, lobby]) {
      const game = (await h.service.getGame(id))!;
      expect(game.status).toBe('cancelled');
      expect(game.endedBy).toEqual({ id: 'bot-removed', name: 'the bot was removed from the server' });
      expect(await h.service.outbox.pendingFor(id)).toEqual([]);
    }
    expect((await h.service.outbox.unsettledGames()).map((game) => game.id)).toEqual([elsewhere]);
    expect(h.service.armedTimerCount()).toBe(1);
    expect((await h.service.getGame(elsewhere))!.status).toBe('active');
    expect(await h.service.stats('g1', ALICE.id, 'greed')).toBeNull();
    expect(h.errors).toEqual([]);
  });

  it('cancels the game of a deleted channel or thread, and nothing in other channels', async () => {
    const h = await makeHarness();
    const { running, lobby, elsewhere } = await gamesIn(h);
    expect(await h.service.closeGamesInChannels(['c3', 'no-game-here'])).toEqual([elsewhere]);
    expect((await h.service.getGame(elsewhere))!.endedBy?.name).toBe('the channel was deleted');
    expect((await h.service.getGame(running))!.status).toBe('active');
    expect((await h.service.getGame(lobby))!.status).toBe('lobby');
    // A second deletion event for the same channel changes nothing.
    expect(await h.service.closeGamesInChannels(['c3'])).toEqual([]);
  });
});
