/**
 * A mover's click is answered with the board itself (an update response); when the board's upload is slow, a
 * deferral goes before Discord's 3 s deadline as insurance and the board then arrives by an edit. Either way the
 * click is answered exactly once.
 */
import type { REST } from 'discord.js';
import type { RestLogEntry } from '../../src/fakediscord/model';
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
  waitUntil,
  type Harness,
} from './harness';
import { loadGameRenderer } from '../../src/workers/render-pool';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** Holds back the board uploads that answer clicks (the only multipart interaction callbacks) by `delayMs`. */
function slowBoardUploads(rest: REST, delayMs: number): { delayed: () => number } {
  const post = rest.post.bind(rest);
  let delayed = 0;
  rest.post = async (route, options) => {
    if (route.endsWith('/callback') && options?.passThroughBody) {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    return post(route, options);
  };
  return { delayed: () => delayed };
}

/** Clicks the move of whoever is to act on the current board; returns the click and the version it moved from. */
async function clickMove(gameId: string) {
  const game = await waitForBoardOrEnd(h, gameId);
  const state = game.state as TinyState;
  expect(game.status).toBe('active');
  expect(state.mustPass).toBe(false);
  const user = game.seats[state.current]!.userId === h.users.alice.id ? h.users.alice : h.users.bob;
  const board = boardShowing(h, game)!;
  const click = h.fake.clickButton({
    user,
    messageId: board.id,
    customId: allComponents(board)[1]!.custom_id!,
  });
  return { click, board, version: game.version };
}

/** The tiny game, its boards drawn `delayMs` late once `slow.on` is set (as by a render worker with a queue). */
function slowTinyGame(delayMs: number, slow: { on: boolean }): typeof tinyModule {
  return {
    ...tinyModule,
    loadRenderer: async () => {
      const renderer = await loadGameRenderer(tinyModule);
      const board = (input: Parameters<typeof renderer.board>[0]) =>
        slow.on
          ? // The render pool awaits what a renderer returns: a late image, as from a busy worker.
            (new Promise((resolve) => setTimeout(resolve, delayMs)).then(() =>
              renderer.board(input),
            ) as unknown as Uint8Array)
          : renderer.board(input);
      return { ...renderer, board };
    },
  };
}

async function startTinyGame(tiny: typeof tinyModule = tinyModule): Promise<string> {
  h = await createHarness({ games: createRegistry([hareModule, tiny]), aiTurnDelayMs: 20 });
  const { gameId } = await startGame(h, [h.users.alice, h.users.bob], { target: 9 }, 'tiny');
  return gameId;
}

/** The click's interaction callbacks that Discord accepted (a second one would be refused with 40060). */
async function acceptedCallbacks(interactionId: string): Promise<number> {
  const accepted = (r: RestLogEntry) =>
    r.method === 'POST' &&
    r.path.startsWith(`/interactions/${interactionId}/`) &&
    r.path.endsWith('/callback') &&
    r.status < 300;
  await h.fake.waitForRequest(accepted);
  return h.fake.requests.filter(accepted).length;
}

function boardFooter(messageId: string): string {
  return h.fake.message(messageId)?.embeds[0]?.footer?.text ?? '';
}

describe("a mover's click", () => {
  it('is answered with the board itself when the board is ready in time', async () => {
    const gameId = await startTinyGame();
    const { click, board, version } = await clickMove(gameId);
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type, 'an update response carrying the board').toBe(7);
    expect(answer.latencyMs).toBeLessThan(3000);
    expect(answer.message?.id).toBe(board.id);
    expect(answer.message?.embeds[0]?.footer?.text).toContain(`v${version + 1}`);
    expect(await acceptedCallbacks(click.id), 'answered once').toBe(1);
  });

  it('is acknowledged within 3 s when the board upload would reach Discord too late, and the board still arrives', async () => {
    const gameId = await startTinyGame();
    const slow = slowBoardUploads(h.bot.client.rest, 3300);
    const { click, board, version } = await clickMove(gameId);
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type, 'a deferred update as insurance').toBe(6);
    expect(answer.latencyMs).toBeLessThan(3000);
    await waitUntil(() => boardFooter(board.id).includes(`v${version + 1}`), 8000, 'the board of the move');
    expect(slow.delayed()).toBe(1);
    expect(click.callback?.type).toBe(6);
    expect(await acceptedCallbacks(click.id), 'answered once').toBe(1);
  });

  it('is acknowledged once when the slow upload lands after the insurance but before the deadline', async () => {
    const gameId = await startTinyGame();
    slowBoardUploads(h.bot.client.rest, 2500);
    const { click, board, version } = await clickMove(gameId);
    const answer = await h.fake.waitForResponse(click);
    expect(answer.latencyMs).toBeLessThan(3000);
    await waitUntil(() => boardFooter(board.id).includes(`v${version + 1}`), 8000, 'the board of the move');
    // Whichever reached Discord first answered the click; the other was refused, nothing is owed.
    expect([6, 7]).toContain(click.callback?.type);
    expect(await acceptedCallbacks(click.id), 'answered once').toBe(1);
  });

  it('is deferred by its safety point when the board is drawn late, and the board comes by an edit', async () => {
    const slow = { on: false };
    const gameId = await startTinyGame(slowTinyGame(2600, slow));
    slow.on = true;
    const { click, board, version } = await clickMove(gameId);
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type).toBe(6);
    expect(answer.latencyMs, 'at the safety point, 2.2 s after the click').toBeGreaterThan(2150);
    expect(answer.latencyMs).toBeLessThan(3000);
    await waitUntil(() => boardFooter(board.id).includes(`v${version + 1}`), 8000, 'the board of the move');
    expect(await acceptedCallbacks(click.id), 'answered once').toBe(1);
  });
});
