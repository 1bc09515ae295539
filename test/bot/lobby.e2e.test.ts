/**
 * Lobbies through the real discord.js client and the fake Discord: a lobby full of computers never locks a
 * friend out (Join takes a computer's seat, the host can remove one), a lobby full of players says so, and
 * `/<game> start` in a channel with an open lobby points at the lobby itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allComponents,
  channelGame,
  createHarness,
  waitUntil,
  type Harness,
  pressButton,
  runCommand,
} from './harness';

type User = Harness['users']['alice'];
type Button = ReturnType<typeof allComponents>[number] & { disabled?: boolean; label?: string };

describe('lobbies a friend can always get into', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  const run = (
    user: User,
    subcommand: string,
    options: Record<string, string | number> = {},
    name = 'hare',
  ) => runCommand(h, user, subcommand, options, name);
  const press = (user: User, messageId: string, customId: string) =>
    pressButton(h, user, messageId, customId);

  const lobbyButton = (messageId: string, customId: string): Button | undefined =>
    (allComponents(h.fake.message(messageId)!) as Button[]).find((c) => c.custom_id === customId);

  const seatsField = (messageId: string) => h.fake.message(messageId)!.embeds[0]?.fields?.[0]?.value ?? '';

  it('after Add computer fills the lobby, Join stays live and takes the computer’s seat', async () => {
    const { alice, bob, carol } = h.users;
    const opened = await run(alice, 'start', { seats: 2, 'computer-level': 'novice' });
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const id = (button: string) => `hare:lobby:${gameId}:${button}`;
    await press(alice, lobbyId, id('add-computer'));
    expect(seatsField(lobbyId)).toMatch(/🤖 Novice 1/);
    expect(lobbyButton(lobbyId, id('join'))?.disabled).not.toBe(true);
    expect(lobbyButton(lobbyId, id('add-computer'))?.disabled).toBe(true);

    const joined = await press(bob, lobbyId, id('join'));
    expect(joined.type, 'the Join click is answered with the redrawn lobby').toBe(7);
    expect(seatsField(lobbyId)).toBe(`1. <@${alice.id}>\n2. <@${bob.id}>`);

    const refused = await press(carol, lobbyId, id('join'));
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toBe('The lobby is full: all 2 seats are taken by players.');
    expect((await h.service.getGame(gameId))!.seats.map((seat) => seat.userId)).toEqual([alice.id, bob.id]);
  });

  it('the host removes a computer with the lobby’s Remove computer button', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 3, 'computer-level': 'novice' });
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const id = (button: string) => `hare:lobby:${gameId}:${button}`;
    expect(lobbyButton(lobbyId, id('remove-computer'))?.disabled).toBe(true);
    await press(alice, lobbyId, id('add-computer'));
    expect(lobbyButton(lobbyId, id('remove-computer'))?.disabled).not.toBe(true);
    const notHost = await press(bob, lobbyId, id('remove-computer'));
    expect(notHost.ephemeral).toBe(true);
    expect(notHost.message?.content).toBe('Only the host can do that.');
    await press(alice, lobbyId, id('remove-computer'));
    expect(seatsField(lobbyId)).not.toMatch(/🤖/);
    expect((await h.service.getGame(gameId))!.seats).toHaveLength(1);
  });

  it('Remove computer shrinks the table: Start seats no computer in its place', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 3, 'computer-level': 'novice' });
    const lobbyId = opened.message!.id;
    const gameId = (await channelGame(h))!.id;
    const id = (button: string) => `hare:lobby:${gameId}:${button}`;
    await press(bob, lobbyId, id('join'));
    await press(alice, lobbyId, id('add-computer'));
    await press(alice, lobbyId, id('remove-computer'));
    expect(seatsField(lobbyId)).toBe(`1. <@${alice.id}>\n2. <@${bob.id}>`);
    await press(alice, lobbyId, id('start'));
    const started = await waitUntil(
      async () => {
        const game = await h.service.getGame(gameId);
        return game?.status === 'active' ? game : null;
      },
      5000,
      'the start',
    );
    expect(started.seats.map((seat) => seat.userId)).toEqual([alice.id, bob.id]);
  });

  it('after a Rematch of a game with a computer, the other player joins in place of the computer', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 2, 'computer-level': 'novice' });
    const gameId = (await channelGame(h))!.id;
    await press(alice, opened.message!.id, `hare:lobby:${gameId}:start`);
    await waitUntil(async () => (await h.service.getGame(gameId))!.boardMessageId, 5000, 'the board');
    await run(alice, 'end');
    const summary = await waitUntil(
      () =>
        h.fake
          .messages(h.channel.id)
          .find((m) => allComponents(m).some((c) => c.custom_id === `hare:finished:${gameId}:rematch`)),
      10_000,
      'the summary',
    );
    const rematch = await press(alice, summary.id, `hare:finished:${gameId}:rematch`);
    const lobbyId = rematch.message!.id;
    const next = (await channelGame(h))!;
    expect(next.seats.map((seat) => seat.kind)).toEqual(['human', 'computer']);
    expect(lobbyButton(lobbyId, `hare:lobby:${next.id}:join`)?.disabled).not.toBe(true);
    await press(bob, lobbyId, `hare:lobby:${next.id}:join`);
    expect((await h.service.getGame(next.id))!.seats.map((seat) => seat.userId)).toEqual([alice.id, bob.id]);
    expect(seatsField(lobbyId)).toBe(`1. <@${alice.id}>\n2. <@${bob.id}>`);
  });

  it('/greed start with a lobby open links to the lobby; /greed status in a lobby does too', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 2 }, 'greed');
    const lobby = (await channelGame(h))!;
    await waitUntil(
      async () => (await h.service.getGame(lobby.id))!.boardMessageId,
      5000,
      'the lobby recorded',
    );
    const link = `https://discord.com/channels/${h.guildId}/${h.channel.id}/${opened.message!.id}`;
    const again = await run(bob, 'start', {}, 'greed');
    expect(again.ephemeral).toBe(true);
    expect(again.message?.content).toContain(link);
    expect(again.message?.content).not.toMatch(/status/);
    const status = await run(bob, 'status', {}, 'greed');
    expect(status.message?.content).toContain(link);
    expect(status.message?.content).toMatch(/has not started yet/);
  });
});
