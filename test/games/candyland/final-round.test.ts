import { describe, expect, it } from 'vitest';
import { candylandModule as game } from '../../../src/games/candyland/index';
import type { GameState } from '../../../src/games/candyland/rules/types';
import type { Language } from '../../../src/i18n/languages';
import { draw } from './helpers';

const ctx = (language: Language) => ({ names: ['Ada', 'Bo', 'Cy'], viewerSeat: null, language });

function roundIn(line: string): number {
  const match = /(\d+)/.exec(line);
  if (!match) throw new Error(`no round in "${line}"`);
  return Number(match[1]);
}

/** The last state before the winning card, and the final one. */
function lastTwo(seed: string): { before: GameState; after: GameState } {
  let state = game.rules.create({ seats: 3, seed, options: {} });
  for (;;) {
    const next = draw(state).state;
    if (next.over) return { before: state, after: next };
    state = next;
  }
}

describe('the final board names the round the game was won in', () => {
  for (const language of ['en', 'de', 'fr', 'es'] as Language[]) {
    it(`says the same round as the board before the winning card, and the chart's last round (${language})`, () => {
      for (const seed of ['a', 'b', 'c', 'd']) {
        const { before, after } = lastTwo(seed);
        expect(after.winner).not.toBeNull();
        const roundLine = (state: GameState) => game.texts.status(state, ctx(language))[3]!;
        expect(roundIn(roundLine(after))).toBe(roundIn(roundLine(before)));
        // The progress chart has one point per round after the start.
        expect(roundIn(roundLine(after))).toBe(after.progress.length - 1);
      }
    });
  }

  it('still counts complete rounds when the turn limit ends the game', () => {
    let state = game.rules.create({ seats: 2, seed: 'limit', options: { turnLimit: 3 } });
    while (!state.over) state = draw(state).state;
    if (state.winner === null) expect(game.texts.status(state, ctx('en'))[2]).toMatch(/^Round 3 of 3 ·/);
  });
});
