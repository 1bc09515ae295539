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
    // The lobby message became the board when the start click was answered; an earlier revision was the lobby
    // (not always the first: the reply to /greed start may be deferred before the lobby is drawn).
    const lobby = h.fake.message(lobbyId)!;
    const revisions = [...lobby.history, lobby].map((revision) => revision.embeds[0]?.description);
    expect(revisions.join('\n')).toMatch(/5 dice of 6 · no entry minimum · target 1,000/);
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
      if (typed === 0 || step % 3 === 2) {
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
      const own = (await h.service.history(gameId)).filter(
        (entry) => entry.seat === 0 && entry.actor.kind === 'user',
      );
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
    const computer = finished.seats.find((seat) => seat.level)!.name.replace(/[()]/g, '\\$&');
    expect(lines).toMatch(new RegExp(`${computer} rolls [1-6 ]+: \\d`));
    expect(lines).toMatch(/turn total [1-9]/);
    expect(lines).not.toMatch(/enter/); // the game was started with entry:0
    expect(lines).toMatch(/stops, banks/);
    // the final round begins, or, when the round's last player reached the target, it was this round
    expect(lines).toMatch(/the final round begins|this round was the final one/);
    const state = finished.state as GameState;
    expect(state.over).toBe(true);
    expect(Math.max(...state.scores)).toBeGreaterThanOrEqual(1000);
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toMatch(/Greed/);
    const figures = (summary.embeds[0]?.description ?? '').replace(/<@\d+>/g, '@user');
    expect(figures).toMatch(/\b\d+ turns?\b/); // '1 turn' when a computer banks 1,000 at once
    expect(figures).toMatch(/[\d,]+ in the best turn|nothing banked/);
    expect(figures).toMatch(/\b(1 hot-dice roll|\d+ hot-dice rolls)\b/);
    expect(figures).not.toMatch(/\d{4}/);
  });

  it('refuses out of turn, a stop before a roll and a forged Stop button in clean sentences', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, 'greed');
    const game = await waitForBoardOrEnd(h, gameId);
    const toPlay = game.seats[(game.state as GameState).current]!.userId === alice.id ? alice : bob;
    const waiting = toPlay === alice ? bob : alice;
    const refusal = async (user: typeof alice, subcommand: string) => {
      const answer = await h.fake.waitForResponse(
        h.fake.slashCommand({ user, channel: h.channel, name: 'greed', subcommand }),
      );
      expect(answer.ephemeral).toBe(true);
      return answer.message?.content ?? '';
    };
    const board = boardShowing(h, game)!;
    const roll = allComponents(board).find((b) => (b as { label?: string }).label?.startsWith('Roll'))!;
    const forged = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: toPlay,
        messageId: board.id,
        customId: roll.custom_id!,
        forgedCustomId: roll.custom_id!.replace(/:r$/, ':s'),
      }),
    );
    const outOfTurnClick = await h.fake.waitForResponse(
      h.fake.clickButton({ user: waiting, messageId: board.id, customId: roll.custom_id! }),
    );
    const texts = [
      await refusal(waiting, 'roll'),
      await refusal(waiting, 'stop'),
      await refusal(toPlay, 'stop'),
      forged.message?.content ?? '',
    ];
    // Typed out of turn, a command is refused in the very words of a button pressed out of turn.
    const buttonRefusal = outOfTurnClick.message?.content ?? '';
    expect(buttonRefusal).toMatch(/not your turn/i);
    expect(texts.slice(0, 2)).toEqual([buttonRefusal, buttonRefusal]);
    expect(texts[2]).toBe('Roll first: you can stop only after a roll that scored.');
    expect(texts[3]).toMatch(/^Not allowed: you can stop only after a roll that scored\.$/);
    for (const text of texts) {
      expect(text).not.toMatch(/NaN|undefined/);
      expect(text).not.toMatch(/[.!?:;,]\s*[.!?:;,]/);
      expect(text).not.toMatch(/^([^:]+):\s*\1/i);
    }
    expect((await h.service.getGame(gameId))!.version).toBe(game.version);
  });
});
