import { describe, expect, it } from 'vitest';
import { ALICE, makeHarness } from './helpers';

describe('games whose channel or server the bot lost', () => {
  function gamesIn(h: ReturnType<typeof makeHarness>) {
    const open = (guildId: string, channelId: string, start: boolean) => {
      const lobby = h.service.openLobby({ game: 'greed', guildId, channelId, host: ALICE, seats: 2 });
      if (start) h.service.startGame(lobby.id, ALICE.id);
      return lobby.id;
    };
    return {
      running: open('g1', 'c1', true),
      lobby: open('g1', 'c2', false),
      elsewhere: open('g2', 'c3', true),
    };
  }

  it('cancels every open game of a server the bot left: reason kept, rated for nobody, nothing owed', () => {
    const h = makeHarness();
    const { running, lobby, elsewhere } = gamesIn(h);
    h.service.messages.beginDelete(running, 'c1', 'old-board');
    expect(h.service.armedTimerCount()).toBe(2);

    expect(h.service.closeGamesInGuild('g1').sort()).toEqual([running, lobby].sort());

    for (const id of [running, lobby]) {
      const game = h.service.getGame(id)!;
      expect(game.status).toBe('cancelled');
      expect(game.endedBy).toEqual({ id: 'bot-removed', name: 'the bot was removed from the server' });
      expect(h.service.messages.pendingFor(id)).toEqual([]);
    }
    expect(h.service.messages.unsettledGames()).toEqual([elsewhere]);
    expect(h.service.armedTimerCount()).toBe(1);
    expect(h.service.getGame(elsewhere)!.status).toBe('active');
    expect(h.service.stats('g1', ALICE.id, 'greed')).toBeNull();
    expect(h.errors).toEqual([]);
  });

  it('cancels the game of a deleted channel or thread, and nothing in other channels', () => {
    const h = makeHarness();
    const { running, lobby, elsewhere } = gamesIn(h);
    expect(h.service.closeGamesInChannels(['c3', 'no-game-here'])).toEqual([elsewhere]);
    expect(h.service.getGame(elsewhere)!.endedBy?.name).toBe('the channel was deleted');
    expect(h.service.getGame(running)!.status).toBe('active');
    expect(h.service.getGame(lobby)!.status).toBe('lobby');
    // A second deletion event for the same channel changes nothing.
    expect(h.service.closeGamesInChannels(['c3'])).toEqual([]);
  });
});
