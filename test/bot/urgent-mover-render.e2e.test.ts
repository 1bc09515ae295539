/**
 * The board answering a person's click is drawn as an answer Discord waits for: in the render pool it goes
 * before the other games' queued redraws and before the other urgent boards (src/workers/task-pool.ts), so a
 * busy bot does not keep the mover waiting behind them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
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

describe("the board answering a mover's click", () => {
  it('is asked of the renderer as urgent, and as an answer', async () => {
    const games = createRegistry([hareModule, tinyModule]);
    const inline = createInlineRenderer(games);
    const boards: string[] = [];
    const renderer: Renderer = {
      ...inline,
      board: (gameKey, input, options) => {
        boards.push(options?.answering ? 'answering' : options?.urgent ? 'urgent' : 'queued');
        return inline.board(gameKey, input, options);
      },
    };
    h = await createHarness({ games, renderer, aiTurnDelayMs: 20 });
    const { gameId } = await startGame(h, [h.users.alice, h.users.bob], { target: 9 }, 'tiny');
    const game = await waitForBoardOrEnd(h, gameId);
    const state = game.state as TinyState;
    expect(state.mustPass).toBe(false);
    const user = game.seats[state.current]!.userId === h.users.alice.id ? h.users.alice : h.users.bob;
    const board = boardShowing(h, game)!;
    const before = boards.length;
    const click = h.fake.clickButton({
      user,
      messageId: board.id,
      customId: allComponents(board)[1]!.custom_id!,
    });
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type, 'an update response carrying the board').toBe(7);
    expect(answer.message?.embeds[0]?.footer?.text).toContain(`v${game.version + 1}`);
    expect(boards.slice(before), 'the answer was drawn first of all').toContain('answering');
    // The lobby's Start is a click too, but its board waits behind the moves of games under way.
    expect(boards.slice(0, before), 'the board the Start click waited for').toContain('urgent');
    expect(boards.slice(0, before)).not.toContain('answering');
  });
});
