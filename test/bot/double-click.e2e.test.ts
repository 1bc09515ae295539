/**
 * A double (or triple) click on a board control is one move: the clicks after the first, on the same board
 * version by the same player, are absorbed silently (a deferred update), never refused as an out-of-date board.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyState } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  createHarness,
  startGame,
  waitForBoardOrEnd,
  type Harness,
} from './harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('fast repeated clicks on a board control', () => {
  it('play one move and answer the other clicks silently', async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
    const { gameId } = await startGame(h, [h.users.alice, h.users.bob], { target: 9 }, 'tiny');
    const game = await waitForBoardOrEnd(h, gameId);
    const state = game.state as TinyState;
    const user = game.seats[state.current]!.userId === h.users.alice.id ? h.users.alice : h.users.bob;
    const board = boardShowing(h, game)!;
    const customId = allComponents(board)[1]!.custom_id!;
    const clicks = [0, 1, 2].map(() => h.fake.clickButton({ user, messageId: board.id, customId }));
    const answers = await Promise.all(clicks.map((click) => h.fake.waitForResponse(click)));
    expect(answers.map((answer) => answer.type).sort(), 'no private refusal (type 4)').not.toContain(4);
    const after = await waitForBoardOrEnd(h, gameId);
    expect(after.version, 'one move was played').toBe(game.version + 1);
    const privateTexts = h.fake
      .messages(h.channel.id, { visibleTo: user.id })
      .filter((message) => message.visibleTo === user.id)
      .map((message) => message.content);
    expect(privateTexts.join('\n')).not.toMatch(/out of date/);
  });
});
