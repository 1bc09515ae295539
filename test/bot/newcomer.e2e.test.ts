/**
 * What a newcomer met in the sandbox (issue: "never meets a confusing message"), through the real discord.js
 * client and the fake Discord: a stopped game is reported as stopped, computers are named once, grammar,
 * the lobby shows the turn limit, /hare log works after the end, and places never depend on an emoji.
 */
import { Events } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legalActions, type GameState as HareState } from '../../src/games/hare/rules/index';
import { boardShowing, createHarness, startGame, waitUntil, type Harness } from './harness';

describe('messages a newcomer can trust', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  const run = (
    user: Harness['users']['alice'],
    subcommand: string,
    options: Record<string, string | number> = {},
  ) =>
    // The final answer: a typed move's private answer is deferred while the move is played.
    h.fake.waitForFinal(h.fake.slashCommand({ user, channel: h.channel, name: 'hare', subcommand, options }));

  it('the lobby names each computer once, says "an intermediate computer" and shows the turn limit', async () => {
    const { alice } = h.users;
    const opened = await run(alice, 'start', { seats: 3, 'computer-level': 'intermediate', 'turn-limit': 8 });
    const gameId = (await h.service.findActiveGameInChannel(h.channel.id))!.id;
    const embed = () => h.fake.message(opened.message!.id)!.embeds[0]!;
    expect(embed().description).toMatch(/turn limit 8/);
    expect(JSON.stringify(embed().fields)).toMatch(/an intermediate computer if nobody joins/);
    await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: opened.message!.id,
        customId: `hare:lobby:${gameId}:add-computer`,
      }),
    );
    const seats = await waitUntil(
      () => {
        const value = embed().fields?.[0]?.value ?? '';
        return value.includes('Intermediate 1') ? value : null;
      },
      5000,
      'the computer in the lobby',
    );
    // The computer's name carries its level once; the free seat's line names the level that fills it.
    expect(seats.match(/intermediate/gi)).toHaveLength(2);
  });

  it('a game stopped with /hare end is reported as stopped, by whom, with no winner', async () => {
    const { alice, mod } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 3, 'computer-level': 'novice' });
    await waitUntil(async () => (await h.service.getGame(gameId))!.boardMessageId, 5000, 'the board');
    await run(mod, 'end');
    const summary = await waitUntil(
      () => h.fake.messages(h.channel.id).find((m) => m.embeds[0]?.image?.url?.includes('summary')),
      10_000,
      'the summary',
    );
    const title = summary.embeds[0]!.title ?? '';
    expect(title).toMatch(/stopped/i);
    expect(title).not.toMatch(/wins/);
    expect(summary.embeds[0]!.description).toMatch(/Stopped by Mod/);
    expect(summary.embeds[0]!.description).not.toMatch(/🥇/);
    expect((await h.service.getGame(gameId))!.endedBy).toEqual({ id: mod.id, name: 'Mod' });
  });

  it('places are written out, not only medals, and /hare log shows the last game after its end', async () => {
    const { alice } = h.users;
    const { gameId } = await startGame(h, [alice], { seats: 2, 'computer-level': 'novice' });
    await waitUntil(async () => (await h.service.getGame(gameId))!.boardMessageId, 5000, 'the board');
    await run(alice, 'move', { square: 1 });
    await run(alice, 'end');
    const summary = await waitUntil(
      () => h.fake.messages(h.channel.id).find((m) => m.embeds[0]?.image?.url?.includes('summary')),
      10_000,
      'the summary',
    );
    expect(summary.embeds[0]!.description).toMatch(/1st/);
    expect(summary.embeds[0]!.description).toMatch(/2nd/);
    const log = await run(alice, 'log');
    expect(log.message?.content).not.toMatch(/no game/i);
    expect(log.message?.content).toMatch(/Alice moves from the start to square 1 /);
  });

  it('brings a buried board back to the bottom, and the turn mention links to it and says what happened', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    const firstBoard = await waitUntil(
      async () => (await h.service.getGame(gameId))!.boardMessageId,
      5000,
      'the board',
    );
    // No hare squares until the mention is checked: a hare card could make Alice miss her turn.
    await run(alice, 'move', { square: 2 });
    await waitUntil(
      async () => ((await h.service.getGame(gameId))!.turnNoticeMessageId ? true : null),
      5000,
      "Bob's mention",
    );
    for (let i = 0; i < 4; i++)
      h.fake.postUserMessage({ user: alice, channel: h.channel, content: `chat ${i}` });
    await run(bob, 'move', { square: 4 });
    const lastChat = h.fake.messages(h.channel.id).find((m) => m.content === 'chat 3')!.id;
    const moved = await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        const below = game.boardMessageId && BigInt(game.boardMessageId) > BigInt(lastChat);
        return below && game.turnNoticeMessageId ? game : null;
      },
      5000,
      'the board posted again below the chat',
    );
    expect(h.fake.message(firstBoard)?.deleted ?? true).toBe(true);
    const ids = h.fake.messages(h.channel.id).map((m) => m.id);
    expect(ids.indexOf(moved.boardMessageId!)).toBeGreaterThan(
      ids.indexOf(h.fake.messages(h.channel.id).find((m) => m.content === 'chat 3')!.id),
    );
    const notice = await waitUntil(
      async () => {
        const message = h.fake.message((await h.service.getGame(gameId))!.turnNoticeMessageId ?? '');
        return message?.content.includes(alice.id) ? message : null;
      },
      5000,
      "Alice's mention",
    );
    expect(notice.content).toContain(`/channels/${h.guildId}/${h.channel.id}/${moved.boardMessageId}`);
    // What the others did since Alice's own move (not her own move again).
    expect(notice.content).toMatch(/Since your last turn:\n• Bob moves [^\n]*4/);
    expect(notice.content).not.toMatch(/• Alice moves/);
    // The gateway's message events tell a buried board: the bot posted the board, so it never reads the history.
    const before = (await h.service.getGame(gameId))!.version;
    await run(alice, 'move', { square: 5 });
    await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        return game.version > before && boardShowing(h, game) ? game : null;
      },
      5000,
      'the board after the move',
    );
    const historyReads = h.fake.requests.filter(
      (r) => r.method === 'GET' && r.route === '/channels/:channelId/messages',
    );
    expect(historyReads).toHaveLength(0);
  });

  it('keeps the board in place over many moves when nobody chats: old turn mentions do not bury it', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    const first = await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        return boardShowing(h, game) ? game : null;
      },
      5000,
      'the board',
    );
    const board = first.boardMessageId;
    for (let move = 0; move < 8; move++) {
      const game = (await h.service.getGame(gameId))!;
      if (game.status !== 'active') break;
      const state = game.state as HareState;
      const userId = game.seats[state.current]!.userId!;
      await h.service.act(gameId, userId, legalActions(state)[0], game.version);
      await waitUntil(
        async () => {
          const now = (await h.service.getGame(gameId))!;
          return now.version > game.version && boardShowing(h, now) && now.turnNoticeMessageId ? now : null;
        },
        5000,
        'the board after the move',
      );
    }
    expect((await h.service.getGame(gameId))!.boardMessageId).toBe(board);
  });

  it('keeps the board in place when the messages after it were deleted, though the bot caches no messages', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    const board = await waitUntil(
      async () => (await h.service.getGame(gameId))!.boardMessageId,
      5000,
      'the board',
    );
    // Moves played without a private answer below the board (which would send the board to the bottom).
    const move = async (userId: string, to: number) => {
      const game = (await h.service.getGame(gameId))!;
      await h.service.act(gameId, userId, { type: 'move', to }, game.version);
    };
    await move(alice.id, 2);
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.turnNoticeMessageId,
      5000,
      "Bob's mention",
    );
    const chat = Array.from({ length: 4 }, (_, i) =>
      h.fake.postUserMessage({ user: alice, channel: h.channel, content: `oops ${i}` }),
    );
    for (const message of chat) h.fake.deleteMessage(message.id);
    const before = (await h.service.getGame(gameId))!.version;
    await move(bob.id, 4);
    await waitUntil(
      async () => {
        const game = (await h.service.getGame(gameId))!;
        return game.version > before && boardShowing(h, game) && game.turnNoticeMessageId ? game : null;
      },
      5000,
      'the board after the move',
    );
    expect((await h.service.getGame(gameId))!.boardMessageId).toBe(board);
    const channel = h.bot.client.channels.cache.get(h.channel.id);
    expect(channel?.isTextBased() && channel.messages.cache.size).toBe(0);
  });

  it('builds no message for the gateway echo of its own board edits', async () => {
    // Each edit of a board comes back as a MESSAGE_UPDATE; with the Message partial discord.js built two Message
    // objects for each that nothing read (3% of a busy bot's main thread, docs/benchmarks.md).
    const packets: string[] = [];
    let updates = 0;
    const notePacket = (packet: { t?: string | null }) => void packets.push(packet.t ?? '');
    const noteUpdate = () => void (updates += 1);
    h.bot.client.on(Events.Raw, notePacket);
    h.bot.client.on(Events.MessageUpdate, noteUpdate);
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    await waitUntil(async () => (await h.service.getGame(gameId))!.boardMessageId, 5000, 'the board');
    const game = (await h.service.getGame(gameId))!;
    await h.service.act(gameId, alice.id, { type: 'move', to: 2 }, game.version);
    await waitUntil(
      async () => {
        const now = (await h.service.getGame(gameId))!;
        return now.version > game.version && boardShowing(h, now) ? now : null;
      },
      5000,
      'the board after the move',
    );
    await waitUntil(async () => packets.includes('MESSAGE_UPDATE') || null, 5000, 'the edit on the gateway');
    expect(updates).toBe(0);
  });
});
