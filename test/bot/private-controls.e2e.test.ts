/**
 * Private controls: under Hare's standard rules every runner's carrots are secret, and the move menu's costs
 * (or a Pay 10 carrots button) would tell the whole channel the mover's range of carrots. The public board
 * shows only Choose your move; the mover's press opens the real controls privately; a choice there plays.
 * The classic rules (open carrots) keep the controls under the board.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/fakediscord/index';
import type { GameState } from '../../src/games/hare/rules/index';
import {
  allComponents,
  boardShowing,
  createHarness,
  startGame,
  waitForBoardOrEnd,
  waitForTurnOf,
  waitForVersionAfter,
  waitUntil,
  type Harness,
} from './harness';

interface ShownComponent {
  type: number;
  custom_id?: string;
  label?: string;
  placeholder?: string;
  options?: { label: string; value: string; description?: string }[];
}

/** Every word a component shows: labels, placeholders, options and their descriptions. */
function shownTexts(message: StoredMessage): string[] {
  return (allComponents(message) as ShownComponent[]).flatMap((component) => [
    component.label ?? '',
    component.placeholder ?? '',
    ...(component.options ?? []).flatMap((option) => [option.label, option.description ?? '']),
  ]);
}

function labelled(message: StoredMessage, label: string): ShownComponent | undefined {
  return (allComponents(message) as ShownComponent[]).find((component) => component.label === label);
}

describe('private controls (Hare, standard rules: secret carrots)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('the board shows no cost; the mover chooses privately and the move is played; others are refused', async () => {
    const { alice, bob, carol } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    const record = await waitForTurnOf(h, gameId, alice.id);
    const board = boardShowing(h, record)!;
    const texts = shownTexts(board).filter((text) => text !== '');
    expect(texts).toEqual(['Choose your move', 'My hand']);
    for (const text of texts) expect(text).not.toMatch(/\d|carrot|costs|earns/i);
    const choose = labelled(board, 'Choose your move')!;
    expect(choose.custom_id).toBe(`hare:choose:${gameId}:${record.version}`);
    // The turn mention names the board's one button.
    const mention = await h.fake.waitForMessage((m) => m.content.includes(`<@${alice.id}>`), 5_000);
    expect(mention.content).toContain('press **Choose your move** under the board or use `/hare move`');

    // Bob (not to act) and Carol (a watcher) are refused privately; nothing changes.
    const edits = h.fake.message(board.id)!.editCount;
    for (const [user, why] of [
      [bob, /not your turn/i],
      [carol, /not playing in this game/i],
    ] as const) {
      const refused = await h.fake.waitForResponse(
        h.fake.clickButton({ user, messageId: board.id, customId: choose.custom_id! }),
      );
      expect(refused).toMatchObject({ type: 4, ephemeral: true });
      expect(refused.message!.content).toMatch(why);
    }

    // Alice's press opens her controls, with their costs, for her eyes only (twice: one reply goes stale).
    const open = async () => {
      const reply = await h.fake.waitForResponse(
        h.fake.clickButton({ user: alice, messageId: board.id, customId: choose.custom_id! }),
      );
      expect(reply).toMatchObject({ type: 4, ephemeral: true });
      expect(reply.message!.visibleTo).toBe(alice.id);
      return reply.message!;
    };
    const stale = await open();
    const menu = await open();
    expect(menu.content).toMatch(/choose your move/i);
    expect(menu.content).toMatch(/carrots/);
    const select = (allComponents(menu) as ShownComponent[]).find((component) => component.type === 3)!;
    expect(select.custom_id).toBe(`hare:pselect:${gameId}:${record.version}`);
    expect(select.options!.some((option) => /costs \d+/.test(option.label))).toBe(true);
    expect(h.fake.message(board.id)!.editCount).toBe(edits);
    expect((await h.service.getGame(gameId))!.version).toBe(record.version);

    const option = select.options![0]!;
    const played = await h.fake.waitForResponse(
      h.fake.selectMenu({
        user: alice,
        messageId: menu.id,
        customId: select.custom_id!,
        values: [option.value],
      }),
    );
    // The move is answered by the board alone: the private controls go, no "Played" note is left under it.
    expect(played.type).toBe(6);
    await waitUntil(() => h.fake.message(menu.id)?.deleted === true, 5000, 'the private controls removed');
    const moved = await waitForVersionAfter(h, gameId, record.version);
    expect((moved.state as GameState).seats[0]!.position).toBe(Number(option.value.slice(1)));
    const redrawn = await waitForBoardOrEnd(h, gameId);
    expect(boardShowing(h, redrawn)!.id).toBe(board.id);
    const alicePrivate = h.fake.messages(h.channel.id, { visibleTo: alice.id }).filter((m) => m.visibleTo);
    expect(alicePrivate.map((m) => m.content).join('\n')).not.toMatch(/Played/);

    // The first private menu was drawn for a game that has moved on: refused like a stale board.
    const staleSelect = (allComponents(stale) as ShownComponent[]).find((component) => component.type === 3)!;
    const refused = await h.fake.waitForResponse(
      h.fake.selectMenu({
        user: alice,
        messageId: stale.id,
        customId: staleSelect.custom_id!,
        values: [staleSelect.options![1]!.value],
      }),
    );
    expect(refused).toMatchObject({ type: 4, ephemeral: true });
    expect(refused.message!.content).toMatch(/out of date/i);
    expect((await h.service.getGame(gameId))!.version).toBe(moved.version);
  });

  it('a private control forged onto the public board is refused', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2 });
    const record = await waitForTurnOf(h, gameId, alice.id);
    const board = boardShowing(h, record)!;
    const forged = await h.fake.waitForResponse(
      h.fake.clickButton({
        user: alice,
        messageId: board.id,
        customId: `hare:choose:${gameId}:${record.version}`,
        forgedCustomId: `hare:pact:${gameId}:${record.version}:m1`,
      }),
    );
    expect(forged).toMatchObject({ type: 4, ephemeral: true });
    expect(forged.message!.content).toMatch(/private message/i);
    expect((await h.service.getGame(gameId))!.version).toBe(record.version);
  });

  it('classic rules (open carrots): the move menu with its costs stays under the board', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 2, rules: 'classic' });
    const record = await waitForTurnOf(h, gameId, alice.id);
    const board = boardShowing(h, record)!;
    expect(labelled(board, 'Choose your move')).toBeUndefined();
    const select = (allComponents(board) as ShownComponent[]).find((component) => component.type === 3)!;
    expect(select.custom_id).toBe(`hare:select:${gameId}:${record.version}`);
    expect(select.options!.some((option) => /costs \d+/.test(option.label))).toBe(true);
  });
});
