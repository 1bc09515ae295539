/**
 * The simulator's chart keeps its texts inside their card (the histogram's "10,000" sat on the frame) and
 * leaves a margin under the last bar of the wins chart (it touched the image's bottom edge).
 */
import { describe, expect, it } from 'vitest';
import { drawSimulation } from '../../../src/games/candyland/render/simulation';
import { simulate, type SimulationResult } from '../../../src/games/candyland/simulate';
import { PAGE } from '../../../src/games/draw/palette';
import type { Language } from '../../../src/i18n/languages';
import { textsDrawnBy } from '../greed/drawn-texts';

/** A real result with every count multiplied: the histogram's axis goes up to 10,000 and more. */
function bigResult(seats: number): SimulationResult {
  const result = simulate({ seats, games: 2000, seed: 'big-chart' });
  return {
    ...result,
    games: 100_000,
    rounds: { ...result.rounds, histogram: result.rounds.histogram.map((n) => n * 50) },
  };
}

function rgb(hex: string): number[] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

describe("the simulator's chart", () => {
  for (const language of ['en', 'de', 'fr', 'es'] as Language[]) {
    it(`keeps the axis labels off the card's frame (${language})`, () => {
      const result = bigResult(4);
      const drawn = textsDrawnBy(() => drawSimulation(result, language));
      // The card's frame is at x = 20; the boxes carry 4 pixels of padding.
      for (const text of drawn) expect(text.left + 4, text.text).toBeGreaterThanOrEqual(24);
      expect(drawn.some((text) => /^10.000$/.test(text.text))).toBe(true);
    });
  }

  for (const seats of [2, 4]) {
    it(`leaves a margin under the last bar (${seats} seats)`, () => {
      const canvas = drawSimulation(bigResult(seats), 'en');
      const data = canvas.data();
      const page = rgb(PAGE);
      for (let y = canvas.height - 12; y < canvas.height; y++)
        for (let x = 0; x < canvas.width; x++) {
          const at = (y * canvas.width + x) * 4;
          expect([data[at], data[at + 1], data[at + 2]], `pixel ${x},${y}`).toEqual(page);
        }
    });
  }
});
