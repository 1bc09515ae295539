/**
 * Boards, turn mentions and summaries through the interaction tokens of a game's players (issue 43): Discord does
 * not count the webhook routes a token opens against the bot's global limit. With the fake's per-route limits
 * on: the computer moves after a person's click are drawn through that click's token, nothing is refused, and an
 * expired token falls back to the channel route once without posting anything twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DISCORD_ROUTE_LIMITS } from '../../src/fakediscord/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import type { RestLogEntry } from '../../src/fakediscord/model';
import {
  allComponents,
  boardShowing,
  channelGame,
  waitForBoardOrEnd,
  createHarness,
  playTinyByButtons,
  waitForSummary,
  waitUntil,
  type Harness,
} from './harness';

const WEBHOOK = /^\/webhooks\/\d+\/[^/]+/;
const CHANNEL_WRITE = /^\/channels\/\d+\/messages/;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function since(harness: Harness, seq: number): RestLogEntry[] {
  return harness.fake.requests.filter((entry) => entry.seq > seq);
}

const channelWrites = (entries: RestLogEntry[]) =>
  entries.filter((entry) => entry.method !== 'GET' && CHANNEL_WRITE.test(entry.path));
const webhookWrites = (entries: RestLogEntry[]) =>
  entries.filter((entry) => entry.method !== 'GET' && WEBHOOK.test(entry.path));

/** Opens a Tiny lobby as Alice with `computers` computer seats, and starts it. */
async function startWithComputers(harness: Harness, computers: number, target = 6) {
  const { alice } = harness.users;
  const opened = await harness.fake.waitForFinal(
    harness.fake.slashCommand({
      user: alice,
      channel: harness.channel,
      name: 'tiny',
      subcommand: 'start',
      options: { seats: computers + 1, target },
    }),
  );
  const lobbyId = opened.message!.id;
  const gameId = (await channelGame(harness))!.id;
  const press = (button: string) =>
    harness.fake.waitForResponse(
      harness.fake.clickButton({
        user: alice,
        messageId: lobbyId,
        customId: `tiny:lobby:${gameId}:${button}`,
      }),
    );
  for (let i = 0; i < computers; i++) await press('add-computer');
  const seq = harness.fake.requests.at(-1)?.seq ?? 0;
  await press('start');
  return { gameId, lobbyId, seq };
}

/** Alice plays her move from the board (adds 2); resolves once her click is answered. */
async function aliceMoves(harness: Harness, gameId: string): Promise<void> {
  const game = await waitForBoardOrEnd(harness, gameId);
  const board = boardShowing(harness, game)!;
  const customIds = allComponents(board).map((button) => button.custom_id!);
  await harness.fake.waitForResponse(
    harness.fake.clickButton({ user: harness.users.alice, messageId: board.id, customId: customIds[1]! }),
  );
}

describe('a game drawn through its players’ interaction tokens', () => {
  it('shows the computers’ moves through the click’s token, under Discord’s per-route limits', async () => {
    // The production pace: computer moves in a row drawn at most once a second (a game's requests keep within its
    // tokens' buckets).
    h = await createHarness({
      games: createRegistry([tinyModule]),
      aiTurnDelayMs: 30,
      interactionTokens: true,
      readingMs: 1000,
      quietRedrawMs: 3000,
      fake: { routeLimits: DISCORD_ROUTE_LIMITS },
    });
    const { gameId, seq } = await startWithComputers(h, 2);
    await playTinyByButtons(h, gameId, [h.users.alice]);
    await waitForSummary(h, gameId);
    await new Promise((done) => setTimeout(done, 500));

    const played = since(h, seq);
    const viaToken = webhookWrites(played);
    const viaChannel = channelWrites(played);
    // The boards of the computers' moves, the turn mentions and the summary went through the tokens.
    expect(viaToken.filter((entry) => entry.method === 'PATCH').length).toBeGreaterThan(0);
    expect(viaToken.filter((entry) => entry.method === 'POST').length).toBeGreaterThan(0);
    // A request whose tokens' turns are all more than 300 ms away takes the channel route instead of waiting: on
    // a loaded machine one or two may.
    expect(viaChannel.length).toBeLessThanOrEqual(2);
    expect(viaToken.length).toBeGreaterThan(5 * viaChannel.length);
    expect(h.fake.requestCounts.perRouteRefused).toBe(0);
    expect(played.filter((entry) => entry.status === 429)).toEqual([]);
    // Never with the bot's token.
    expect(viaToken.filter((entry) => entry.authorized)).toEqual([]);
    const game = (await h.service.getGame(gameId))!;
    expect(game.summaryPosted).toBe(true);
    // Only one summary and no leftover turn mention in the channel.
    const shown = h.fake.messages(h.channel.id);
    const summaries = shown.filter((message) =>
      JSON.stringify(message.components).includes(`:finished:${gameId}:`),
    );
    expect(summaries).toHaveLength(1);
    expect(shown.filter((message) => /<@\d+>/.test(message.content))).toEqual([]);
  }, 60_000);

  it('a process taking over the game keeps drawing through the live token it finds in the storage', async () => {
    h = await createHarness({
      games: createRegistry([tinyModule]),
      aiTurnDelayMs: 600,
      interactionTokens: true,
      fake: { routeLimits: DISCORD_ROUTE_LIMITS },
    });
    const { gameId } = await startWithComputers(h, 2, 9);
    await aliceMoves(h, gameId);
    const version = (await h.service.getGame(gameId))!.version;
    // Her click's token reaches the board (its original response): kept in the storage, not in the process.
    await waitUntil(
      async () =>
        await h!.service.tokens.forMessage(gameId, (await h!.service.getGame(gameId))!.boardMessageId!),
      5000,
      'the token kept',
    );
    await h.restart();
    const seq = h.fake.requests.at(-1)?.seq ?? 0;
    // The tokens in the storage after the restart (nobody clicks in the new process): the kept one, or a newer
    // click's token that replaced it while the first process was still recording it.
    const stored = (await h.service.tokens.live(gameId)).map((token) => token.token);
    expect(stored.length).toBeGreaterThan(0);
    // The computers play on in the new process, and its boards go through the token the first one kept.
    await waitUntil(
      async () => (await h!.service.getGame(gameId))!.version >= version + 2,
      20_000,
      'two more moves',
    );
    await waitUntil(
      () =>
        webhookWrites(since(h!, seq)).some(
          (entry) => entry.method === 'PATCH' && stored.some((token) => entry.path.includes(token)),
        ),
      20_000,
      'a board drawn through the kept token',
    );
    const board = (await h.service.getGame(gameId))!.boardMessageId!;
    const boardEdits = channelWrites(since(h, seq)).filter(
      (entry) => entry.method === 'PATCH' && entry.path.endsWith(board),
    );
    expect(boardEdits).toEqual([]);
    // The first process may have spent the token's bucket just before it stopped: the new one paces a token it
    // did not keep as if it had just been used to its limit, and Discord refuses nothing.
    expect(h.fake.requestCounts.perRouteRefused).toBe(0);
  }, 60_000);

  it('a token Discord refuses as expired is tried once: the channel route draws the board, nothing twice', async () => {
    h = await createHarness({
      games: createRegistry([tinyModule]),
      aiTurnDelayMs: 300,
      interactionTokens: true,
      fake: { routeLimits: DISCORD_ROUTE_LIMITS },
    });
    const { gameId } = await startWithComputers(h, 2, 9);
    await aliceMoves(h, gameId);
    await waitUntil(async () => (await h!.service.tokens.live(gameId)).length > 0, 5000, 'the token kept');
    // Discord no longer takes any token of the game (as after 15 minutes).
    for (const interaction of h.fake.interactions) h.fake.expireInteraction(interaction);
    const seq = h.fake.requests.at(-1)?.seq ?? 0;
    const version = (await h.service.getGame(gameId))!.version;
    await waitUntil(
      async () => (await h!.service.getGame(gameId))!.version >= version + 2,
      10_000,
      'two more moves',
    );
    const game = await waitUntil(
      async () => {
        const now = (await h!.service.getGame(gameId))!;
        const board = h!.fake.message(now.boardMessageId!);
        return board && JSON.stringify(board.components).includes(`:${now.version}:`) ? now : null;
      },
      10_000,
      'the board of the latest move',
    );
    // A token is refused when it is next used: the board's edit, or a turn mention (none for a turn already
    // played, so the last token may be used only after the board shows).
    await waitUntil(async () => (await h!.service.tokens.live(gameId)).length === 0, 10_000, 'no token left');
    const after = since(h, seq);
    const refused = webhookWrites(after).filter((entry) => entry.status === 401);
    // Each token refused once (then forgotten: the request goes by the channel route), never again.
    const refusedTokens = refused.map((entry) => entry.path.split('/')[3]);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refusedTokens).size).toBe(refusedTokens.length);
    expect(channelWrites(after).some((entry) => entry.method === 'PATCH')).toBe(true);
    // Nothing twice: one board with the game's controls, at most one turn mention.
    const shown = h.fake.messages(h.channel.id);
    const boards = shown.filter(
      (message) =>
        JSON.stringify(message.components).includes(`:${gameId}:`) &&
        !JSON.stringify(message.components).includes(':lobby:'),
    );
    expect(boards.map((message) => message.id)).toEqual([game.boardMessageId]);
    expect(shown.filter((message) => /<@\d+>/.test(message.content)).length).toBeLessThanOrEqual(1);
    expect(h.fake.requestCounts.perRouteRefused).toBe(0);
  }, 60_000);

  it('edits a lobby through its /start token: a typed leave, and the lobby closed when it expires', async () => {
    h = await createHarness({
      games: createRegistry([tinyModule]),
      interactionTokens: true,
      serviceConfig: { lobbyIdleMs: 3000 },
    });
    const { alice, bob } = h.users;
    const opened = await h.fake.waitForFinal(
      h.fake.slashCommand({
        user: alice,
        channel: h.channel,
        name: 'tiny',
        subcommand: 'start',
        options: { seats: 3 },
      }),
    );
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: bob, messageId: lobbyId, customId: `tiny:lobby:${gameId}:join` }),
    );
    await waitUntil(async () => (await h!.service.tokens.live(gameId)).length > 0, 5000, 'the token kept');
    const seq = h.fake.requests.at(-1)?.seq ?? 0;
    await h.fake.waitForFinal(
      h.fake.slashCommand({ user: bob, channel: h.channel, name: 'tiny', subcommand: 'leave' }),
    );
    await waitUntil(
      () => !JSON.stringify(h!.fake.message(lobbyId)!.embeds).includes('Bob'),
      5000,
      'Bob gone',
    );
    const closed = await waitUntil(
      async () => ((await h!.service.getGame(gameId))!.channelSettled ? true : null),
      15_000,
      'the lobby closed and settled',
    );
    expect(closed).toBe(true);
    const after = since(h, seq);
    const lobbyEdits = webhookWrites(after).filter((entry) => entry.method === 'PATCH');
    expect(lobbyEdits.length).toBeGreaterThanOrEqual(2);
    expect(channelWrites(after).filter((entry) => entry.path.endsWith(lobbyId))).toEqual([]);
  }, 60_000);
});
