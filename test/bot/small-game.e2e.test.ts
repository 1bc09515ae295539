/**
 * A fifth game with no renderer of its own (test/fixtures/games/noughts/): registered beside the bot's four, its
 * computer player thinking and its default board and summary drawn in the worker threads, which load it from
 * its registry file. Played through the real discord.js client and the fake Discord: the lobby, moves by
 * buttons and by its play command, a board image after every move, the summary.
 */
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../fixtures/games/registry';
import type { NoughtsState } from '../fixtures/games/noughts/rules';
import {
  allComponents,
  boardShowing,
  channelGame,
  createHarness,
  pressButton,
  runCommand,
  startGame,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
  type Harness,
} from './harness';

const GAMES_FILE = new URL('../fixtures/games/registry.ts', import.meta.url);

/** The attachment's PNG, decoded whole (throws on a cut or corrupt file). */
function decoded(attachment: { data: Buffer } | undefined): PNG {
  if (!attachment) throw new Error('no image attached');
  return PNG.sync.read(attachment.data);
}

describe('a game without a renderer of its own', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('plays Noughts and Crosses between two people by buttons and /noughts mark, to its summary', async () => {
    h = await createHarness({ games: GAMES, gamesFile: GAMES_FILE });
    const { alice, bob } = h.users;
    expect(h.fake.commands(h.guildId).map((command) => command.name)).toContain('noughts');
    const { gameId } = await startGame(h, [alice, bob], {}, 'noughts');

    // Alice (X) takes column a by buttons, Bob (O) answers in column b by the play command.
    const moves = [
      { user: alice, cell: 'a1' },
      { user: bob, cell: 'b1' },
      { user: alice, cell: 'a2' },
      { user: bob, cell: 'b2' },
      { user: alice, cell: 'a3' },
    ];
    for (const [index, move] of moves.entries()) {
      const game = await waitForBoardOrEnd(h, gameId);
      const board = boardShowing(h, game)!;
      const image = board.attachments.find((attachment) => attachment.filename === 'board.png');
      expect(decoded(image).width).toBe(800);
      expect(image!.description).toMatch(/^Noughts and Crosses board\. /);
      if (move.user === alice) {
        const customId = `noughts:act:${gameId}:${game.version}:${move.cell}`;
        expect(allComponents(board).map((button) => button.custom_id)).toContain(customId);
        const answer = await pressButton(h, alice, board.id, customId);
        expect(answer.type).toBe(7); // the mover's click is answered with the redrawn board
        decoded(answer.message?.attachments.find((attachment) => attachment.filename === 'board.png'));
      } else {
        await runCommand(h, bob, 'mark', { cell: move.cell }, 'noughts');
      }
      await waitForVersionAfter(h, gameId, game.version, `move ${index + 1}`);
    }

    const finished = await waitForSummary(h, gameId);
    expect(finished.status).toBe('finished');
    expect((finished.state as NoughtsState).winner).toBe(0);
    const summary = h.fake
      .messages(h.channel.id)
      .find((message) => message.attachments.some((attachment) => attachment.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toBe('🏆 Noughts and Crosses — Alice wins!');
    const summaryImage = summary.attachments.find((attachment) => attachment.filename === 'summary.png');
    expect(decoded(summaryImage).width).toBe(800);
    expect(summaryImage!.description).toMatch(/Alice/);
    // The final board shows the line, and says so to a screen reader.
    const finalBoard = h.fake.message(finished.boardMessageId!)!;
    expect(finalBoard.attachments[0]!.description).toMatch(/Row 1: X, O, empty/);
  });

  it('seats a computer from the lobby that plays its turns until the summary', async () => {
    h = await createHarness({ games: GAMES, gamesFile: GAMES_FILE, aiTurnDelayMs: 10 });
    const { alice } = h.users;
    const opened = await runCommand(h, alice, 'start', { seats: 2, 'computer-level': 'careful' }, 'noughts');
    const lobby = (await channelGame(h))!;
    const lobbyId = opened.message!.id;
    await pressButton(h, alice, lobbyId, `noughts:lobby:${lobby.id}:add-computer`);
    await pressButton(h, alice, lobbyId, `noughts:lobby:${lobby.id}:start`);
    expect((await h.service.getGame(lobby.id))!.seats.map((seat) => seat.kind)).toEqual([
      'human',
      'computer',
    ]);
    for (let turn = 0; turn < 9; turn++) {
      const game = await waitForBoardOrEnd(h, lobby.id);
      if (game.status !== 'active') break;
      const state = game.state as NoughtsState;
      if (state.current !== 0) {
        await waitForVersionAfter(h, lobby.id, game.version, 'the computer');
        continue;
      }
      const board = boardShowing(h, game)!;
      const first = allComponents(board).find((button) => button.custom_id?.includes(':act:'))!;
      await pressButton(h, alice, board.id, first.custom_id!);
      await waitForVersionAfter(h, lobby.id, game.version, 'Alice');
    }
    const finished = await waitForSummary(h, lobby.id);
    expect(finished.status).toBe('finished');
    const summary = h.fake
      .messages(h.channel.id)
      .find((message) => message.attachments.some((attachment) => attachment.filename === 'summary.png'));
    expect(decoded(summary?.attachments[0]).width).toBe(800);
  });
});
