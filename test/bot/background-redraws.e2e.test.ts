/**
 * With many games of computers redrawing their boards, a process runs at most `backgroundRedraws` of those
 * redraws at once (src/bot/publishing/redraw-slots.ts), and the boards a person waits for do not wait behind
 * them: the board answering a person's click, and the one showing a person their turn after a computer's move,
 * are drawn while the computers' boards hold every slot.
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
  startComputerGame,
  startGame,
  waitForBoardOrEnd,
  waitForVersionAfter,
  waitUntil,
  type Harness,
} from './harness';

const CAP = 2;
const COMPUTER_GAMES = 8;
/** How long a computers' board takes to draw: long enough for the redraws of several games to overlap. */
const BACKGROUND_RENDER_MS = 80;

/**
 * Draws on this thread; the boards not marked urgent of games with no person seated slowly, counting those in
 * flight, and while `hold` is on, not before it is let go.
 */
function countingRenderer(games: ReturnType<typeof createRegistry>) {
  const inner = createInlineRenderer(games);
  let letGo = () => {};
  let held: Promise<void> | null = null;
  const boards = {
    background: 0,
    inFlight: 0,
    /** Of those, held until let go. */
    held: 0,
    most: 0,
    urgent: [] as { inFlight: number; at: number }[],
    hold() {
      held = new Promise((resolve) => (letGo = resolve));
    },
    release() {
      held = null;
      letGo();
    },
  };
  const renderer: Renderer = {
    ...inner,
    async board(gameKey, input, options) {
      if (options?.urgent) {
        boards.urgent.push({ inFlight: boards.inFlight, at: performance.now() });
        return inner.board(gameKey, input, options);
      }
      if (input.seats.some((seat) => seat.kind === 'human')) return inner.board(gameKey, input, options);
      boards.background += 1;
      boards.inFlight += 1;
      boards.most = Math.max(boards.most, boards.inFlight);
      const holding = held;
      if (holding) boards.held += 1;
      try {
        await holding;
        await new Promise((resolve) => setTimeout(resolve, BACKGROUND_RENDER_MS));
        return await inner.board(gameKey, input, options);
      } finally {
        boards.inFlight -= 1;
        if (holding) boards.held -= 1;
      }
    },
  };
  return { renderer, boards };
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** Opens and starts `count` games of two computers in channels of their own (Alice hosts, not seated). */
async function startComputerGames(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await startComputerGame(h, `computers-${i}`)).gameId);
  return ids;
}

describe('background redraws', () => {
  it('run at most the cap at once while a mover’s board is drawn at once', { timeout: 60_000 }, async () => {
    const games = createRegistry([hareModule, tinyModule]);
    const { renderer, boards } = countingRenderer(games);
    h = await createHarness({ games, renderer, aiTurnDelayMs: 100, backgroundRedraws: CAP });
    const { alice, bob } = h.users;
    // The person's game first (its board drawn before the computers crowd the slots).
    const { gameId } = await startGame(h, [alice, bob], { target: 9 }, 'tiny');
    const game = await waitForBoardOrEnd(h, gameId);
    const computerGames = await startComputerGames(COMPUTER_GAMES);
    // The computers' games are redrawing, and some of their redraws wait for a slot.
    await waitUntil(() => boards.background >= COMPUTER_GAMES && boards.inFlight >= CAP, 20_000, 'redraws');
    // Every slot now held by a computers' board that is not finished before the click is answered.
    boards.hold();
    await waitUntil(() => boards.held === CAP, 20_000, 'the slots held');

    const state = game.state as TinyState;
    expect(state.mustPass).toBe(false);
    const user = game.seats[state.current]!.userId === alice.id ? alice : bob;
    const board = boardShowing(h, game)!;
    const clickedAt = performance.now();
    const click = h.fake.clickButton({
      user,
      messageId: board.id,
      customId: allComponents(board)[1]!.custom_id!,
    });
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type, 'an update response carrying the board').toBe(7);
    expect(answer.message?.embeds[0]?.footer?.text).toContain(`v${game.version + 1}`);

    const mover = boards.urgent.find((drawn) => drawn.at >= clickedAt);
    expect(mover, 'the mover’s board was drawn as urgent').toBeDefined();
    // Drawn while the computers' boards held every slot: it did not wait for one.
    expect(mover!.inFlight).toBe(CAP);
    expect(boards.held).toBe(CAP);
    boards.release();
    // Every computers' game played to its end, and its last board drawn.
    await waitUntil(
      async () => {
        for (const id of computerGames) if ((await h.service.getGame(id))?.status === 'active') return false;
        return boards.inFlight === 0;
      },
      30_000,
      'the computers’ games to end',
    );
    expect(boards.most, 'background redraws at once').toBeLessThanOrEqual(CAP);
    expect(boards.most).toBe(CAP);
  });

  it(
    'draw the board showing a person their turn while the computers’ boards hold every slot',
    { timeout: 60_000 },
    async () => {
      const games = createRegistry([hareModule, tinyModule]);
      const { renderer, boards } = countingRenderer(games);
      h = await createHarness({ games, renderer, aiTurnDelayMs: 100, backgroundRedraws: CAP });
      const { alice } = h.users;
      // Alice against a computer; she moves first.
      const lobby = await h.service.openLobby({
        game: 'tiny',
        options: { target: 9 },
        guildId: h.guildId,
        channelId: h.channel.id,
        host: { id: alice.id, name: 'Alice' },
        seats: 2,
      });
      await h.service.startGame(lobby.id, alice.id);
      const game = await waitForBoardOrEnd(h, lobby.id);
      expect(game.seats[(game.state as TinyState).current]!.userId).toBe(alice.id);
      await startComputerGames(COMPUTER_GAMES);
      await waitUntil(() => boards.background >= COMPUTER_GAMES && boards.inFlight >= CAP, 20_000, 'redraws');
      boards.hold();
      await waitUntil(() => boards.held === CAP, 20_000, 'the slots held');

      await h.service.act(lobby.id, alice.id, { type: 'add', amount: 1 }, game.version);
      // The computer answers (it cannot reach the target yet): the board shows Alice her turn again.
      const after = await waitForVersionAfter(h, lobby.id, game.version + 1, 'the computer’s move');
      expect(after.seats[(after.state as TinyState).current]!.userId).toBe(alice.id);
      await waitUntil(
        async () => boardShowing(h, (await h.service.getGame(lobby.id))!),
        5_000,
        'the board showing Alice her turn',
      );
      // Drawn while the computers' boards still held every slot: it did not wait for one.
      expect(boards.held).toBe(CAP);
      boards.release();
    },
  );
});
