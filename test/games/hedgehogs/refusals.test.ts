/**
 * Every refusal Hedgehogs in a Hurry gives a player, in every phase of random games: the play commands' own
 * answers (typed values right, wrong, odd or missing) and the rules' refusals as the bot words them. Each is one
 * clean sentence: no NaN, no doubled punctuation, no prefix said twice.
 */
import { describe, expect, it } from 'vitest';
import { errorText } from '../../../src/bot/respond';
import { hedgehogsModule } from '../../../src/games/hedgehogs/index';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import type { Action, GameState } from '../../../src/games/hedgehogs/rules/types';
import { IllegalActionError } from '../../../src/games/kit/errors';
import { seedRng } from '../../../src/games/kit/random';
import { ServiceError } from '../../../src/service/errors';

const TYPED: readonly Record<string, string | number | boolean | undefined>[] = [
  {},
  { row: 0 },
  { row: 3 },
  { row: 7 },
  { row: 'two' },
  { row: 2.5 },
  { move: '' },
  { move: 'none' },
  { move: 'f1.0' },
  { move: 's1.0.2' },
  { move: 'Row 2 at the start → column 1' },
];

const STRAY_ACTIONS: readonly unknown[] = [
  { type: 'place', row: 9 },
  { type: 'forward', row: 1, col: 7 },
  { type: 'sidestep', row: 6, col: 0, to: 7 },
  { type: 'no-sidestep' },
  { type: 'jump' },
];

function expectClean(text: string): void {
  expect(text).not.toMatch(/NaN|undefined|null|\[object|""/);
  expect(text).not.toMatch(/([.:;,!?])\s*[.:;,]/);
  expect(text).not.toMatch(/Not allowed.*Not allowed|not allowed.*not allowed now/i);
  expect(text).toMatch(/^["A-Z].*[.!?]$/s);
}

/** The refusals the seat meets in `state`: its commands with odd values, and the rules' own. */
function refusals(state: GameState): string[] {
  const texts: string[] = [];
  for (const seat of [state.current, (state.current + 1) % state.seats])
    for (const command of hedgehogsModule.commands)
      for (const values of TYPED) {
        const answer = command.toAction(values, state, seat);
        if ('error' in answer) texts.push(answer.error);
      }
  for (const action of STRAY_ACTIONS) {
    try {
      applyAction(state, action as Action);
    } catch (error) {
      if (!(error instanceof IllegalActionError)) throw error;
      texts.push(errorText(new ServiceError('illegal_action', error.message, error.code)));
    }
  }
  return texts;
}

describe('Hedgehogs refusals', () => {
  it('are clean sentences in every phase', () => {
    const seen = new Set<string>();
    for (const seats of [2, 4]) {
      let state = createGame({ seats, seed: `refusals:${seats}` });
      const rng = seedRng(`refusals:${seats}`);
      for (let step = 0; step < 3000; step++) {
        for (const text of refusals(state)) seen.add(text);
        if (state.phase === 'over') break;
        state = applyAction(state, chooseAction(state, 'novice', rng)).state;
      }
      expect(state.phase).toBe('over');
    }
    expect(seen).toContain('The game is over.');
    expect(seen).toContain('Not allowed: the game is over.');
    expect(seen.size).toBeGreaterThan(10);
    if (process.env.SHOW_REFUSALS) console.log([...seen].join('\n'));
    for (const text of seen) expectClean(text);
  });
});
