/**
 * A lobby whose `/start` reply never reached Discord (the process died at it) is shown by the process that
 * takes over before the channels of the running games are brought up to date: its host just asked for it, sees
 * nothing, and cannot open another game in that channel until it shows. (bench:scale: lobbies the killed process
 * had opened were still not shown after the bench's retries, the new process busy with hundreds of boards.)
 */
import { afterEach, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { tinyModule } from '../support/tiny-game';
import {
  channelGame,
  createHarness,
  startServiceGame,
  waitForBoards,
  waitUntil,
  type Harness,
} from './harness';

const RUNNING_GAMES = 6;
/** How long a board takes to draw after the restart: the running games' channels take a while to settle. */
const SLOW_BOARD_MS = 300;

let h: Harness;
afterEach(async () => {
  await h.close();
});

it(
  'a lobby whose reply was lost is shown before the running games’ boards are redrawn',
  { timeout: 60_000 },
  async () => {
    const games = createRegistry([hareModule, tinyModule]);
    const inner = createInlineRenderer(games);
    let slow = false;
    let boardsAfterRestart = 0;
    const renderer: Renderer = {
      ...inner,
      async board(gameKey, input, options) {
        if (slow) {
          boardsAfterRestart += 1;
          await new Promise((resolve) => setTimeout(resolve, SLOW_BOARD_MS));
        }
        return inner.board(gameKey, input, options);
      },
    };
    h = await createHarness({ games, renderer, aiTurnDelayMs: 5, settlingConcurrency: 1 });
    const running: string[] = [];
    for (let i = 0; i < RUNNING_GAMES; i++) {
      const channel = h.fake.addTextChannel(h.guildId, `table-${i}`);
      running.push(await startServiceGame(h, { guildId: h.guildId, channelId: channel.id }));
    }
    await waitForBoards(h, running);

    // The process dies at the reply to Alice's /start: the lobby is in the database, its message nowhere.
    const crash = h.fake.crashAt({
      method: 'POST',
      route: /\/interactions\/\d+\/[^/]+\/callback/,
      when: 'before',
    });
    h.fake.slashCommand({
      user: h.users.alice,
      channel: h.channel,
      name: 'tiny',
      subcommand: 'start',
      options: { seats: 2, target: 3 },
    });
    await crash.hit;
    slow = true;
    await h.crashRestart();
    const lobby = (await channelGame(h))!;
    expect(lobby.status).toBe('lobby');
    const lobbyShown = () =>
      h.fake
        .messages(h.channel.id)
        .some((message) => JSON.stringify(message.components).includes(`:lobby:${lobby.id}:`));
    await waitUntil(lobbyShown, 20_000, 'the lobby shown');
    // At most the board being drawn when the lobby was queued (and one more, had the two crossed).
    expect(boardsAfterRestart, 'boards drawn before the lobby was shown').toBeLessThanOrEqual(2);
    await waitForBoards(h, running);
  },
);
