/**
 * Discord failing one channel for a long while, slow turn mentions, and the bot losing a permission mid-game: the game goes on in
 * the database, the bot keeps trying (with backoff, the latest state winning) or pauses (a refusal is not
 * retried into Discord's invalid-request limit), and the channel ends right once Discord or the permission is
 * back: one final board, one summary, no stale turn mention, nothing left owed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import type { GameState } from '../../src/games/hare/rules/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyState } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  createHarness,
  startGame,
  waitForBoardOrEnd,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** Alice plays her turn through the service (as by a slash command, whose replies do not need the channel). */
async function aliceMoves(gameId: string): Promise<void> {
  const game = (await h.service.getGame(gameId))!;
  const state = game.state as GameState;
  const action = hareModule.rules.legalActions(state)[0]!;
  await h.service.act(gameId, h.users.alice.id, action, game.version);
}

async function playUntilOver(gameId: string): Promise<void> {
  for (let turn = 0; turn < 200; turn++) {
    const game = await waitUntil(async () => {
      const current = (await h.service.getGame(gameId))!;
      if (current.status !== 'active') return current;
      const seat = current.seats[(current.state as GameState).current];
      return seat?.userId === h.users.alice.id ? current : null;
    });
    if (game.status !== 'active') return;
    await aliceMoves(gameId);
  }
}

const channelRequests = (channelId: string) => (path: string) => path.startsWith(`/channels/${channelId}/`);

describe('outages and lost permissions', () => {
  it("a channel failing through a game's last moves gets the final board and one summary when it is back", async () => {
    // Time is compressed: retries from 50 ms doubling to 400 ms over a 4 s outage make more tries than a
    // 2-minute outage at the production backoff (1 s doubling to 60 s: about 8), where the bot used to give up.
    h = await createHarness({ aiTurnDelayMs: 20, maxRetryMs: 400 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice', 'turn-limit': 2 });
    await waitForTurnOf(h, gameId, alice.id);
    const inChannel = channelRequests(h.channel.id);
    const outage = h.fake.failNext({
      route: new RegExp(`^/channels/${h.channel.id}/`),
      status: 503,
      durationMs: 4000,
    });
    const before = h.fake.requests.length;
    await playUntilOver(gameId);
    expect((await h.service.getGame(gameId))!.status).toBe('finished');

    const settled = await waitUntil(
      async () => (await h.service.getGame(gameId))!.channelSettled,
      15_000,
      'the channel settled',
    );
    expect(settled).toBe(true);
    expect(outage.hits).toBeGreaterThan(8);
    const game = (await h.service.getGame(gameId))!;
    const board = boardShowing(h, game);
    expect(board?.embeds[0]?.title).toMatch(/game over/);
    expect(board?.components).toHaveLength(0);
    const shown = h.fake.messages(h.channel.id).filter((m) => m.visibleTo === null);
    expect(shown.filter((m) => m.embeds[0]?.title?.startsWith('🏆'))).toHaveLength(1);
    // Deletes that failed in the outage (the old turn mention) are retried until they succeed.
    await waitUntil(
      async () => (await h.service.outbox.pendingFor(gameId)).length === 0,
      5000,
      'nothing owed',
    );
    const left = h.fake
      .messages(h.channel.id)
      .filter((m) => m.visibleTo === null && /your turn in/.test(m.content));
    expect(left).toHaveLength(0);
    // The latest state wins: after the outage the board is edited once or twice, not once per missed move.
    const edits = h.fake.requests
      .slice(before)
      .filter((r) => r.method === 'PATCH' && inChannel(r.path) && r.status === 200);
    expect(edits.length).toBeLessThanOrEqual(2);
  });

  it('losing Attach Files mid-game: the channel is told once, posting pauses, and the game shows again when it is back', async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice' });
    await waitForTurnOf(h, gameId, alice.id);
    const before = h.fake.requests.length;
    h.fake.setBotChannelPermissions(h.channel.id, { deny: ['AttachFiles'] });
    const notice = (m: { content: string; deleted: boolean }) => /is paused here/.test(m.content);

    await aliceMoves(gameId);
    const told = await h.fake.waitForMessage(notice);
    expect(told.content).toMatch(/missing the permission \*\*Attach Files\*\*/);
    for (let turn = 0; turn < 3; turn++) {
      await waitUntil(async () => {
        const game = (await h.service.getGame(gameId))!;
        return game.seats[(game.state as GameState).current]?.userId === alice.id ? game : null;
      });
      await aliceMoves(gameId);
    }
    const status = await h.fake.waitForFinal(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'hare', subcommand: 'status' }),
    );
    expect(status.message?.content).toMatch(
      /board in the channel is paused: I am missing the permission \*\*Attach Files\*\*/,
    );
    const refused = h.fake.requests.slice(before).filter((r) => r.status === 403);
    expect(h.fake.messages(h.channel.id).filter(notice)).toHaveLength(1);
    expect(refused.length, 'refused requests while paused').toBeLessThanOrEqual(3);

    h.fake.setBotChannelPermissions(h.channel.id, {});
    const latest = await waitForTurnOf(h, gameId, alice.id);
    expect(boardShowing(h, latest)).toBeTruthy();
    await waitUntil(
      () => h.fake.messages(h.channel.id).filter(notice).length === 0,
      5000,
      'the notice removed',
    );
    await waitUntil(
      () => h.fake.messages(h.channel.id).some((m) => m.content.includes(`<@${alice.id}>, your turn`)),
      5000,
      'the turn mention',
    );
  });
});

describe("the mover's board", () => {
  it('is the answer to the click even while the previous turn mention is still being posted', async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { target: 9 }, 'tiny');
    for (let turn = 0; turn < 3; turn++) {
      const game = await waitForBoardOrEnd(h, gameId);
      const state = game.state as TinyState;
      if (game.status !== 'active' || state.mustPass) return;
      // The turn mention that follows this move is held (rate limited again and again; discord.js waits)
      // until the next player's click has been answered.
      const mentionHeld = h.fake.failNext({
        method: 'POST',
        route: /^\/channels\/\d+\/messages$/,
        status: 429,
        retryAfterMs: 200,
        durationMs: 30_000,
      });
      const clickedAt = Date.now();
      const user = game.seats[state.current]!.userId === alice.id ? alice : bob;
      const board = boardShowing(h, game)!;
      const first = await h.fake.waitForResponse(
        h.fake.clickButton({ user, messageId: board.id, customId: allComponents(board)[1]!.custom_id! }),
      );
      expect(first.type).toBe(7);
      const moved = (await h.service.getGame(gameId))!;
      const next = moved.state as TinyState;
      if (moved.status !== 'active' || next.mustPass) {
        mentionHeld.cancel();
        return;
      }
      // The next player clicks while the mention above is still being retried.
      await waitUntil(() => mentionHeld.hits > 0, 5000, 'the turn mention tried and rate limited');
      const other = user === alice ? bob : alice;
      const shown = h.fake.message(board.id)!;
      expect(shown.embeds[0]?.footer?.text).toContain(`v${moved.version}`);
      const second = await h.fake.waitForResponse(
        h.fake.clickButton({
          user: other,
          messageId: board.id,
          customId: allComponents(shown)[1]!.custom_id!,
        }),
      );
      expect(second.type, 'answered with its own board, not deferred').toBe(7);
      expect(second.message?.embeds[0]?.footer?.text).toContain(`v${moved.version + 1}`);
      // Released, the held mention still goes out.
      mentionHeld.cancel();
      await h.fake.waitForRequest(
        (r) =>
          r.method === 'POST' && /\/messages$/.test(r.path) && r.status === 200 && r.receivedAt >= clickedAt,
      );
    }
  });
});
