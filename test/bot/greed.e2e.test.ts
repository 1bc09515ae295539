/**
 * Greed through the real discord.js client and the fake Discord: Alice against a steady computer to a low
 * target, with the Roll and Stop buttons and /greed roll|stop, through a bust, computer turns, the final round
 * and the summary.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/greed/index';
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

describe('Greed in a channel', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('plays to the summary: roll, stop, a bust, computer turns, the final round', async () => {
    const { alice } = h.users;
    const { gameId, lobbyId } = await startGame(
      h,
      [alice],
      { seats: 2, 'computer-level': 'steady', speed: 'fast', target: 1000, entry: 0 },
      'greed',
    );
    // The lobby message became the board when the start click was answered; its first revision was the lobby.
    expect(h.fake.message(lobbyId)!.history[0]?.embeds[0]?.description).toMatch(
      /5 dice of 6 · entry 0 · target 1,000/,
    );
    const seen = new Set<string>();
    const remember = (text: string | undefined) => text?.split('\n').forEach((line) => seen.add(line));
    let busted = false;
    let typed = 0;
    for (let step = 0; step < 400; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const board = boardShowing(h, game)!;
      remember(board.embeds[0]?.description);
      const state = game.state as GameState;
      if (state.current !== 0) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer');
        continue;
      }
      expect(board.attachments.map((a) => a.filename)).toEqual(['board.png']);
      const buttons = allComponents(board);
      const wantsStop = busted && state.rolled;
      const label = wantsStop ? 'Stop' : 'Roll';
      const button = buttons.find((b) => (b as { label?: string }).label?.startsWith(label));
      expect(button, `a ${label} button`).toBeDefined();
      if (step % 3 === 2) {
        const answer = await h.fake.waitForResponse(
          h.fake.slashCommand({
            user: alice,
            channel: h.channel,
            name: 'greed',
            subcommand: wantsStop ? 'stop' : 'roll',
          }),
        );
        expect(answer.ephemeral).toBe(true);
        typed++;
      } else {
        const click = h.fake.clickButton({ user: alice, messageId: board.id, customId: button!.custom_id! });
        expect([6, 7]).toContain((await h.fake.waitForResponse(click)).type);
      }
      await waitForVersionAfter(h, gameId, game.version, 'the action');
      // Read from the log: a computer may already have rolled over Alice's last roll in the state.
      const own = h.service
        .history(gameId)
        .filter((entry) => entry.seat === 0 && entry.actor.kind === 'user');
      if (own.at(-1)?.lines.some((line) => / busts/.test(line))) busted = true;
    }
    expect(busted).toBe(true);
    expect(typed).toBeGreaterThan(0);
    const finished = await waitForSummary(h, gameId);
    const log = await h.fake.waitForResponse(
      h.fake.slashCommand({ user: alice, channel: h.channel, name: 'greed', subcommand: 'log' }),
    );
    remember(log.message?.content);
    const lines = [...seen].join('\n');
    expect(lines).toMatch(/Alice rolls [1-6 ]+: \d/);
    expect(lines).toMatch(/Alice busts/);
    expect(lines).toMatch(/Steady \d rolls [1-6 ]+: \d/);
    expect(lines).toMatch(/stops, banks/);
    expect(lines).toMatch(/the final round begins/);
    const state = finished.state as GameState;
    expect(state.over).toBe(true);
    expect(Math.max(...state.scores)).toBeGreaterThanOrEqual(1000);
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toMatch(/Greed/);
    expect(summary.embeds[0]?.description ?? '').toMatch(/\b\d+ turns?\b/); // '1 turn' when a computer banks 1,000 at once
  });
});
