/**
 * The live board stays in view: after a move the board is the last thing the mover sees in the channel (a
 * private /hand snapshot or a typed move's answer below it sends it to the bottom again), a typed move is
 * answered with one short private line, and a move made with the board's controls leaves no private message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/fakediscord/index';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import type { GameRecord } from '../../src/store/index';
import { tinyModule, type TinyState } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  createHarness,
  runCommand,
  startGame,
  waitForBoardOrEnd,
  waitForVersionAfter,
  waitUntil,
  type Harness,
} from './harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

async function tinyGame(): Promise<{ gameId: string; game: GameRecord; mover: FakeUser }> {
  h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  const { gameId } = await startGame(h, [h.users.alice, h.users.bob], { target: 9 }, 'tiny');
  const game = await waitForBoardOrEnd(h, gameId);
  const state = game.state as TinyState;
  expect(state.mustPass).toBe(false);
  const mover = game.seats[state.current]!.userId === h.users.alice.id ? h.users.alice : h.users.bob;
  return { gameId, game, mover };
}

/** What `user` sees at the bottom of the channel (the turn mention, which pings the next player, left out). */
function lastSeenBy(user: FakeUser, game: GameRecord): string | undefined {
  return h.fake
    .messages(h.channel.id, { visibleTo: user.id })
    .filter((message) => message.id !== game.turnNoticeMessageId)
    .at(-1)?.id;
}

/** Waits until the game's current board is the last message `user` sees. */
async function boardLastFor(user: FakeUser, gameId: string): Promise<GameRecord> {
  return waitUntil(
    async () => {
      const game = (await h.service.getGame(gameId))!;
      const board = boardShowing(h, game);
      return board && lastSeenBy(user, game) === board.id ? game : null;
    },
    8000,
    'the board at the bottom of the channel for the mover',
  );
}

describe('the live board stays in view', () => {
  it('a typed move after a private /hand: one short private line, then the board below it', async () => {
    const { gameId, game, mover } = await tinyGame();
    const hand = await runCommand(h, mover, 'hand', {}, 'tiny');
    expect(hand.message?.visibleTo).toBe(mover.id);
    const typed = await runCommand(h, mover, 'add', { amount: 1 }, 'tiny');
    const answer = typed.message!.content;
    expect(answer, 'one line').not.toContain('\n');
    expect(answer.length).toBeLessThanOrEqual(160);
    expect(answer).toMatch(/\S/);
    await waitForVersionAfter(h, gameId, game.version);
    await boardLastFor(mover, gameId);
  });

  it('a click after a private /hand: no private message, and the board comes back below the snapshot', async () => {
    const { gameId, game, mover } = await tinyGame();
    await runCommand(h, mover, 'hand', {}, 'tiny');
    const board = boardShowing(h, game)!;
    const privateMessages = () =>
      h.fake
        .messages(h.channel.id, { visibleTo: mover.id })
        .filter((message) => message.visibleTo === mover.id);
    const before = privateMessages().length;
    const click = h.fake.clickButton({
      user: mover,
      messageId: board.id,
      customId: allComponents(board)[1]!.custom_id!,
    });
    const answer = await h.fake.waitForResponse(click);
    expect([6, 7], 'answered on the board, not by a private reply').toContain(answer.type);
    const moved = await boardLastFor(mover, gameId);
    expect(moved.version).toBe(game.version + 1);
    expect(privateMessages(), 'no private message for the move').toHaveLength(before);
  });
});
