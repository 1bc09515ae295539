/**
 * The bot killed at each message it owes a channel (just before Discord applies the request, and just after,
 * without the bot hearing back), then restarted on the same database: the channel must end as the database
 * implies. Tiny (test/support/tiny-game.ts) keeps the games short; the checks are the platform's, not a game's.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeComponentId } from '../../src/bot/custom-ids';
import type { CrashRule, StoredMessage } from '../../src/fakediscord/index';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import type { TinyState } from '../support/tiny-game';
import { tinyModule } from '../support/tiny-game';
import {
  allComponents,
  boardShowing,
  channelGame,
  createHarness,
  playTinyByButtons,
  waitForBoardOrEnd,
  waitUntil,
  type Harness,
} from './harness';

type Component = ReturnType<typeof allComponents>[number] & { disabled?: boolean };

/** What is wrong in the channel of `gameId`, compared with what the database implies (empty when right). */
async function channelProblems(h: Harness, gameId: string): Promise<string[]> {
  const game = (await h.service.getGame(gameId))!;
  const problems: string[] = [];
  const shown = h.fake
    .messages(h.channel.id)
    .filter((m) => !m.deleted && m.visibleTo === null && m.authorId === h.fake.bot.id);
  const liveControls = (message: StoredMessage) =>
    (allComponents(message) as Component[]).some((c) => {
      const id = c.custom_id ? decodeComponentId(c.custom_id) : null;
      return (
        c.disabled !== true &&
        id !== null &&
        'gameId' in id &&
        id.gameId === gameId &&
        (id.kind === 'lobby' || id.kind === 'act' || id.kind === 'select')
      );
    });
  const open = game.status === 'lobby' || game.status === 'active';
  const withControls = shown.filter(liveControls).map((m) => m.id);
  const expectedControls = open && game.boardMessageId ? [game.boardMessageId] : [];
  if (JSON.stringify(withControls) !== JSON.stringify(expectedControls))
    problems.push(
      `live controls on ${JSON.stringify(withControls)}, expected ${JSON.stringify(expectedControls)}`,
    );
  if (game.status === 'active' && !boardShowing(h, game))
    problems.push(`the board does not show v${game.version}`);
  if (game.status === 'lobby' && !game.boardMessageId) problems.push('the lobby has no message');

  const mentions = shown.filter((m) => /your turn in/.test(m.content));
  const state = game.state as TinyState | null;
  const toAct = game.status === 'active' && state ? game.seats[state.current]?.userId : null;
  const expectedMentions = toAct ? 1 : 0;
  if (mentions.length !== expectedMentions)
    problems.push(`${mentions.length} turn mentions, expected ${expectedMentions}`);
  if (toAct && mentions[0] && !mentions[0].content.includes(`<@${toAct}>`))
    problems.push('the turn mention names the wrong player');

  const summaries = shown.filter((m) =>
    allComponents(m).some((c) => c.custom_id?.startsWith(`tiny:finished:${gameId}:`)),
  );
  const expectedSummaries = game.status === 'finished' && game.endReason !== 'cancelled' ? 1 : 0;
  if (summaries.length !== expectedSummaries)
    problems.push(`${summaries.length} summaries, expected ${expectedSummaries}`);
  const owed = await h.service.outbox.pendingFor(gameId);
  if (owed.length > 0) problems.push(`outbox still holds ${owed.map((e) => e.kind).join(', ')}`);
  return problems;
}

async function expectChannelRight(h: Harness, gameId: string): Promise<void> {
  let last: string[] = [];
  try {
    await waitUntil(
      async () => (last = await channelProblems(h, gameId)).length === 0,
      8000,
      'the channel to be right',
    );
  } catch {
    expect(last).toEqual([]);
  }
}

const START = { seats: 2, target: 3 };

async function openLobby(h: Harness) {
  const { alice } = h.users;
  const opened = h.fake.slashCommand({
    user: alice,
    channel: h.channel,
    name: 'tiny',
    subcommand: 'start',
    options: START,
  });
  return opened;
}

async function lobbyWithBob(h: Harness): Promise<string> {
  const { alice, bob } = h.users;
  const opened = await h.fake.waitForResponse(await openLobby(h));
  const game = await channelGame(h);
  if (!game) throw new Error(`no lobby: ${JSON.stringify(opened.message?.content)}`);
  await h.fake.waitForResponse(
    h.fake.clickButton({
      user: bob,
      messageId: opened.message!.id,
      customId: `tiny:lobby:${game.id}:join`,
    }),
  );
  expect((await h.service.getGame(game.id))!.seats.map((s) => s.userId)).toEqual([alice.id, bob.id]);
  await waitUntil(async () => (await h.service.getGame(game.id))!.boardMessageId, 5000, 'the lobby recorded');
  return game.id;
}

async function clickStart(h: Harness, gameId: string) {
  const game = (await h.service.getGame(gameId))!;
  return h.fake.clickButton({
    user: h.users.alice,
    messageId: game.boardMessageId!,
    customId: `tiny:lobby:${gameId}:start`,
  });
}

/** The current player adds 2 with the board's button. */
async function moveOnce(h: Harness, gameId: string) {
  const game = await waitForBoardOrEnd(h, gameId);
  const state = game.state as TinyState;
  const user = [h.users.alice, h.users.bob].find((u) => u.id === game.seats[state.current]!.userId)!;
  const board = boardShowing(h, game)!;
  return h.fake.clickButton({ user, messageId: board.id, customId: allComponents(board)[1]!.custom_id! });
}

async function crashAndRestart(h: Harness, rule: CrashRule, act: () => Promise<unknown>): Promise<void> {
  const crash = h.fake.crashAt(rule);
  await act();
  await crash.hit;
  await h.crashRestart();
}

const channelMessages = /^\/channels\/\d+\/messages$/;
const ORIGINAL_REPLY = /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/;

describe.each(['before', 'after'] as const)('the bot killed just %s', (when) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('the lobby reply: after the restart the lobby has exactly one message, and it works', async () => {
    await crashAndRestart(h, { method: 'POST', route: /\/interactions\/\d+\/[^/]+\/callback/, when }, () =>
      openLobby(h),
    );
    const gameId = (await channelGame(h))!.id;
    await expectChannelRight(h, gameId);
    const lobby = (await h.service.getGame(gameId))!;
    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: h.users.bob,
        messageId: lobby.boardMessageId!,
        customId: `tiny:lobby:${gameId}:join`,
      }),
    );
    await h.fake.waitForResponse(await clickStart(h, gameId));
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await expectChannelRight(h, gameId);
  });

  it('the lobby reply, when its token no longer finds it after the restart: one lobby, no live controls left behind', async () => {
    // A restarted sandbox (or a restart after 15 minutes on Discord) cannot read the reply by its token.
    await crashAndRestart(h, { method: 'POST', route: /\/interactions\/\d+\/[^/]+\/callback/, when }, () => {
      h.fake.failNext({ method: 'GET', route: ORIGINAL_REPLY, status: 500, count: 100 });
      return openLobby(h);
    });
    const gameId = (await channelGame(h))!.id;
    await expectChannelRight(h, gameId);
    h.fake.clearFaults();
    const lobby = (await h.service.getGame(gameId))!;
    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: h.users.bob,
        messageId: lobby.boardMessageId!,
        customId: `tiny:lobby:${gameId}:join`,
      }),
    );
    await h.fake.waitForResponse(await clickStart(h, gameId));
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await expectChannelRight(h, gameId);
  });

  it('the start: the board and the first turn mention are drawn after the restart', async () => {
    const gameId = await lobbyWithBob(h);
    await crashAndRestart(
      h,
      { method: 'POST', route: /\/interactions\/\d+\/[^/]+\/callback/, when },
      async () => clickStart(h, gameId),
    );
    await expectChannelRight(h, gameId);
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await expectChannelRight(h, gameId);
  });

  it("the board edit (the mover's click answered with the board): the latest move shows after the restart", async () => {
    const gameId = await lobbyWithBob(h);
    await h.fake.waitForResponse(await clickStart(h, gameId));
    await waitForBoardOrEnd(h, gameId);
    await crashAndRestart(h, { method: 'POST', route: /\/interactions\/\d+\/[^/]+\/callback/, when }, () =>
      moveOnce(h, gameId),
    );
    await expectChannelRight(h, gameId);
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await expectChannelRight(h, gameId);
  });

  it("the board edit by the bot (a computer's move): the latest move shows after the restart", async () => {
    await h.fake.waitForResponse(await openLobby(h));
    const gameId = (await channelGame(h))!.id;
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.boardMessageId,
      5000,
      'the lobby recorded',
    );
    await h.fake.waitForResponse(await clickStart(h, gameId));
    expect((await h.service.getGame(gameId))!.seats[1]?.kind).toBe('computer');
    const board = await waitUntil(
      async () => (await h.service.getGame(gameId))!.boardMessageId,
      5000,
      'the board',
    );
    await crashAndRestart(h, { method: 'PATCH', route: `/messages/${board}`, when }, () =>
      moveOnce(h, gameId),
    );
    await expectChannelRight(h, gameId);
    await playTinyByButtons(h, gameId, [h.users.alice]);
    await expectChannelRight(h, gameId);
  });

  it('the turn mention post: exactly one mention, for the player to act', async () => {
    const gameId = await lobbyWithBob(h);
    await h.fake.waitForResponse(await clickStart(h, gameId));
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.turnNoticeMessageId,
      5000,
      'the first mention',
    );
    await crashAndRestart(h, { method: 'POST', route: channelMessages, body: /your turn in/, when }, () =>
      moveOnce(h, gameId),
    );
    await expectChannelRight(h, gameId);
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await expectChannelRight(h, gameId);
  });

  it('the summary post: exactly one summary', async () => {
    const gameId = await lobbyWithBob(h);
    await h.fake.waitForResponse(await clickStart(h, gameId));
    const crash = h.fake.crashAt({ method: 'POST', route: channelMessages, body: /:finished:/, when });
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await crash.hit;
    await h.crashRestart();
    await expectChannelRight(h, gameId);
    expect((await h.service.getGame(gameId))!.summaryPosted).toBe(true);
  });
});

describe('the bot killed just after posting the summary, restarted after Discord forgot its nonce', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({
      games: createRegistry([hareModule, tinyModule]),
      aiTurnDelayMs: 5,
      fake: { nonceWindowMs: 300 },
    });
  });
  afterEach(async () => {
    await h.close();
  });

  it('finds the summary among the channel’s messages: exactly one summary', async () => {
    const gameId = await lobbyWithBob(h);
    await h.fake.waitForResponse(await clickStart(h, gameId));
    const crash = h.fake.crashAt({
      method: 'POST',
      route: channelMessages,
      body: /:finished:/,
      when: 'after',
    });
    await playTinyByButtons(h, gameId, [h.users.alice, h.users.bob]);
    await crash.hit;
    // The restart comes minutes later: the outbox entry is older than a nonce lasts, and Discord forgot it.
    const db = new Database(h.dbFile);
    db.prepare('UPDATE outbox SET created_at = created_at - ? WHERE game_id = ?').run(5 * 60_000, gameId);
    db.close();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await h.crashRestart();
    await expectChannelRight(h, gameId);
    expect((await h.service.getGame(gameId))!.summaryPosted).toBe(true);
  });
});

describe('the bot killed just after its lobby reply, which the restarted bot cannot find at once', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('Join and Start pressed on that reply make it the board: no lobby keeps live controls', async () => {
    const { alice, bob } = h.users;
    // For a while after the restart Discord answers neither the reply's token nor the channel's history.
    await crashAndRestart(
      h,
      { method: 'POST', route: /\/interactions\/\d+\/[^/]+\/callback/, when: 'after' },
      () => {
        h.fake.failNext({ method: 'GET', route: ORIGINAL_REPLY, status: 503, durationMs: 1500 });
        h.fake.failNext({ method: 'GET', route: channelMessages, status: 503, durationMs: 1500 });
        return openLobby(h);
      },
    );
    const gameId = (await channelGame(h))!.id;
    const reply = h.fake
      .messages(h.channel.id)
      .find((m) => allComponents(m).some((c) => c.custom_id === `tiny:lobby:${gameId}:join`))!;
    const press = (user: typeof alice, button: string) =>
      h.fake.waitForResponse(
        h.fake.clickButton({ user, messageId: reply.id, customId: `tiny:lobby:${gameId}:${button}` }),
      );
    expect((await press(bob, 'join')).type).toBe(7);
    await press(alice, 'start');
    expect((await h.service.getGame(gameId))!.boardMessageId).toBe(reply.id);
    await playTinyByButtons(h, gameId, [alice, bob]);
    await expectChannelRight(h, gameId);
  });
});
