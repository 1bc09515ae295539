/** A game's language: fixed when its lobby opens, kept with the game, and the computers named in it. */
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, GUILD, makeHarness, type Harness } from './helpers';

describe("a lobby's language", () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('is English unless given, and kept with the game when given', async () => {
    h = await makeHarness();
    const english = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c1',
      host: ALICE,
    });
    expect(english.options.language).toBe('en');
    const german = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c2',
      host: ALICE,
      language: 'de',
    });
    expect((await h.service.getGame(german.id))!.options.language).toBe('de');
  });

  it('names the computers in the game’s language', async () => {
    h = await makeHarness();
    const names = async (language: 'en' | 'de' | 'fr', channelId: string, game = 'greed') => {
      const lobby = await h.service.openLobby({
        game,
        guildId: GUILD,
        channelId,
        host: ALICE,
        seats: 3,
        computerLevel: 'steady',
        language,
      });
      await h.service.addComputer(lobby.id, ALICE.id);
      const started = await h.service.startGame(lobby.id, ALICE.id);
      return started.game.seats.filter((seat) => seat.userId === null).map((seat) => seat.name);
    };
    expect(await names('en', 'c1')).toEqual(['Steady 1', 'Steady 2']);
    expect(await names('de', 'c2')).toEqual(['Routinier 1', 'Routinier 2']);
  });
});
