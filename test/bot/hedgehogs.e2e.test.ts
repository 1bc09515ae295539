/**
 * Hedgehogs in a Hurry through the real discord.js client and the fake Discord: Alice against a novice computer,
 * with the row buttons, the sidestep menu, the forward buttons (one click when she wants no sidestep) and the
 * typed commands, through set-up, obstacles holding hedgehogs, and the end; and the refusals she may meet.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/games/hedgehogs/index';
import { ROWS, isHeldSquare, stackAt } from '../../src/games/hedgehogs/rules/board';
import {
  allComponents,
  boardShowing,
  createHarness,
  type ComponentLike,
  type Harness,
  startGame,
  waitForBoardOrEnd,
  waitForSummary,
  waitForVersionAfter,
} from './harness';

function labelOf(component: ComponentLike): string {
  return (component as { label?: string }).label ?? '';
}

/** A refusal reads as one sentence: no NaN, no doubled punctuation, no prefix said twice. */
function expectCleanRefusal(text: string | undefined): void {
  expect(text).toBeTruthy();
  expect(text).not.toMatch(/NaN|undefined|\.\.|[.:!?]\s*[.:]|Not allowed: Not allowed/i);
  expect(text).toMatch(/^[A-Z].*[.!?]$/s);
}

function someoneHeld(state: GameState): boolean {
  for (let row = 1; row <= ROWS; row++) {
    const col = state.obstacles[row - 1]!;
    if (isHeldSquare(state, row, col) && stackAt(state, row, col).length) return true;
  }
  return false;
}

describe('Hedgehogs in a Hurry in a channel', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 5 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('plays set-up, sidesteps, forward moves and obstacles to the end', async () => {
    const { alice } = h.users;
    const { gameId } = await startGame(
      h,
      [alice],
      { seats: 2, 'computer-level': 'novice', speed: 'fast' },
      'hedgehogs',
    );
    const used = new Set<string>();
    let sawHeld = false;
    let refusalsTried = false;
    // Alice's own turns choose the way she plays (the loop's steps also count waits for the computer, whose
    // number depends on timing: choosing by them made some ways never come up in a run).
    let turn = -1;
    for (let step = 0; step < 1500; step++) {
      const game = await waitForBoardOrEnd(h, gameId);
      if (game.status !== 'active') break;
      const state = game.state as GameState;
      sawHeld ||= someoneHeld(state);
      if (state.current !== 0) {
        await waitForVersionAfter(h, gameId, game.version, 'the computer');
        continue;
      }
      turn += 1;
      const board = boardShowing(h, game)!;
      const components = allComponents(board);
      const typed = turn % 4 === 3;
      if (state.phase === 'place' && !refusalsTried) {
        refusalsTried = true;
        // a forged button for a move that is not allowed in set-up (a missing row: texts.test.ts)
        const forged = await h.fake.waitForResponse(
          h.fake.clickButton({
            user: alice,
            messageId: board.id,
            customId: components[0]!.custom_id!,
            forgedCustomId: components[0]!.custom_id!.replace(/:p\d$/, ':f1.0'),
          }),
        );
        expect(forged.ephemeral).toBe(true);
        expect(forged.message?.content).toMatch(/^Not allowed: .*place a hedgehog/);
        expectCleanRefusal(forged.message?.content);
        expect((await h.service.getGame(gameId))!.version).toBe(game.version);
      }
      if (state.phase === 'place') {
        if (typed) {
          const answer = await h.fake.waitForResponse(
            h.fake.slashCommand({
              user: alice,
              channel: h.channel,
              name: 'hedgehogs',
              subcommand: 'place',
              options: { row: Number(labelOf(components[0]!).slice(4)) },
            }),
          );
          expect(answer.ephemeral).toBe(true);
          used.add('typed place');
        } else {
          await h.fake.waitForResponse(
            h.fake.clickButton({ user: alice, messageId: board.id, customId: components[0]!.custom_id! }),
          );
          used.add('place button');
        }
      } else if (state.phase === 'sidestep') {
        const menu = components.find((c) => c.type === 3);
        // no "No sidestep" to press every turn: the forward moves are there at once, or, when nothing can
        // move in the rolled row, a button that ends the turn
        const forwards = components.filter((c) => c.type === 2 && labelOf(c).includes('→'));
        const endTurn = components.find((c) => labelOf(c) === 'No sidestep: end the turn');
        expect(components.map(labelOf)).not.toContain('No sidestep');
        expect(forwards.length > 0).toBe(endTurn === undefined);
        if (menu && turn % 2 === 0) {
          await h.fake.waitForResponse(
            h.fake.selectMenu({
              user: alice,
              messageId: board.id,
              customId: menu.custom_id!,
              values: [menu.options![0]!.value],
            }),
          );
          used.add('sidestep menu');
        } else if (typed) {
          await h.fake.waitForResponse(
            h.fake.slashCommand({
              user: alice,
              channel: h.channel,
              name: 'hedgehogs',
              subcommand: 'sidestep',
              options: { move: 'none' },
            }),
          );
          used.add('typed sidestep');
        } else {
          await h.fake.waitForResponse(
            h.fake.clickButton({
              user: alice,
              messageId: board.id,
              customId: (forwards[0] ?? endTurn)!.custom_id!,
            }),
          );
          await waitForVersionAfter(h, gameId, game.version, 'the one-click turn');
          // one action played the whole turn (the computer may have played since)
          const entry = (await h.service.history(gameId)).filter((e) => e.seat === 0).at(-1)!;
          expect(entry.lines[0]).toBe('Alice does not sidestep');
          if (forwards[0]) {
            expect(entry.action.type).toBe('forward');
            expect(entry.lines[1]).toMatch(/^Alice moves (their|.+'s) hedgehog in row \d/);
            used.add('one-click forward');
          }
          continue;
        }
      } else {
        expect(components.length).toBeGreaterThan(0);
        await h.fake.waitForResponse(
          h.fake.clickButton({ user: alice, messageId: board.id, customId: components[0]!.custom_id! }),
        );
        used.add('forward button');
      }
      await waitForVersionAfter(h, gameId, game.version, 'the move');
    }
    expect([...used].sort()).toEqual(
      expect.arrayContaining([
        'forward button',
        'one-click forward',
        'place button',
        'sidestep menu',
        'typed place',
      ]),
    );
    expect(sawHeld).toBe(true);
    const finished = await waitForSummary(h, gameId);
    expect((finished.state as GameState).phase).toBe('over');
    const log = (await h.service.history(gameId, 100_000)).flatMap((entry) => entry.lines).join('\n');
    expect(log).toMatch(/Alice places a hedgehog in row \d/);
    expect(log).toMatch(/Alice sidesteps from row \d to row \d/);
    expect(log).toMatch(/moves (their|Alice's|(Novice|Advanced) \d's) hedgehog in row \d/);
    expect(log).toMatch(/has 3 hedgehogs in the goal and wins!/);
    const summary = h.fake
      .messages(h.channel.id)
      .find((m) => m.attachments.some((a) => a.filename === 'summary.png'))!;
    expect(summary.embeds[0]?.title).toMatch(/Hedgehogs in a Hurry/);
  });
});
