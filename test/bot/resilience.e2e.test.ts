import { afterEach, describe, expect, it } from 'vitest';
import {
  allComponents,
  controlsOf,
  boardShowing,
  createHarness,
  expectEveryInteractionAnswered,
  startGame,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';
import { chooseAction } from '../../src/games/hare/computer/index';
import { seedRng, type GameState } from '../../src/games/hare/rules/index';

/** Plays the first move in the menu of the board for the user to act. */
async function playFromMenu(h: Harness, gameId: string, userId: string): Promise<boolean> {
  const game = await waitForTurnOf(h, gameId, userId);
  if (game.status !== 'active') return false;
  const board = boardShowing(h, game)!;
  const user = Object.values(h.users).find((u) => u.id === userId)!;
  // Under the standard rules the controls are private: the board's Choose your move opens them.
  const controls = await controlsOf(h, user, board);
  const menu = allComponents(controls).find((c) => c.type === 3);
  const button = allComponents(controls).find((c) => c.type === 2);
  const ix = menu
    ? h.fake.selectMenu({
        user,
        messageId: controls.id,
        customId: menu.custom_id!,
        values: [menu.options![0]!.value],
      })
    : h.fake.clickButton({ user, messageId: controls.id, customId: button!.custom_id! });
  const outcome = await h.fake.waitForResponse(ix);
  // Answered with the redrawn board, or deferred when Discord failed it and the board comes later.
  expect([6, 7]).toContain(outcome.type);
  await waitUntil(
    async () => ((await h.service.getGame(gameId))!.version > game.version ? true : null),
    5000,
    'the move',
  );
  return true;
}

describe('the bot keeps games going through restarts and Discord failures', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('restart mid-game: the game goes on, computer timers resume, the old board buttons still work', async () => {
    h = await createHarness({ aiTurnDelayMs: 40 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 3, 'computer-level': 'novice', 'turn-limit': 6 });
    await playFromMenu(h, gameId, alice.id);
    // Restart while a computer is to act (under load both computers may have moved already: play on until not).
    let before = (await h.service.getGame(gameId))!;
    const aliceToAct = (game: typeof before) =>
      game.seats[(game.state as GameState).current]?.userId === alice.id;
    while (before.status === 'active' && aliceToAct(before)) {
      await playFromMenu(h, gameId, alice.id);
      before = (await h.service.getGame(gameId))!;
    }
    const boardId = before.boardMessageId;
    await h.restart();
    expect((await h.service.getGame(gameId))!.version).toBeGreaterThanOrEqual(before.version);
    // Computers act again after the restart, and Alice plays on the same board message.
    const next = await waitForTurnOf(h, gameId, alice.id);
    expect(next.version).toBeGreaterThan(before.version);
    expect(next.boardMessageId).toBe(boardId);
    expect(await playFromMenu(h, gameId, alice.id)).toBe(true);
    while (await playFromMenu(h, gameId, alice.id));
    const finished = (await h.service.getGame(gameId))!;
    expect(finished.status).toBe('finished');
    expect((await h.service.replayCheck(gameId)).ok).toBe(true);
    await h.fake.waitForMessage((m) => m.attachments.some((a) => a.filename === 'summary.png'), 10_000);
    expect(expectEveryInteractionAnswered(h).slowestMs).toBeLessThan(3000);
  });

  it('429 and 500 answers on board edits for a while: the game continues and the final board is right', async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 3, 'computer-level': 'novice', 'turn-limit': 5 });
    const edits = /^\/channels\/\d+\/messages\/\d+$/;
    const limited = h.fake.failNext({
      method: 'PATCH',
      route: edits,
      status: 429,
      durationMs: 1500,
      retryAfterMs: 150,
    });
    const broken = h.fake.failNext({ method: 'PATCH', route: edits, status: 500, count: 6 });
    while (await playFromMenu(h, gameId, alice.id));
    expect(limited.hits).toBeGreaterThan(0);
    expect(broken.hits).toBeGreaterThan(0);
    const finished = (await h.service.getGame(gameId))!;
    expect(finished.status).toBe('finished');
    const board = await waitUntil(
      async () => boardShowing(h, (await h.service.getGame(gameId))!),
      10_000,
      'the final board',
    );
    expect(board.embeds[0]?.title).toMatch(/game over/);
    expect(board.components).toHaveLength(0);
    expect(board.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(
      h.fake
        .messages(h.channel.id)
        .filter(
          (m) =>
            m.embeds[0]?.footer?.text?.includes(`Game ${gameId}`) &&
            m.attachments.some((a) => a.filename === 'board.png'),
        ),
    ).toHaveLength(1);
  });

  it('a deleted board message is posted again', async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice', 'turn-limit': 4 });
    const first = await waitForTurnOf(h, gameId, alice.id);
    h.fake.deleteMessage(first.boardMessageId!);
    const square = (
      await h.fake.autocomplete({
        user: alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        focused: 'square',
        value: '',
      })
    )[0]!.value;
    const moved = await h.fake.waitForResponse(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'hare',
        subcommand: 'move',
        options: { square: Number(square) },
      }),
    );
    expect(moved.ephemeral).toBe(true);
    const again = await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        return game.boardMessageId !== first.boardMessageId && boardShowing(h, game) ? game : null;
      },
      10_000,
      'a new board message',
    );
    expect(h.fake.message(again.boardMessageId!)?.deleted).toBe(false);
  });

  it('a board Discord will not edit any more (30046, over an hour old) is replaced by a fresh one', async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice' });
    const first = await waitForTurnOf(h, gameId, alice.id);
    h.fake.ageMessage(first.boardMessageId!, 61 * 60_000);
    const state = first.state as GameState;
    await h.service.act(gameId, alice.id, chooseAction(state, 'novice', seedRng('30046')), first.version);
    const next = await waitForTurnOf(h, gameId, alice.id);
    expect(next.boardMessageId).not.toBe(first.boardMessageId);
    await waitUntil(() => h.fake.message(first.boardMessageId!)?.deleted, 5000, 'the old board removed');
    const refused = h.fake.requests.filter((r) => r.errorCode === 30046);
    expect(refused).toHaveLength(1);
  });

  it('an old board message is replaced by a new one and the old one removed', async () => {
    h = await createHarness({ aiTurnDelayMs: 20, maxBoardAgeMs: 300 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice', 'turn-limit': 4 });
    const first = await waitForTurnOf(h, gameId, alice.id);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await playFromMenu(h, gameId, alice.id);
    const replaced = await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        return game.boardMessageId && game.boardMessageId !== first.boardMessageId ? game : null;
      },
      10_000,
      'a fresh board message',
    );
    await waitUntil(
      () => h.fake.message(first.boardMessageId!)?.deleted ?? true,
      5000,
      'the old board removed',
    );
    expect(h.fake.message(replaced.boardMessageId!)?.deleted).toBe(false);
  });

  it('a race that ends while the bot is down gets its final board and summary after the restart', async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice', 'turn-limit': 3 });
    await waitForTurnOf(h, gameId, alice.id);
    await h.bot.destroy(2000);
    const rng = seedRng('while-down');
    await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        if (game.status !== 'active') return true;
        const state = game.state as GameState;
        if (game.seats[state.current]?.userId === alice.id) {
          await h.service.act(gameId, alice.id, chooseAction(state, 'novice', rng), game.version);
        }
        return null;
      },
      10_000,
      'the race to end without the bot',
    );
    expect(
      h.fake.messages(h.channel.id).some((m) => m.attachments.some((a) => a.filename === 'summary.png')),
    ).toBe(false);
    await h.restart();
    const summary = await h.fake.waitForMessage(
      (m) => m.attachments.some((a) => a.filename === 'summary.png'),
      10_000,
    );
    expect(summary.embeds[0]?.footer?.text).toContain(gameId);
    const board = h.fake.message((await h.service.getGame(gameId))!.boardMessageId!)!;
    expect(board.embeds[0]?.title).toMatch(/game over/);
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.summaryPosted,
      5000,
      'the summary to be recorded',
    );
    await h.restart();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      h.fake.messages(h.channel.id).filter((m) => m.attachments.some((a) => a.filename === 'summary.png')),
    ).toHaveLength(1);
  });
});
