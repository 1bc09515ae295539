/**
 * A suggestion that is only a hint ("Nothing matches; see /hare hand") carries no playable value: picking it
 * is refused as "not one of your choices", privately and in the reader's language, and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState as HedgehogState } from '../../src/games/hedgehogs/index';
import { GAMES, commandWords } from '../../src/games/index';
import { replyWords } from '../../src/i18n/index';
import {
  createHarness,
  startGame,
  waitForBoardOrEnd,
  waitForTurnOf,
  waitForVersionAfter,
  type Harness,
} from './harness';

describe('a hint picked from the suggestions is refused as no choice', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('/hare move banana and /hare move 99 (English and German readers)', async () => {
    const { bob } = h.users;
    const gerd = h.fake.addUser({ username: 'gerd', globalName: 'Gerd', locale: 'de', guilds: [h.guildId] });
    const { gameId } = await startGame(h, [gerd, bob], { seats: 2 });
    const game = await waitForTurnOf(h, gameId, gerd.id);
    const hareDe = commandWords(GAMES.require('hare'), 'de')!;
    for (const typed of ['banana', '99', 'Bananen']) {
      const suggestions = await h.fake.autocomplete({
        user: gerd,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        focused: 'square',
        value: typed,
      });
      expect(suggestions, typed).toHaveLength(1);
      const answer = await h.fake.waitForResponse(
        h.fake.slashCommand({
          user: gerd,
          channel: h.channel,
          name: 'hare',
          subcommand: 'move',
          options: { square: suggestions[0]!.value as number },
        }),
      );
      expect(answer.ephemeral, typed).toBe(true);
      expect(answer.message?.content, typed).not.toMatch(/Feld 0|square 0/);
      expect(answer.message?.content, typed).toBe(
        replyWords('de')('option.noChoice', { game: hareDe.name, command: hareDe.subcommands['hand']!.name }),
      );
    }
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });

  it('/hedgehogs place with a row that matches nothing', async () => {
    const { alice } = h.users;
    const { gameId } = await startGame(
      h,
      [alice],
      { seats: 2, 'computer-level': 'novice', speed: 'fast' },
      'hedgehogs',
    );
    const aliceToPlace = async () => {
      let game = await waitForBoardOrEnd(h, gameId);
      while ((game.state as HedgehogState).current !== 0) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer');
        game = await waitForBoardOrEnd(h, gameId);
      }
      expect((game.state as HedgehogState).phase).toBe('place');
      return game;
    };
    const ask = () =>
      h.fake.autocomplete({
        user: alice,
        channel: h.channel,
        name: 'hedgehogs',
        subcommand: 'place',
        focused: 'row',
        value: '9',
      });
    let game = await aliceToPlace();
    // Every row is open at first: no value could be told from a move, so no hint is offered.
    expect(await ask()).toEqual([]);
    await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hedgehogs',
        subcommand: 'place',
        options: { row: 3 },
      }),
    );
    await waitForVersionAfter(h, gameId, game.version, 'the placing');
    game = await aliceToPlace();
    const suggestions = await ask();
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]!.name).toMatch(/Nothing matches/);
    const answer = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hedgehogs',
        subcommand: 'place',
        options: { row: suggestions[0]!.value as number },
      }),
    );
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(
      replyWords('en')('option.noChoice', { game: 'hedgehogs', command: 'hand' }),
    );
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });
});
