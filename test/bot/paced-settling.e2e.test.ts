/**
 * After a restart the bot brings every open channel up to date a few at a time: with many open games, at most
 * `settlingConcurrency` boards are being drawn at once, and every board is redrawn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISHER_OPTIONS } from '../../src/bot/publishing/board-publisher';
import { GAMES } from '../../src/games/index';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import {
  boardShowing,
  createHarness,
  startServiceGame,
  waitForBoards,
  waitUntil,
  type Harness,
} from './harness';

const OPEN_GAMES = 10;

/** Draws on this thread, slowly enough that overlapping drawings show, and counts the boards in flight. */
function countingRenderer() {
  const inner = createInlineRenderer(GAMES);
  const boards = { started: 0, inFlight: 0, most: 0 };
  const renderer: Renderer = {
    ...inner,
    async board(gameKey, input) {
      boards.started += 1;
      boards.inFlight += 1;
      boards.most = Math.max(boards.most, boards.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return await inner.board(gameKey, input);
      } finally {
        boards.inFlight -= 1;
      }
    },
  };
  return { renderer, boards };
}

describe('settling the channels after a start', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it.each([
    ['with the default cap on background redraws', {}],
    // A settling job's board waits for none of the slots of the background redraws (it is bounded already).
    ['with a cap of one background redraw', { backgroundRedraws: 1 }],
  ])('redraws many open boards a few at a time, %s', async (_name, options) => {
    const { renderer, boards } = countingRenderer();
    h = await createHarness({ renderer, ...options });
    const gameIds: string[] = [];
    for (let i = 0; i < OPEN_GAMES; i++) {
      const channel = h.fake.addTextChannel(h.guildId, `table-${i}`);
      gameIds.push(await startServiceGame(h, { guildId: h.guildId, channelId: channel.id }));
    }
    await waitForBoards(h, gameIds);

    boards.started = 0;
    boards.most = 0;
    await h.restart();
    await waitUntil(
      () => boards.started >= OPEN_GAMES && boards.inFlight === 0,
      20_000,
      'the redrawn boards',
    );
    expect(boards.started).toBe(OPEN_GAMES);
    expect(boards.most).toBeGreaterThan(1);
    expect(boards.most).toBeLessThanOrEqual(DEFAULT_PUBLISHER_OPTIONS.settlingConcurrency);
    for (const id of gameIds) expect(boardShowing(h, (await h.service.getGame(id))!)).toBeTruthy();
  });

  it('redraws first the boards of the games waiting for a person, then the computers’ games', async () => {
    const drawn: string[] = [];
    const inner = createInlineRenderer(GAMES);
    const renderer: Renderer = {
      ...inner,
      async board(gameKey, input) {
        drawn.push(input.seats[0]!.name);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return inner.board(gameKey, input);
      },
    };
    // The computers wait a minute before they move: nothing changes while the channels are settled.
    h = await createHarness({ renderer, aiTurnDelayMs: 60_000 });
    const { alice } = h.users;
    const open = async (name: string, hostSeated: boolean) => {
      const channel = h.fake.addTextChannel(h.guildId, name.toLowerCase().replace(' ', '-'));
      const lobby = await h.service.openLobby({
        game: 'hare',
        guildId: h.guildId,
        channelId: channel.id,
        host: { id: alice.id, name },
        seats: 2,
        hostSeated,
      });
      await h.service.startGame(lobby.id, alice.id);
      return lobby.id;
    };
    // Opened first, so that the database lists them first: games of computers only.
    for (let i = 0; i < 6; i++) await open(`Computers ${i}`, false);
    // Alice's turn in each of these.
    const waiting = [];
    for (let i = 0; i < 3; i++) waiting.push(await open(`Alice ${i}`, true));
    await waitUntil(() => drawn.length >= 9, 20_000, 'every board');

    drawn.length = 0;
    await h.restart();
    await waitUntil(() => drawn.length >= 9, 20_000, 'the redrawn boards');
    expect(drawn.slice(0, 3).sort()).toEqual(['Alice 0', 'Alice 1', 'Alice 2']);
  });
});
