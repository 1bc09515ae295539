/**
 * Every number a summary states in text (each player's figures under the summary message) is the number its
 * image shows in that player's row of the table, in every game and language: the figures are drawn through
 * the canvas's fillText, caught here.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../src/games/contract';
import { formatNumber } from '../../src/games/draw/image-words';
import { GAMES } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import type { Language } from '../../src/i18n/languages';
import { textsDrawnBy, type DrawnText } from './greed/drawn-texts';

const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];
const NAMES = ['Ada', 'Bob', 'Cyd'];

function finishedGame(module: AnyGameModule, seed: string): unknown {
  const rng = seedRng(`${seed}:computer`);
  const level = module.computer.levels[0]!;
  let state = module.rules.create({ seats: NAMES.length, seed, options: {} });
  for (let step = 0; step < 20_000 && !module.rules.isOver(state); step++)
    state = module.rules.apply(state, module.computer.choose(state, level, rng)).state;
  expect(module.rules.isOver(state)).toBe(true);
  return state;
}

/**
 * The texts drawn right of one of the seat's names on its line: the table's row of figures, and the place's
 * detail in the list of places (never the token's number or the place left of the name).
 */
function linesOf(drawn: readonly DrawnText[], name: string): string[] {
  const names = drawn.filter((text) => text.text === name);
  const middle = (text: DrawnText) => (text.top + text.bottom) / 2;
  return drawn
    .filter((text) =>
      names.some((at) => text !== at && Math.abs(middle(text) - middle(at)) < 6 && text.left >= at.right - 8),
    )
    .map((text) => text.text);
}

describe('the numbers of a summary', () => {
  for (const module of GAMES.all) {
    for (const language of LANGUAGES) {
      it(`are the same in its text and in its image's table (${module.key}, ${language})`, async () => {
        const state = finishedGame(module, `numbers-${module.key}`);
        const renderer = await module.loadRenderer!();
        const seats: SeatView[] = NAMES.map((name) => ({ name, kind: 'human' }));
        const drawn = textsDrawnBy(() => renderer.summary({ state, seats, stoppedBy: null, language }));
        for (let seat = 0; seat < NAMES.length; seat++) {
          const row = linesOf(drawn, NAMES[seat]!);
          for (const figure of module.texts.figures(state, seat, language)) {
            const stated =
              typeof figure.value === 'number' ? formatNumber(figure.value, language) : figure.value;
            // A figure stated as a word ("nothing banked") is drawn as a dash in the table.
            if (!/\d/.test(stated)) continue;
            // The number as a word of its own: alone in a cell, or in a place's detail ("3 in the goal").
            const alone = new RegExp(
              `(^|[^\\d.,\\u202f\\u00a0])${stated.replace(/[.]/g, '\\.')}($|[^\\d.,\\u202f\\u00a0])`,
            );
            expect(
              row.filter((text) => alone.test(text)),
              `${NAMES[seat]}: ${stated} ${figure.label} in ${JSON.stringify(row)}`,
            ).not.toEqual([]);
          }
        }
      });
    }
  }
});
