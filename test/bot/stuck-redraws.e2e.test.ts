/**
 * A background redraw that waits on Discord (a request with no answer yet: a timeout, a reset connection, a
 * bucket to wait for) holds no slot of the cap on background redraws (src/bot/publishing/redraw-slots.ts) while
 * it waits: the other computers-only games of the process are drawn and get their summaries all the same. (Found
 * in bench:scale: from one moment on, no computers-only game of the process taking over was drawn again.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RESTOptions } from 'discord.js';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { createInlineRenderer } from '../../src/workers/render-pool';
import { tinyModule } from '../support/tiny-game';
import { createHarness, startComputerGame, waitForSummary, waitUntil, type Harness } from './harness';

const CAP = 2;

let h: Harness;
let letGo = () => {};
afterEach(async () => {
  letGo();
  await h.close();
});

type MakeRequest = NonNullable<RESTOptions['makeRequest']>;

/**
 * Holds the bot's edits of messages in `channels` unanswered (Discord has not answered them yet) until let go;
 * returns how many are held.
 */
function holdEditsIn(channels: ReadonlySet<string>): { held: () => number } {
  const options = h.bot.client.rest.options as { makeRequest: MakeRequest };
  const inner = options.makeRequest;
  let held = 0;
  const gone: Promise<void> = new Promise((resolve) => (letGo = resolve));
  options.makeRequest = async (url, init) => {
    const channel = /\/channels\/(\d+)\/messages\/\d+/.exec(url)?.[1];
    if (init.method === 'PATCH' && channel !== undefined && channels.has(channel)) {
      held += 1;
      await gone;
    }
    return inner(url, init);
  };
  return { held: () => held };
}

describe('a background redraw waiting on Discord', () => {
  it(
    'holds no slot: the other computers’ games are drawn to their summary',
    { timeout: 60_000 },
    async () => {
      const games = createRegistry([hareModule, tinyModule]);
      h = await createHarness({
        games,
        renderer: createInlineRenderer(games),
        aiTurnDelayMs: 100,
        quietRedrawMs: 200,
        backgroundRedraws: CAP,
        interactionTokens: false,
      });
      const stuckChannels = new Set<string>();
      const edits = holdEditsIn(stuckChannels);
      // As many games as slots whose board edits Discord does not answer.
      for (let i = 0; i < CAP; i++) stuckChannels.add((await startComputerGame(h, `stuck-${i}`)).channelId);
      await waitUntil(() => edits.held() >= CAP, 20_000, 'the stuck games’ edits sent');

      const free = [await startComputerGame(h, 'free-0'), await startComputerGame(h, 'free-1')];
      for (const { gameId } of free) {
        const game = await waitForSummary(h, gameId, 20_000);
        expect(game.status).toBe('finished');
        const summaries = h.fake
          .messages(game.channelId)
          .filter((message) => JSON.stringify(message.components).includes(`:finished:${gameId}:`));
        expect(summaries).toHaveLength(1);
      }
    },
  );
});
