/**
 * Candy Land speaks like the other games: every line starts with a capital, counts agree with their nouns,
 * numbers are written one way, and refusals read cleanly once the bot has wrapped them.
 */
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/bot/respond';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { simulationText } from '../../../src/games/candyland/tools';
import { simulate } from '../../../src/games/candyland/simulate';
import { IllegalActionError } from '../../../src/games/kit/errors';
import { ServiceError } from '../../../src/service/errors';
import type { GameState } from '../../../src/games/candyland/rules/types';

const ctx = { names: ['Ada', 'Bo', 'Cy', 'Di'], viewerSeat: null };

function everyLogLine(seed: string, turnLimit: number | null): string[] {
  let state = game.rules.create({ seats: 4, seed, options: { turnLimit } });
  const lines: string[] = [];
  while (!game.rules.isOver(state)) {
    const result = game.rules.apply(state, { type: 'draw' });
    state = result.state;
    for (const event of result.events) lines.push(game.texts.describeEvent(event, state, ctx) ?? '');
    lines.push(...game.texts.status(state, ctx));
  }
  return lines;
}

const startsWithCapital = (line: string) => /^[A-Z0-9]/.test(line);

describe("Candy Land's voice", () => {
  it('starts every log and status line with a capital', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `voice-${i}`).flatMap((seed) => [
      ...everyLogLine(seed, null),
      ...everyLogLine(seed, 3),
    ]);
    for (const kind of ['sends', 'shuffled', 'turn limit'])
      expect(
        lines.some((l) => l.includes(kind)),
        kind,
      ).toBe(true);
    expect(lines.filter((line) => !startsWithCapital(line))).toEqual([]);
  });

  it('agrees counts with their nouns and writes big numbers with separators', () => {
    const line = (event: Parameters<typeof game.texts.describeEvent>[0]) =>
      game.texts.describeEvent(event, {} as GameState, ctx);
    expect(line({ type: 'turnLimit', rounds: 1 })).toBe('The turn limit of 1 round is reached: no winner');
    expect(line({ type: 'reshuffle', cards: 1 })).toBe(
      'The discard pile (1 card) is shuffled into a new draw pile',
    );
    const text = simulationText(simulate({ seats: 2, games: 5000, seed: 'voice' }));
    expect(text).toMatch(/^\*\*5,000 games\*\* of Candy Land with 2 players:/);
    // The answer and its image write a mean with one decimal, as the image does ("24.3").
    expect(text).toMatch(/Rounds: mean \d+\.\d, median \d+, longest \d+/);
    expect(text).toMatch(/Cards drawn per game: mean \d+\.\d$/m);
    expect(text.split('\n').filter((l) => !startsWithCapital(l.replace(/^\*\*/, '')))).toEqual([]);
  });

  it('refuses without NaN, doubled punctuation or a repeated prefix', () => {
    const state = game.rules.create({ seats: 2, seed: 'refusals' });
    const draw = game.commands.find((c) => c.name === 'draw')!;
    const over = { ...state, over: true };
    const refusals = [draw.toAction({}, state, 1), draw.toAction({}, over, 0)].map((answer) =>
      'error' in answer ? answer.error : 'no refusal',
    );
    for (const [wrong, action] of [
      [over, { type: 'draw' }],
      [state, { type: 'jump' }],
    ] as const) {
      try {
        game.rules.apply(wrong, action as never);
        refusals.push('no refusal');
      } catch (error) {
        const illegal = error as IllegalActionError;
        refusals.push(errorText(new ServiceError('illegal_action', illegal.message, illegal.code)));
      }
    }
    expect(refusals).toHaveLength(4);
    for (const refusal of refusals) {
      expect(refusal).not.toBe('no refusal');
      expect(refusal).not.toMatch(/NaN|undefined|null/);
      expect(refusal).not.toMatch(/[.!?:;,]\s*[.!?:;,]/);
      expect(refusal).not.toMatch(/^(\w[\w ]*:) .*\1/i);
      expect(startsWithCapital(refusal)).toBe(true);
    }
  });
});
