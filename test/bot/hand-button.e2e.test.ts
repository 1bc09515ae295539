/**
 * The My hand button under the live board: a private answer with what `/<game> hand` shows, for any seated
 * player whoever is to act; refused to a watcher; not offered by Candy Land (its hand only repeats the board).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/fakediscord/index';
import {
  allComponents,
  boardShowing,
  createHarness,
  type Harness,
  startGame,
  waitForTurnOf,
} from './harness';

function myHandButton(board: StoredMessage): string | undefined {
  return (allComponents(board) as { label?: string; custom_id?: string }[]).find(
    (c) => c.label === 'My hand' || c.label === 'My turn',
  )?.custom_id;
}

describe('the My hand button', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  const handByCommand = async (user: Harness['users']['alice'], game: string) =>
    (
      await h.fake.waitForFinal(
        h.fake.slashCommand({ user, channel: h.channel, name: game, subcommand: 'hand' }),
      )
    ).message!;

  for (const game of ['hare', 'greed']) {
    it(`${game}: answers each seated player privately with their hand, and refuses a watcher`, async () => {
      const { alice, bob, carol } = h.users;
      const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, game);
      const record = await waitForTurnOf(h, gameId, alice.id);
      const board = boardShowing(h, record)!;
      const customId = myHandButton(board);
      expect(customId).toBe(`${game}:hand:${gameId}`);
      const edits = board.editCount;
      // Bob is not to act: he may still look at his hand.
      for (const user of [alice, bob]) {
        const pressed = await h.fake.waitForFinal(
          h.fake.clickButton({ user, messageId: board.id, customId: customId! }),
        );
        expect(pressed).toMatchObject({ type: 5, ephemeral: true });
        expect(pressed.message!.visibleTo).toBe(user.id);
        const typed = await handByCommand(user, game);
        expect(pressed.message!.content).toBe(typed.content);
        expect(pressed.message!.attachments.map((a) => a.filename)).toEqual(['hand.png']);
      }
      const watcher = await h.fake.waitForResponse(
        h.fake.clickButton({ user: carol, messageId: board.id, customId: customId! }),
      );
      expect(watcher).toMatchObject({ type: 4, ephemeral: true });
      expect(watcher.message?.content).toMatch(/not playing in this game/i);
      expect(h.fake.message(board.id)!.editCount).toBe(edits);
      expect((await h.service.getGame(gameId))!.version).toBe(record.version);
    });
  }

  it('candyland: no My hand button (its hand only repeats the board)', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 }, 'candyland');
    const board = boardShowing(h, await waitForTurnOf(h, gameId, alice.id))!;
    expect(allComponents(board).length).toBeGreaterThan(0);
    expect(myHandButton(board)).toBeUndefined();
  });
});
