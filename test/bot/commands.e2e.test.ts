import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createHarness,
  expectEveryInteractionAnswered,
  startGame,
  waitForTurnOf,
  waitUntil,
  type Harness,
} from './harness';

describe('the other /hare subcommands', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  const run = async (
    user: Harness['users']['alice'],
    subcommand: string,
    options: Record<string, string | number> = {},
  ) =>
    h.fake.waitForFinal(h.fake.slashCommand({ user, channel: h.channel, name: 'hare', subcommand, options }));

  it('hand, status, log, rules: private answers; carrots stay off the public board', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2, rules: 'standard' });
    const game = await waitForTurnOf(h, gameId, alice.id);
    const board = h.fake.message(game.boardMessageId!)!;
    expect(JSON.stringify(board.embeds)).not.toMatch(/carrots 65/);

    const hand = await run(alice, 'hand');
    expect(hand.type, 'an image reply is deferred, then edited').toBe(5);
    expect(hand.ephemeral).toBe(true);
    expect(hand.message?.content).toContain('65 carrots and 3 lettuces');
    expect(hand.message?.content).toContain('1 · hare · costs 1');
    expect(hand.message?.attachments[0]?.filename).toBe('hand.png');
    expect((await run(bob, 'hand')).message?.content).toContain('It is not your turn.');
    const seatless = await run(h.users.carol, 'hand');
    expect(seatless.message?.content).toBe('You are not playing in this game.');
    expect(seatless.type, 'a refusal is answered at once').toBe(4);

    const status = await run(bob, 'status');
    expect(status.type).toBe(5);
    expect(status.ephemeral).toBe(true);
    expect(status.message?.content).toMatch(/Turn 1: Alice to play/);
    expect(status.message?.attachments).toHaveLength(1);

    await run(alice, 'move', { square: 3 });
    const log = await run(bob, 'log');
    expect(log.ephemeral).toBe(true);
    expect(log.message?.content).toMatch(
      /Alice moves from the start to square 3 \(hare\) and pays 6 carrots/,
    );
    expect(log.message?.content).not.toMatch(/carrots 65 →/);

    const rules = await run(bob, 'rules');
    expect(rules.ephemeral).toBe(true);
    expect(rules.message?.content).toMatch(/Standard rules/);
    expect(expectEveryInteractionAnswered(h).slowestMs).toBeLessThan(3000);
  });

  it('leave hands the runner to a computer; end is for the host or a moderator; stats and leaderboard', async () => {
    const { alice, bob, carol, mod } = h.users;
    const { gameId } = await startGame(h, [alice, bob, carol], { seats: 3, 'computer-level': 'novice' });
    await waitForTurnOf(h, gameId, alice.id);
    const left = await run(bob, 'leave');
    expect(left.ephemeral).toBe(true);
    expect(left.message?.content).toMatch(/novice computer plays your runner/);
    const seat = (await h.service.getGame(gameId))!.seats.find((s) => s.userId === bob.id)!;
    expect(seat.left).toBe(true);
    expect(seat.level).toBe('novice');

    const refused = await run(carol, 'end');
    expect(refused.ephemeral).toBe(true);
    expect(refused.message?.content).toMatch(/only the host or a moderator/i);
    expect((await h.service.getGame(gameId))!.status).toBe('active');

    const ended = await run(mod, 'end');
    expect(ended.ephemeral).toBe(false);
    expect(ended.message?.content).toBe(
      `Stopped by <@${mod.id}> before the end: no winner, and the game counts for nobody.`,
    );
    await waitUntil(
      async () => (await h.service.getGame(gameId))!.status === 'finished',
      5000,
      'the game to end',
    );
    const board = await waitUntil(
      async () => {
        const message = h.fake.message((await h.service.getGame(gameId))!.boardMessageId!);
        return message?.embeds[0]?.title?.includes('game over') ? message : null;
      },
      5000,
      'the final board',
    );
    expect(board.components).toHaveLength(0);
    expect(await h.service.findActiveGameInChannel(h.channel.id)).toBeNull();

    const stats = await run(alice, 'stats', { user: carol.id });
    expect(stats.message?.embeds[0]?.description).toBe(
      'Carol has no finished Hare & Tortoise games on this server yet.',
    );
    const leaderboard = await run(alice, 'leaderboard');
    expect(leaderboard.message?.embeds[0]?.title).toMatch(/leaderboard/);
  });

  it('a lobby: leave and cancel by command', async () => {
    const { alice, bob } = h.users;
    const opened = await run(alice, 'start', { seats: 3 });
    const gameId = (await h.service.findActiveGameInChannel(h.channel.id))!.id;
    await h.fake.waitForResponse(
      h.fake.clickButton({ user: bob, messageId: opened.message!.id, customId: `hare:lobby:${gameId}:join` }),
    );
    expect((await run(bob, 'leave')).message?.content).toMatch(/left the lobby/);
    await waitUntil(
      () => !JSON.stringify(h.fake.message(opened.message!.id)!.embeds).includes(bob.id),
      5000,
      'the lobby to drop Bob',
    );
    expect((await run(bob, 'end')).message?.content).toMatch(/only the host/i);
    expect((await run(alice, 'end')).message?.content).toMatch(/cancelled/);
    expect(await h.service.findActiveGameInChannel(h.channel.id)).toBeNull();
    expect((await h.service.getGame(gameId))!.status).toBe('cancelled');
  });
});
