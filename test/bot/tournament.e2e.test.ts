/**
 * `/<game> tournament` through the real discord.js client and the fake Discord, for every game: a server manager
 * starts one of the built-in levels; it is played in a thread of the channel with ONE standings message, edited
 * as games finish (at most every few seconds), then the results with the chart and the list of games; no board
 * is posted; every game is a stored game that replays and verifies, and its summary and replay are a pick in the
 * list away. Refusals are private and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, StoredMessage } from '../../src/fakediscord/index';
import { STANDINGS_EDIT_GAP_MS } from '../../src/bot/tournament-feed';
import { allComponents, createHarness, waitUntil, type Harness } from './harness';

type FakeUser = Harness['users']['alice'];

let h: Harness;
let boss: FakeUser;

beforeAll(async () => {
  h = await createHarness();
  boss = h.fake.addUser({
    username: 'boss',
    globalName: 'Boss',
    guilds: [h.guildId],
    permissions: ['ManageGuild'],
  });
});
afterAll(async () => {
  await h.close();
});

function tournament(
  user: FakeUser,
  game: string,
  options: Record<string, string | number> = {},
  channel = h.channel,
) {
  return h.fake.waitForFinal(
    h.fake.slashCommand({ user, channel, name: game, subcommand: 'tournament', options }),
  );
}

function threadsOf(channel: FakeChannel): FakeChannel[] {
  return [...h.fake.state.channels.values()].filter((candidate) => candidate.parentId === channel.id);
}

const isPng = (data: Buffer) => data.subarray(1, 4).toString() === 'PNG';

/** The ids of the games a list message offers in its menu. */
function listedGames(message: StoredMessage): string[] {
  return allComponents(message)
    .filter((component) => component.type === 3)
    .flatMap((component) => component.options?.map((option) => option.value) ?? []);
}

interface Case {
  game: string;
  options: Record<string, string | number>;
  /** The entrants' names, as the standings show them. */
  entrants: string[];
  total: number;
}

const CASES: Case[] = [
  { game: 'hare', options: { games: 1 }, entrants: ['Novice', 'Intermediate', 'Advanced'], total: 3 },
  {
    game: 'greed',
    options: { entrants: 'cautious, Expert', games: 2 },
    entrants: ['Cautious', 'Expert'],
    total: 2,
  },
  { game: 'candyland', options: { games: 3 }, entrants: ['Computer 1', 'Computer 2'], total: 3 },
  {
    game: 'hedgehogs',
    options: { entrants: 'novice, advanced, novice', format: 'swiss', games: 1 },
    entrants: ['Novice 1', 'Advanced', 'Novice 2'],
    total: 2,
  },
];

describe('/<game> tournament', () => {
  for (const { game, options, entrants, total } of CASES) {
    it(
      `plays a ${game} tournament of built-in levels in a thread, with live standings and results`,
      { timeout: 180_000 },
      async () => {
        const before = threadsOf(h.channel).length;
        const started = await tournament(boss, game, options);
        expect(started.ephemeral).toBe(false);
        const threads = threadsOf(h.channel);
        expect(threads).toHaveLength(before + 1);
        const thread = threads.at(-1)!;
        expect(thread.name).toMatch(/tournament$/);
        expect(started.message!.content).toContain(`<#${thread.id}>`);
        for (const name of entrants) expect(started.message!.content).toContain(name);
        expect(started.message!.content).toContain(`${total} games`);

        // The standings, the results with the chart, then the list of games (with its menu).
        const messages = () => h.fake.messages(thread.id);
        await waitUntil(
          () => messages().some((message) => listedGames(message).length > 0),
          150_000,
          'the list',
        );
        const [standings, results, ...lists] = messages();
        expect(lists).toHaveLength(1);
        expect(standings!.editCount).toBeGreaterThanOrEqual(1);
        expect(standings!.content).toMatch(/🏁 Over: \d+ games played\./);
        for (const name of entrants) expect(standings!.content).toContain(`**${name}**`);
        // Edited at most every few seconds, however fast the games end.
        const edits = h.fake.requests
          .filter(
            (entry) =>
              entry.method === 'PATCH' && entry.path === `/channels/${thread.id}/messages/${standings!.id}`,
          )
          .map((entry) => entry.receivedAt);
        expect(edits.length).toBe(standings!.editCount);
        for (let i = 1; i < edits.length; i++)
          expect(edits[i]! - edits[i - 1]!).toBeGreaterThanOrEqual(STANDINGS_EDIT_GAP_MS - 50);

        expect(results!.content).toMatch(/tournament: results\*\*/);
        expect(results!.content).toMatch(/🥇/);
        const chart = results!.attachments.find((file) => file.filename === 'tournament.png');
        expect(chart && isPng(chart.data)).toBe(true);
        expect(chart?.description).toMatch(/line chart of each entrant’s rating/);

        // Nothing but these in the thread: no board, no summary of a game; nothing more in the channel.
        expect(messages()).toHaveLength(3);
        expect(
          h.fake.messages(h.channel.id).filter((message) => message.createdAt >= started.message!.createdAt),
        ).toHaveLength(1);

        const gameIds = listedGames(lists[0]!);
        expect(gameIds).toHaveLength(total);
        for (const id of gameIds) {
          expect(lists[0]!.content).toContain(`\`${id}\``);
          const stored = await h.service.getGame(id);
          expect(stored).toMatchObject({ status: 'finished', channelId: thread.id, gameKey: game });
          expect(stored!.boardMessageId).toBeNull();
          expect(await h.service.replayCheck(id)).toMatchObject({ ok: true });
          expect((await h.service.verifyGame(id)).ok).toBe(true);
        }

        // A game of the list: its summary and replay, privately; `/<game> verify` checks its dice.
        const menu = allComponents(lists[0]!).find((component) => component.type === 3)!;
        const picked = await h.fake.waitForFinal(
          h.fake.selectMenu({
            user: h.users.bob,
            messageId: lists[0]!.id,
            customId: menu.custom_id!,
            values: [gameIds[0]!],
          }),
        );
        expect(picked.ephemeral).toBe(true);
        expect(allComponents(picked.message!).map((component) => component.custom_id)).toEqual([
          `${game}:finished:${gameIds[0]}:replay`,
          `${game}:finished:${gameIds[0]}:log`,
        ]);
        const replay = await h.fake.waitForFinal(
          h.fake.clickButton({
            user: h.users.bob,
            messageId: picked.message!.id,
            customId: `${game}:finished:${gameIds[0]}:replay`,
          }),
        );
        expect(replay.ephemeral).toBe(true);
        expect(replay.message!.attachments.some((file) => isPng(file.data))).toBe(true);
        const verified = await h.fake.waitForFinal(
          h.fake.slashCommand({
            user: h.users.carol,
            channel: thread,
            name: game,
            subcommand: 'verify',
            options: { game: gameIds.at(-1)! },
          }),
        );
        expect(verified.message!.content).toMatch(/Everything matches\./);
        expect(verified.message!.content).not.toMatch(/❌/);
      },
    );
  }

  it(
    'refuses privately: who may start one, where, whom, how many, and one at a time',
    { timeout: 60_000 },
    async () => {
      const threadsBefore = threadsOf(h.channel).length;
      const refused = async (
        user: FakeUser,
        options: Record<string, string | number>,
        channel = h.channel,
      ) => {
        const answer = await tournament(user, 'greed', options, channel);
        expect([answer.ephemeral, answer.message?.content]).toEqual([true, expect.any(String)]);
        return answer.message!.content;
      };
      expect(await refused(h.users.alice, {})).toBe(
        'Only members who manage the server can start a tournament.',
      );
      // A moderator of messages is no manager of the server.
      expect(await refused(h.users.mod, {})).toBe(
        'Only members who manage the server can start a tournament.',
      );
      expect(await refused(boss, { entrants: 'steady, wizard' })).toBe(
        'Nobody called “wizard” can enter. The entrants you can choose: Cautious, Steady, Greedy, Expert.',
      );
      expect(await refused(boss, { entrants: 'steady' })).toBe('A tournament needs at least two entrants.');
      expect(
        await refused(boss, {
          entrants: 'steady, greedy, steady, greedy, expert, cautious, expert',
          format: 'round-robin',
          games: 3,
        }),
      ).toBe(
        'That would be 63 games, and a tournament plays at most 60: choose fewer games per pairing, fewer entrants or the Swiss system.',
      );
      const elsewhere = h.fake.addThread({
        parentId: h.channel.id,
        name: 'chat',
        type: 'public',
        members: [boss.id],
      });
      expect(await refused(boss, {}, elsewhere)).toBe(
        'Start a tournament in a text channel: its games are played in a thread of their own.',
      );
      h.fake.setBotChannelPermissions(h.channel.id, { deny: ['CreatePublicThreads'] });
      try {
        expect(await refused(boss, {})).toMatch(/^I cannot open the tournament’s thread here/);
      } finally {
        h.fake.setBotChannelPermissions(h.channel.id, {});
      }
      expect(threadsOf(h.channel)).toHaveLength(threadsBefore + 1);

      // One at a time on a server: a second is refused while the first plays.
      const first = await tournament(boss, 'candyland', { games: 10 });
      expect(first.ephemeral).toBe(false);
      expect(await refused(boss, {})).toBe(
        'A tournament is already running on this server: wait for its results.',
      );
      const thread = threadsOf(h.channel).at(-1)!;
      await waitUntil(
        () => h.fake.messages(thread.id).some((message) => listedGames(message).length > 0),
        50_000,
      );
    },
  );

  it('stops when its thread is deleted, and the server may start another', { timeout: 60_000 }, async () => {
    const started = await tournament(boss, 'candyland', { games: 10 });
    expect(started.ephemeral).toBe(false);
    const thread = threadsOf(h.channel).at(-1)!;
    const running = () => h.service.tournaments.runningIn(h.guildId);
    await waitUntil(() => (running()?.progress().played ?? 0) >= 1, 30_000, 'a first game');
    h.fake.deleteChannel(thread.id);
    await waitUntil(() => running() === null, 30_000, 'the tournament to stop');
    // Every game of the thread is over: played to its end, or cancelled with the thread.
    const games = await h.service.historyPage({
      guildId: h.guildId,
      gameKey: 'candyland',
      userId: null,
      page: 0,
    });
    expect(games.entries.length).toBeGreaterThan(0);
    expect(await h.service.findActiveGameInChannel(thread.id)).toBeNull();
    const again = await tournament(boss, 'candyland', { games: 1 });
    expect(again.ephemeral).toBe(false);
    const next = threadsOf(h.channel).at(-1)!;
    await waitUntil(
      () => h.fake.messages(next.id).some((message) => listedGames(message).length > 0),
      30_000,
    );
  });

  it('suggests the entrants as they are typed', async () => {
    const suggested = await h.fake.autocomplete({
      user: boss,
      channel: h.channel,
      name: 'hare',
      subcommand: 'tournament',
      options: {},
      focused: 'entrants',
      value: 'novice, adv',
    });
    expect(suggested.map((choice) => choice.value)).toEqual(['novice, Advanced']);
  });
});
