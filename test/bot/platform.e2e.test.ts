/**
 * The bot on a game that is not Hare & Tortoise (test/support/tiny-game.ts), through the real discord.js
 * client and the fake Discord: its command is generated from its module, its controls drive it, a command of
 * another game is refused in its channel.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import type { TinyState } from '../support/tiny-game';
import { tinyModule } from '../support/tiny-game';
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

describe('a game of its own through the bot', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ games: createRegistry([hareModule, tinyModule]), aiTurnDelayMs: 20 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('registers /tiny, plays it with its buttons to the summary, and keeps /hare out of its channel', async () => {
    const { alice, bob } = h.users;
    expect(h.fake.commands(h.guildId).map((command) => command.name)).toEqual(['hare', 'tiny']);
    const { gameId, lobbyId } = await startGame(h, [alice, bob], { target: 3 }, 'tiny');
    const lobby = h.fake.message(lobbyId)!;
    expect(lobby.embeds[0]?.title).toBe('Tiny — new game');

    const hare = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: bob, channel: h.channel, name: 'hare', subcommand: 'status' }),
    );
    expect(hare.ephemeral).toBe(true);
    expect(hare.message?.content).toMatch(/This channel is playing Tiny: use `\/tiny`/);

    const users = new Map([alice, bob].map((user) => [user.id, user]));
    for (let step = 0; step < 200; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const state = game.state as TinyState;
      const seat = game.seats[state.current]!;
      const board = boardShowing(h, game)!;
      const buttons = allComponents(board);
      if (state.mustPass) {
        await waitForVersionAfter(h, gameId, game.version, 'the forced pass');
        continue;
      }
      expect(buttons.map((b) => b.custom_id)).toEqual([
        `tiny:act:${gameId}:${game.version}:a1`,
        `tiny:act:${gameId}:${game.version}:a2`,
      ]);
      const click = h.fake.clickButton({
        user: users.get(seat.userId!)!,
        messageId: board.id,
        customId: buttons[1]!.custom_id!,
      });
      expect((await h.fake.waitForResponse(click)).type).toBe(6);
    }
    const finished = await waitForSummary(h, gameId);
    expect(finished.status).toBe('finished');
    const summary = h.fake.messages(h.channel.id).find((m) => m.embeds[0]?.title?.startsWith('🏆 Tiny'));
    expect(summary?.embeds[0]?.description).toMatch(/points/);
    const winner = h.service.status(gameId).placings![0]!;
    expect(h.service.stats(h.guildId, 'tiny', winner.userId!)).toMatchObject({ games: 1, wins: 1 });
  });
});
