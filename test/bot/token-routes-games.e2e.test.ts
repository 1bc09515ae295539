/**
 * Every game, played by computers after Alice pressed Start and left her seat (issue 43): the boards of the
 * computers' moves and the summary go through her Start click's interaction token, not the channel routes (no
 * global-bound write at all), under Discord's per-route limits; a game with no person seated is redrawn at most
 * every `quietRedrawMs`, so its moves share edits, and its last board and summary are always drawn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DISCORD_ROUTE_LIMITS } from '../../src/fakediscord/index';
import type { RestLogEntry } from '../../src/fakediscord/model';
import { channelGame, createHarness, runCommand, waitForSummary, type Harness } from './harness';

const WEBHOOK = /^\/webhooks\/\d+\/[^/]+/;
const CHANNEL_WRITE = /^\/channels\/\d+\/messages/;
const QUIET_REDRAW_MS = 1200;

const GAMES: { key: string; options: Record<string, string | number> & { seats: number } }[] = [
  { key: 'hare', options: { seats: 3, 'computer-level': 'novice', speed: 'fast', 'turn-limit': 2 } },
  { key: 'greed', options: { seats: 3, 'computer-level': 'steady', speed: 'fast', 'turn-limit': 2 } },
  { key: 'candyland', options: { seats: 3, speed: 'fast', 'turn-limit': 2 } },
  { key: 'hedgehogs', options: { seats: 3, 'computer-level': 'novice', speed: 'fast', 'turn-limit': 1 } },
];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.each(GAMES)('$key played by computers after a person’s Start', ({ key, options }) => {
  it('draws the computers’ moves and the summary through the Start click’s token', async () => {
    h = await createHarness({
      aiTurnDelayMs: 40,
      interactionTokens: true,
      quietRedrawMs: QUIET_REDRAW_MS,
      readingMs: 400,
      fake: { routeLimits: DISCORD_ROUTE_LIMITS },
    });
    const { alice } = h.users;
    const opened = await runCommand(h, alice, 'start', options, key);
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const press = (button: string) =>
      h!.fake.waitForResponse(
        h!.fake.clickButton({
          user: alice,
          messageId: lobbyId,
          customId: `${key}:lobby:${gameId}:${button}`,
        }),
      );
    for (let seat = 1; seat < options.seats; seat++) await press('add-computer');
    const seq = h.fake.requests.at(-1)?.seq ?? 0;
    await press('start');
    // Alice leaves her seat to a computer: the game now has no person seated.
    await runCommand(h, alice, 'leave', {}, key);
    const game = await waitForSummary(h, gameId, 60_000);
    await new Promise((done) => setTimeout(done, 300));

    const played: RestLogEntry[] = h.fake.requests.filter((entry) => entry.seq > seq);
    const writes = played.filter((entry) => entry.method !== 'GET');
    const viaToken = writes.filter((entry) => WEBHOOK.test(entry.path));
    const viaChannel = writes.filter((entry) => CHANNEL_WRITE.test(entry.path));
    expect(viaChannel.map((entry) => `${entry.method} ${entry.route}`)).toEqual([]);
    expect(viaToken.filter((entry) => entry.method === 'PATCH').length).toBeGreaterThan(0);
    expect(viaToken.filter((entry) => entry.authorized)).toEqual([]);
    expect(h.fake.requestCounts.perRouteRefused).toBe(0);
    expect(played.filter((entry) => entry.status === 429)).toEqual([]);
    // One summary, and the board shows the game's end.
    const summaries = h.fake
      .messages(h.channel.id)
      .filter((message) => JSON.stringify(message.components).includes(`:finished:${gameId}:`));
    expect(summaries.length).toBe(1);
    expect(game.status).toBe('finished');
    // The quiet game's boards: fewer edits than moves, none closer together than the pace (less a margin for
    // the request's way), the last one showing the final version.
    const moves = (await h.service.history(gameId, 1000)).length;
    const edits = viaToken.filter((entry) => entry.method === 'PATCH');
    expect(edits.length).toBeLessThan(moves);
    const times = edits.map((entry) => entry.receivedAt);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(gaps.filter((gap) => gap < QUIET_REDRAW_MS - 400).length).toBeLessThanOrEqual(2);
  }, 90_000);
});
