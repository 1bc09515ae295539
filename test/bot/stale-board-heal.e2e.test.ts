/**
 * A board message that shows an older version than the game's (an edit that reached Discord late, e.g. resent
 * after a timeout with its old body, overwrote the newer board) is the game's only board: its controls are
 * stale, and no later board exists for the player to use. A click on it is answered by redrawing that board at
 * the game's current version (the click's update response), not by a private "out of date" refusal. A stale
 * control on a board the player's client had not yet seen updated is still refused privately, and one on any
 * other message (not the game's board) is refused as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TextChannel } from 'discord.js';
import type { StoredMessage } from '../../src/fakediscord/model';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyState } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  createHarness,
  startGame,
  waitForBoardOrEnd,
  waitForVersionAfter,
  waitUntil,
  type Harness,
} from './harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

function footer(message: StoredMessage | undefined): string {
  return message?.embeds[0]?.footer?.text ?? '';
}

function privateRepliesTo(userId: string): string {
  return h.fake
    .messages(h.channel.id, { visibleTo: userId })
    .filter((message) => message.visibleTo === userId)
    .map((message) => message.content)
    .join('\n');
}

/**
 * A tiny game of Alice and Bob where the player to act made one move: returns the game, its board message, the
 * revision index of the board before that move (its controls are stale now), and who is to act now.
 */
async function gameAfterOneMove() {
  h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  const { gameId } = await startGame(h, [h.users.alice, h.users.bob], { target: 9 }, 'tiny');
  const before = await waitForBoardOrEnd(h, gameId);
  const first = before.seats[(before.state as TinyState).current]!.userId;
  const [mover, next] =
    first === h.users.alice.id ? [h.users.alice, h.users.bob] : [h.users.bob, h.users.alice];
  const board = boardShowing(h, before)!;
  const staleId = allComponents(board)[1]!.custom_id!;
  const moved = await h.fake.waitForResponse(
    h.fake.clickButton({ user: mover, messageId: board.id, customId: staleId }),
  );
  expect(moved.type).toBe(7);
  await waitForVersionAfter(h, gameId, before.version);
  const game = await waitForBoardOrEnd(h, gameId);
  expect(game.status).toBe('active');
  // The turn mention of the move is out too: the publisher has nothing left to do.
  await waitUntil(
    async () => {
      const record = (await h.service.getGame(gameId))!;
      return (
        record.turnNoticeMessageId && h.fake.message(record.turnNoticeMessageId)?.content.includes(next.id)
      );
    },
    5000,
    'the turn mention',
  );
  const oldRevision = h.fake
    .message(board.id)!
    .history.findIndex((revision) =>
      footer({ embeds: revision.embeds } as StoredMessage).includes(`· v${before.version} ·`),
    );
  expect(oldRevision).toBeGreaterThanOrEqual(0);
  return { gameId, game, board: h.fake.message(board.id)!, oldRevision, staleId, next };
}

describe('a board message left showing an older version', () => {
  it('is redrawn at the current version when its stale control is clicked, and play goes on', async () => {
    const { gameId, game, board, oldRevision, staleId, next } = await gameAfterOneMove();
    // A late edit lands behind the bot's back: the board shows the version before the move again.
    h.fake.state.replaceContent(board, structuredClone(board.history[oldRevision]!));
    expect(footer(h.fake.message(board.id))).not.toContain(`· v${game.version} ·`);

    const click = h.fake.clickButton({ user: next, messageId: board.id, customId: staleId });
    const answer = await h.fake.waitForResponse(click);
    expect(answer.ephemeral).toBe(false);
    expect(answer.type, 'the board itself as the update response').toBe(7);
    expect(answer.message?.id).toBe(board.id);
    expect(footer(answer.message)).toContain(`· v${game.version} ·`);
    expect(privateRepliesTo(next.id)).not.toMatch(/out of date/);
    expect((await h.service.getGame(gameId))!.version, 'the stale click played nothing').toBe(game.version);

    // The redrawn controls work: the next move is played and drawn on the same board.
    const healed = h.fake.message(board.id)!;
    const fresh = allComponents(healed)[1]!.custom_id!;
    expect(fresh).toContain(`:${game.version}:`);
    const played = await h.fake.waitForResponse(
      h.fake.clickButton({ user: next, messageId: board.id, customId: fresh }),
    );
    expect(played.type).toBe(7);
    const after = await waitForVersionAfter(h, gameId, game.version);
    expect(after.version).toBe(game.version + 1);
    const redrawn = await waitForBoardOrEnd(h, gameId);
    expect(redrawn.boardMessageId).toBe(board.id);
    expect(privateRepliesTo(next.id)).not.toMatch(/out of date/);
  });

  it('is redrawn by an edit after a deferral when the board upload would reach Discord too late', async () => {
    const { game, board, oldRevision, staleId, next } = await gameAfterOneMove();
    h.fake.state.replaceContent(board, structuredClone(board.history[oldRevision]!));
    // The board uploads that answer clicks (the only multipart interaction callbacks) are held back past 3 s.
    const rest = h.bot.client.rest;
    const post = rest.post.bind(rest);
    rest.post = async (route, options) => {
      if (route.endsWith('/callback') && options?.passThroughBody)
        await new Promise((resolve) => setTimeout(resolve, 3300));
      return post(route, options);
    };
    const click = h.fake.clickButton({ user: next, messageId: board.id, customId: staleId });
    const answer = await h.fake.waitForResponse(click);
    expect(answer.type, 'a deferred update as insurance').toBe(6);
    expect(answer.latencyMs).toBeLessThan(3000);
    await waitUntil(
      () => footer(h.fake.message(board.id)).includes(`· v${game.version} ·`),
      8000,
      'the current board',
    );
    expect(privateRepliesTo(next.id)).not.toMatch(/out of date/);
  });

  it('a stale control on a message that is not the board, or on a board the client saw late, is refused', async () => {
    const { gameId, game, board, oldRevision, staleId, next } = await gameAfterOneMove();
    // The board itself shows the current version: the player's client still showed the old one.
    const lagging = await h.fake.waitForResponse(
      h.fake.clickButton({ user: next, messageId: board.id, customId: staleId, seenRevision: oldRevision }),
    );
    expect(lagging).toMatchObject({ type: 4, ephemeral: true });
    expect(lagging.message?.content).toMatch(/out of date/);

    // An old board's controls on another message of the bot in the channel (as a board left after a re-post).
    const channel = (await h.bot.client.channels.fetch(h.channel.id)) as TextChannel;
    const copy = await channel.send({
      content: 'an old board',
      components: board.history[oldRevision]!.components as never,
    });
    const refused = await h.fake.waitForResponse(
      h.fake.clickButton({ user: next, messageId: copy.id, customId: staleId }),
    );
    expect(refused).toMatchObject({ type: 4, ephemeral: true });
    expect(refused.message?.content).toMatch(/not the game’s board/);
    expect(footer(h.fake.message(board.id))).toContain(`· v${game.version} ·`);
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });
});
