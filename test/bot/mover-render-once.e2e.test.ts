/**
 * A board is drawn once per move: a click answered while the game's previous flush was still busy is answered
 * with its own drawing of the board (answerMover), and the flush of that move that follows must not draw the
 * same board again (bench:scale: about one board render in ten was a second drawing of a mover's board).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/games/registry';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { tinyModule, type TinyState } from '../support/tiny-game';
import { allComponents, createHarness, startGame, waitUntil, type Harness } from './harness';

/** The game once its board shows its latest version (the version is in each control's id). */
function waitForBoard(h: Harness, gameId: string) {
  return waitUntil(
    async () => {
      const now = (await h.service.getGame(gameId))!;
      const board = h.fake.message(now.boardMessageId!);
      return board && JSON.stringify(board.components).includes(`:${now.version}:`) ? now : null;
    },
    10_000,
    'the board of the latest move',
  );
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('a mover’s board', () => {
  it('is drawn once for each move, also when the click comes while the last move’s flush is busy', async () => {
    const games = createRegistry([tinyModule]);
    const inline = createInlineRenderer(games);
    const drawn: string[] = [];
    // A slow renderer keeps each flush busy long enough for the next person's click to come meanwhile.
    const renderer: Renderer = {
      ...inline,
      board: async (gameKey, input, options) => {
        drawn.push(JSON.stringify(input.state));
        await new Promise((resolve) => setTimeout(resolve, 150));
        return inline.board(gameKey, input, options);
      },
    };
    h = await createHarness({ games, renderer, aiTurnDelayMs: 60_000 });
    const players = [h.users.alice, h.users.bob];
    const { gameId } = await startGame(h, players, { target: 9 }, 'tiny');
    for (let move = 0; move < 6; move++) {
      const game = await waitForBoard(h, gameId);
      const state = game.state as TinyState;
      const user = players.find((player) => player.id === game.seats[state.current]!.userId)!;
      const board = h.fake.message(game.boardMessageId!)!;
      const button = allComponents(board).find((component) => component.custom_id?.includes(':'));
      // Each click as soon as the board shows the turn: the flush of the move before is still busy.
      await h.fake.waitForResponse(
        h.fake.clickButton({ user, messageId: board.id, customId: button!.custom_id! }),
      );
    }
    // The flushes of the last moves end (each draws nothing new once the click's answer showed its board).
    await waitForBoard(h, gameId);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const twice = drawn.filter((state, i) => drawn.indexOf(state) !== i);
    expect(twice, 'boards drawn a second time').toEqual([]);
  }, 60_000);
});
