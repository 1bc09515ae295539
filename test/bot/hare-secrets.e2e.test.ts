/**
 * Carrot counts are secret in a standard Hare & Tortoise race until its end: nothing the channel sees (board
 * texts, log lines, titles, alt texts, turn mentions) tells a count, and a player's hand tells only their own.
 * Nor does anything tell the seeds of the game's dice and cards before the end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '../../src/games/hare/rules/index';
import { boardShowing, createHarness, runCommand, startGame, waitUntil, type Harness } from './harness';

/** The ways a text tells a count: the log's trail, a finish "with 12 carrots", the alt text's "…, 40 carrots." */
const TOLD_COUNT = [/\[carrots \d+ → \d+\]/, /finishes \w+ with \d+ carrots?/, /left, \d+ carrots?\./];

interface Shown {
  content: string;
  embeds: {
    title?: string;
    description?: string;
    footer?: { text?: string };
    fields?: { value: string }[];
  }[];
  attachments: { description?: string | null }[];
}

function textsOf(message: Shown): string[] {
  return [
    message.content,
    ...message.embeds.flatMap((embed) => [
      embed.title ?? '',
      embed.description ?? '',
      embed.footer?.text ?? '',
      ...(embed.fields ?? []).map((field) => field.value),
    ]),
    ...message.attachments.map((attachment) => attachment.description ?? ''),
  ];
}

describe('a standard race keeps its carrot counts secret', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ aiTurnDelayMs: 10 });
  });
  afterEach(async () => {
    await h.close();
  });

  it('in every public text of the running game, and in the others’ hands', async () => {
    const { alice, bob } = h.users;
    const { gameId } = await startGame(h, [alice, bob], { seats: 3, rules: 'standard' });
    const players = new Map([
      [alice.id, alice],
      [bob.id, bob],
    ]);
    // A dozen human moves (the computer plays in between), each the first legal action.
    for (let move = 0; move < 12; move++) {
      const game = await waitUntil(async () => {
        const current = (await h.service.getGame(gameId))!;
        const state = current.state as GameState;
        return current.seats[state.current]?.userId && boardShowing(h, current) ? current : null;
      }, 20_000);
      const state = game.state as GameState;
      const userId = game.seats[state.current]!.userId!;
      await h.service.act(gameId, userId, legalActions(state)[0], game.version);
      expect(players.has(userId)).toBe(true);
    }
    const running = await waitUntil(async () => {
      const game = (await h.service.getGame(gameId))!;
      return boardShowing(h, game) ? game : null;
    });
    expect(running.status).toBe('active');
    const hand = (await runCommand(h, alice, 'hand')).message!;
    const status = (await runCommand(h, bob, 'status')).message!;
    const log = (await runCommand(h, bob, 'log')).message!;

    const posted = h.fake
      .messages(h.channel.id, { includeDeleted: true })
      .filter((m) => m.visibleTo === null);
    const publicTexts = posted.flatMap((message) => [message, ...message.history]).flatMap(textsOf);
    expect(publicTexts.length).toBeGreaterThan(12);
    for (const text of [...publicTexts, ...textsOf(log)])
      for (const told of TOLD_COUNT) expect(text).not.toMatch(told);
    // Nor the seeds that would foretell every roll and card.
    const serverSeed = running.fairness?.serverSeed;
    expect(serverSeed).toBeTruthy();
    for (const text of [...publicTexts, ...textsOf(log), ...textsOf(status)]) {
      expect(text).not.toContain(serverSeed);
      expect(text).not.toContain(running.seed);
    }

    const state = running.state as GameState;
    const own = state.seats[0]!.carrots;
    // Bold is kept for the controls' labels (5cb99df): the count is the one after "with".
    expect(hand.content).toContain(`with ${own} carrot`);
    const counts = [...hand.content.matchAll(/with (\d+) carrots?/g)].map((match) => Number(match[1]));
    expect(counts).toEqual([own]);
    for (const text of [...textsOf(hand), ...textsOf(status)])
      for (const told of TOLD_COUNT) expect(text).not.toMatch(told);
  }, 60_000);
});
