/**
 * Candy Land through the real discord.js client and the fake Discord: a 3-pawn game (two people and a computer
 * pawn) drawn with the button and with `/candyland draw` to the summary, and `/candyland simulate`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candylandModule, type GameState } from '../../src/games/candyland/index';
import {
  allComponents,
  boardShowing,
  createHarness,
  type Harness,
  startGame,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
} from './harness';

describe('Candy Land in a channel', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  const isPng = (data: Buffer) => data.subarray(1, 4).toString() === 'PNG';

  it('plays a 3-pawn game to the summary with the Draw button and /candyland draw', async () => {
    const { alice, bob } = h.users;
    const { gameId, lobbyId } = await startGame(h, [alice, bob], { seats: 3, speed: 'fast' }, 'candyland');
    expect(h.fake.message(lobbyId)!.embeds[0]?.title).toMatch(/Candy Land/);
    const users = new Map([alice, bob].map((user) => [user.id, user]));
    let clicks = 0;
    let typed = 0;
    for (let step = 0; step < 2000; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const state = game.state as GameState;
      const seat = game.seats[candylandModule.rules.currentSeat(state)!]!;
      const user = seat.userId ? users.get(seat.userId) : undefined;
      if (!user || seat.left) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer pawn');
        continue;
      }
      const board = boardShowing(h, game)!;
      expect(board.attachments.map((a) => a.filename)).toEqual(['board.png']);
      const [draw] = allComponents(board);
      expect(draw?.custom_id).toMatch(new RegExp(`^candyland:act:${gameId}:${game.version}:`));
      if (step % 2 === 0) {
        const click = h.fake.clickButton({ user, messageId: board.id, customId: draw!.custom_id! });
        expect([6, 7]).toContain((await h.fake.waitForResponse(click)).type);
        clicks++;
      } else {
        const answer = await h.fake.waitForResponse(
          h.fake.slashCommand({ user, channel: h.channel, name: 'candyland', subcommand: 'draw' }),
        );
        expect(answer.ephemeral).toBe(true);
        typed++;
      }
      await waitForVersionAfter(h, gameId, game.version, 'the draw');
    }
    expect(clicks).toBeGreaterThan(0);
    expect(typed).toBeGreaterThan(0);

    const finished = await waitForSummary(h, gameId);
    expect(finished.status).toBe('finished');
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toMatch(/Candy Land/);
    expect(isPng(summary.attachments[0]!.data)).toBe(true);
    const placings = (await h.service.status(gameId)).placings!;
    expect(placings).toHaveLength(3);
    expect(placings[0]!.place).toBe(1);

    const log = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: bob, channel: h.channel, name: 'candyland', subcommand: 'log' }),
    );
    expect(log.ephemeral).toBe(true);
    expect(log.message?.content).toMatch(/draws/);
  });

  it('ends at the turn limit with no winner, saying so in the log, the summary, the final board and the stats', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(
      h,
      [alice, bob],
      { seats: 2, speed: 'fast', 'turn-limit': 2 },
      'candyland',
    );
    const users = new Map([alice, bob].map((user) => [user.id, user]));
    for (let step = 0; step < 20; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const seat = game.seats[candylandModule.rules.currentSeat(game.state as GameState)!]!;
      const board = boardShowing(h, game)!;
      const [draw] = allComponents(board);
      await h.fake.waitForResponse(
        h.fake.clickButton({
          user: users.get(seat.userId!)!,
          messageId: board.id,
          customId: draw!.custom_id!,
        }),
      );
      await waitForVersionAfter(h, gameId, game.version, 'the draw');
    }
    const finished = await waitForSummary(h, gameId);
    expect((finished.state as GameState).winner).toBeNull();
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    const embed = summary.embeds[0]!;
    expect(embed.title).toMatch(/turn limit/i);
    expect(embed.title).not.toMatch(/wins|won/i);
    expect(embed.description).toMatch(/no winner/i);
    expect(embed.description).not.toMatch(/🥇/);
    // Candy Land has no rule sets to choose from: its messages do not name one.
    expect(embed.footer?.text).toMatch(/^Game /);
    expect(embed.footer?.text).not.toMatch(/rules/);
    const board = h.fake.message(finished.boardMessageId!)!;
    const fields = (board.embeds[0]?.fields ?? []).map((f) => `${f.name}: ${f.value}`).join('\n');
    expect(fields).toMatch(/turn limit/i);
    expect(fields).not.toMatch(/🥇/);
    expect(board.embeds[0]?.description).toMatch(/no winner/);
    for (const user of [alice, bob])
      expect((await h.service.stats(h.guildId, 'candyland', user.id))?.wins).toBe(0);
    const history = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'candyland', subcommand: 'history' }),
    );
    const line = history.message?.embeds[0]?.description ?? '';
    expect(line).toMatch(/turn limit/);
    expect(line).not.toMatch(/ won/);
  });

  it('answers /candyland simulate with the figures and a histogram image', async () => {
    const interaction = h.fake.slashCommand({
      user: h.users.carol,
      channel: h.channel,
      name: 'candyland',
      subcommand: 'simulate',
      options: { seats: 3, games: 5000 },
    });
    const first = await h.fake.waitForResponse(interaction);
    expect(first.latencyMs).toBeLessThan(3000);
    const answer = await h.fake.waitForFinal(interaction, 20_000);
    expect(answer.message?.content).toMatch(/5,?000 games\*\* of Candy Land with 3 players/);
    expect(answer.message?.content).toMatch(/Rounds: mean \d+\.\d, median \d+, longest \d+/);
    expect(answer.message?.attachments).toHaveLength(1);
    expect(isPng(answer.message!.attachments[0]!.data)).toBe(true);
  });
});
