/**
 * Games in threads and forum posts, through the real discord.js client and the fake Discord: the bot plays
 * there when it may post there as Discord decides for threads (Send Messages in Threads, membership of a private
 * thread, not locked or archived), and refuses clearly at start otherwise.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeChannel } from '../../src/fakediscord/index';
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

type FakeUser = Harness['users']['alice'];

/** The harness as seen from another channel (a thread): its helpers start and find games there. */
function inChannel(h: Harness, channel: FakeChannel): Harness {
  return { ...h, channel };
}

/** Plays `moves` human moves of a Tiny game through its board buttons (computers and forced passes on their own). */
async function playTinyMoves(h: Harness, gameId: string, players: FakeUser[], moves: number): Promise<void> {
  const users = new Map(players.map((user) => [user.id, user]));
  let played = 0;
  while (played < moves) {
    const game = await waitForBoardOrEnd(h, gameId);
    if (game.status !== 'active') return;
    const state = game.state as TinyState;
    const seat = game.seats[state.current]!;
    if (state.mustPass || !seat.userId) {
      await waitForVersionAfter(h, gameId, game.version, 'the forced pass');
      continue;
    }
    const board = boardShowing(h, game)!;
    const customId = allComponents(board)[1]!.custom_id!;
    const answer = await h.fake.waitForResponse(
      h.fake.clickButton({ user: users.get(seat.userId)!, messageId: board.id, customId }),
    );
    expect(answer.type).toBe(7);
    await waitForVersionAfter(h, gameId, game.version);
    played += 1;
  }
}

describe('games in threads and forum posts', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  async function startTiny(channel: FakeChannel) {
    // The final answer: a check that asks Discord first is deferred, then answered by an edit.
    return h.fake.waitForFinal(
      h.fake.slashCommand({
        user: h.users.alice,
        channel,
        name: 'tiny',
        subcommand: 'start',
        options: { target: 3 },
      }),
    );
  }

  /** Plays a game in `place` and checks that everything it posted landed there, nothing in the parent channel. */
  async function playIn(place: FakeChannel): Promise<void> {
    const { alice, bob } = h.users;
    const view = inChannel(h, place);
    const { gameId, lobbyId } = await startGame(view, [alice, bob], { target: 3 }, 'tiny');
    expect(h.fake.message(lobbyId)?.channelId).toBe(place.id);
    expect((await h.service.getGame(gameId))?.channelId).toBe(place.id);
    await playTinyMoves(view, gameId, [alice, bob], 2);
    const game = await waitForBoardOrEnd(view, gameId);
    expect(game.version).toBeGreaterThanOrEqual(3);
    expect(h.fake.message(game.boardMessageId!)?.channelId).toBe(place.id);
    const posted = h.fake
      .messages(place.id, { publicOnly: true })
      .filter((m) => m.authorId === h.fake.bot.id);
    expect(posted.length).toBeGreaterThan(0);
    expect(h.fake.messages(h.channel.id)).toEqual([]);
  }

  it('plays a game in a public thread: lobby, board and moves land in the thread, which the bot joins', async () => {
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'tiny night', type: 'public' });
    await playIn(thread);
    const joined = h.fake.requests.find(
      (r) => r.method === 'PUT' && r.path === `/channels/${thread.id}/thread-members/@me`,
    );
    expect(joined?.status).toBe(204);
    expect(h.fake.isThreadMember(thread.id, h.fake.bot)).toBe(true);
  });

  it('plays a game in a forum post', async () => {
    const forum = h.fake.addForumChannel(h.guildId, 'game-boards');
    const post = h.fake.addThread({
      parentId: forum.id,
      name: 'Tiny, anyone?',
      type: 'forum-post',
      ownerId: h.users.alice.id,
    });
    await playIn(post);
    expect(h.fake.messages(forum.id)).toEqual([]);
  });

  it('plays in a thread whose channel denies the bot Send Messages but grants Send Messages in Threads', async () => {
    h.fake.setBotChannelPermissions(h.channel.id, {
      allow: ['SendMessagesInThreads'],
      deny: ['SendMessages'],
    });
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'threads only', type: 'public' });
    await playIn(thread);
    // The channel itself is refused with the permission it lacks there.
    const refused = await startTiny(h.channel);
    expect(refused.message?.content).toMatch(/missing the permissions? \*\*Send Messages[,*]/);
  });

  it('refuses to start in a thread where it lacks Send Messages in Threads (while it has Send Messages)', async () => {
    h.fake.setBotChannelPermissions(h.channel.id, {
      allow: ['SendMessages'],
      deny: ['SendMessagesInThreads'],
    });
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'no threads', type: 'public' });
    const outcome = await startTiny(thread);
    expect(outcome.ephemeral).toBe(true);
    expect(outcome.message?.content).toMatch(
      /I cannot run a game in this thread: I am missing the permissions? \*\*Send Messages in Threads/,
    );
    expect(outcome.message?.content).toContain(`<#${h.channel.id}>`);
    expect(await h.service.findActiveGameInChannel(thread.id)).toBeNull();
    // The parent channel, where Send Messages counts, is fine.
    const lobby = await startTiny(h.channel);
    expect(lobby.ephemeral).toBe(false);
  });

  it('refuses to start in a locked thread and in an archived one, and says why', async () => {
    const locked = h.fake.addThread({ parentId: h.channel.id, name: 'locked', type: 'public', locked: true });
    const refusedLocked = await startTiny(locked);
    expect(refusedLocked.ephemeral).toBe(true);
    expect(refusedLocked.message?.content).toMatch(/This thread is locked: only moderators can post in it/);
    expect(await h.service.findActiveGameInChannel(locked.id)).toBeNull();

    const archived = h.fake.addThread({ parentId: h.channel.id, name: 'old', type: 'public' });
    h.fake.setThreadState(archived.id, { archived: true });
    // After a restart the bot hears only of active threads: it asks Discord about this one.
    await h.restart();
    const refusedArchived = await startTiny(archived);
    expect(refusedArchived.ephemeral).toBe(true);
    expect(refusedArchived.message?.content).toMatch(/This thread is archived/);
    expect(h.fake.requests.some((r) => r.method === 'GET' && r.path === `/channels/${archived.id}`)).toBe(
      true,
    );
    expect(await h.service.findActiveGameInChannel(archived.id)).toBeNull();
    expect(h.fake.state.channel(archived.id).thread?.archived).toBe(true);
  });

  it('refuses to start in a private thread it is not in, and plays there once added', async () => {
    const { alice, bob } = h.users;
    const thread = h.fake.addThread({
      parentId: h.channel.id,
      name: 'secret',
      type: 'private',
      ownerId: alice.id,
      members: [bob.id],
    });
    const refused = await startTiny(thread);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toMatch(/private thread/);
    expect(refused.message?.content).toMatch(/add me to it by mentioning me/);
    expect(await h.service.findActiveGameInChannel(thread.id)).toBeNull();
    // Without Manage Threads the bot cannot join a private thread by itself: a member must add it.
    expect(h.fake.isThreadMember(thread.id, h.fake.bot)).toBe(false);

    // A private thread the bot was in and was removed from (its cache may still say it is in it).
    const left = h.fake.addThread({
      parentId: h.channel.id,
      name: 'left',
      type: 'private',
      ownerId: alice.id,
    });
    h.fake.addThreadMembers(left.id, [h.fake.bot]);
    await waitUntil(() => h.bot.client.channels.cache.has(left.id), 5000, 'THREAD_CREATE');
    h.fake.removeThreadMember(left.id, h.fake.bot);
    const refusedLeft = await startTiny(left);
    expect(refusedLeft.message?.content).toMatch(/This is a private thread and I am not in it/);

    h.fake.addThreadMembers(thread.id, [h.fake.bot]);
    const view = inChannel(h, thread);
    const { gameId } = await startGame(view, [alice, bob], { target: 3 }, 'tiny');
    await playTinyMoves(view, gameId, [alice, bob], 1);
    expect(h.fake.messages(h.channel.id)).toEqual([]);
  });

  it('a thread locked mid-game pauses the posting (no retries into refusals) and the board catches up once unlocked', async () => {
    const { alice } = h.users;
    const thread = h.fake.addThread({ parentId: h.channel.id, name: 'long game', type: 'public' });
    const view = inChannel(h, thread);
    const { gameId } = await startGame(view, [alice], { target: 3 }, 'tiny');
    await waitForBoardOrEnd(view, gameId);
    h.fake.setThreadState(thread.id, { locked: true });
    const before = h.fake.requests.length;
    // The computer's moves and Alice's turns go on in the database; the thread cannot show them.
    const game = (await h.service.getGame(gameId))!;
    const state = game.state as TinyState;
    await h.service.act(gameId, alice.id, { type: 'add', amount: 2 }, game.version);
    await waitUntil(
      async () => {
        const now = (await h.service.getGame(gameId))!;
        return now.version > game.version + 1 || now.status !== 'active' ? now : null;
      },
      5000,
      'the computer',
    );
    expect(state.current).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = h.fake.requests.slice(before).filter((r) => r.status >= 400);
    expect(refused.length, 'refused requests while locked').toBeLessThanOrEqual(3);

    h.fake.setThreadState(thread.id, { locked: false });
    const latest = (await h.service.getGame(gameId))!;
    await waitUntil(
      async () => boardShowing(view, (await h.service.getGame(gameId))!),
      5000,
      'the board caught up',
    );
    expect((await h.service.getGame(gameId))!.version).toBeGreaterThanOrEqual(latest.version);
  });
});
