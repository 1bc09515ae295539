/**
 * The platform's words that every game shares: the lobby names the rule set only for games that have rule sets
 * and explains each computer level once; the rating is explained once, in words a first loss does not contradict.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lobbyPayload } from '../../src/bot/views';
import { leaderboardEmbed, statsEmbed } from '../../src/bot/stats-views';
import { GAMES } from '../../src/games/index';
import {
  conservativeRating,
  INITIAL_RATING,
  rateGame,
  type PlayerRating,
  type PlayerStats,
} from '../../src/store/index';
import { ALICE, GUILD, makeHarness, type Harness } from '../service/helpers';
import { botSees } from '../support/game-record';

describe('the platform’s words', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    h?.service.stop();
    await h?.dispose();
    h = null;
  });

  const lobbyOf = async (game: string, extra: { seats?: number; computerLevel?: string } = {}) => {
    h ??= await makeHarness();
    const lobby = await h.service.openLobby({
      game,
      guildId: GUILD,
      channelId: `c-${game}`,
      host: ALICE,
      ...extra,
    });
    return { lobby, module: GAMES.require(game) };
  };

  it('"standard rules" only for a game that has rule sets', async () => {
    const candy = await lobbyOf('candyland');
    expect(lobbyPayload(candy.module, botSees(candy.lobby)).embeds[0]!.data.description).not.toMatch(/rules/);
    const hare = await lobbyOf('hare');
    expect(lobbyPayload(hare.module, botSees(hare.lobby)).embeds[0]!.data.description).toMatch(
      /standard rules/,
    );
  });

  it('a game with a single computer level: "a computer" fills a free seat, named "Computer <n>"', async () => {
    const { lobby, module } = await lobbyOf('candyland', { seats: 3 });
    const added = await h!.service.addComputer(lobby.id, ALICE.id);
    const seats = lobbyPayload(module, botSees(added)).embeds[0]!.data.fields![0]!.value;
    expect(seats.split('\n').slice(1)).toEqual([
      '2. 🤖 Computer 1',
      '3. *free — a computer if nobody joins*',
    ]);
  });

  it('the lobby explains each computer level in play once, from the game’s own description', async () => {
    const { lobby, module } = await lobbyOf('greed', { seats: 4, computerLevel: 'steady' });
    const added = await h!.service.addComputer(lobby.id, ALICE.id, 'expert');
    const fields = lobbyPayload(module, botSees(added)).embeds[0]!.data.fields ?? [];
    const computers = fields.find((field) => field.name === 'Computers')?.value ?? '';
    expect(computers.split('\n')).toEqual([
      `• S${module.texts.levelDescription('steady').slice(1)}`,
      `• E${module.texts.levelDescription('expert').slice(1)}`,
    ]);
    const seats = fields[0]!.value;
    expect(seats).toMatch(/🤖 Expert 1$/m);
    expect(seats).not.toMatch(/\(expert\)/);
  });

  it('a first loss shows a rating below 0 with an explanation that says so, given once', () => {
    const after = rateGame(
      [
        { playerId: ALICE.id, name: 'Alice', place: 2 },
        { playerId: 'computer:steady', name: 'Steady 1', place: 1 },
      ],
      () => INITIAL_RATING,
    ).get(ALICE.id)!;
    const rating: PlayerRating = {
      guildId: GUILD,
      gameKey: 'greed',
      playerId: ALICE.id,
      name: 'Alice',
      ...after,
      conservative: conservativeRating(after),
      games: 1,
      wins: 0,
    };
    const record: PlayerStats = {
      guildId: GUILD,
      gameKey: 'greed',
      userId: ALICE.id,
      name: 'Alice',
      games: 1,
      wins: 0,
      placeSum: 2,
      gamesLeft: 0,
      beaten: {},
      updatedAt: 0,
    };
    expect(rating.conservative).toBeLessThan(0);
    const module = GAMES.require('greed');
    const board = JSON.stringify(leaderboardEmbed(module, [rating]).toJSON());
    const stats = statsEmbed(module, 'Alice', record, { rating, chart: false }).toJSON();
    for (const text of [board, JSON.stringify(stats)]) {
      expect(text).not.toMatch(/rising as you play/);
      expect(text).toMatch(/below 0/);
      expect(text.match(/3 × uncertainty/g)).toHaveLength(1);
    }
  });
});
