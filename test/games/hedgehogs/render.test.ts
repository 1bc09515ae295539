/** The board and summary images for every seat count, during and after the game, and what they write. */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { boardHeight, WIDTH } from '../../../src/games/hedgehogs/render/board';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';
import { seedRng } from '../../../src/games/kit/random';

const seatViews = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Player ${i + 1}`, kind: i ? 'advanced' : 'human' }));

/** Every text the canvas draws while the test runs, as drawn (cut with "…" when it did not fit). */
let drawn: string[] = [];
const prototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;
const originalFillText = prototype.fillText;
beforeEach(() => {
  drawn = [];
  prototype.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(text);
    return originalFillText.call(this, text, x, y, maxWidth);
  };
});
afterEach(() => {
  prototype.fillText = originalFillText;
});

function playedToTheEnd(seats: number, seed: string, turnLimit?: number): GameState {
  const rng = seedRng(seed);
  let state = createGame({ seats, seed, options: { turnLimit } });
  while (state.phase !== 'over') state = applyAction(state, chooseAction(state, 'advanced', rng)).state;
  return state;
}

describe('Hedgehogs images', () => {
  it('draw the board for 2 to 6 seats, in set-up, mid-game and at the end, and the summaries', () => {
    for (let seats = 2; seats <= 6; seats++) {
      const rng = seedRng(`render:${seats}`);
      let state = createGame({ seats, seed: `render:${seats}` });
      for (const steps of [0, 60, 100_000]) {
        for (let i = 0; i < steps && state.phase !== 'over'; i++)
          state = applyAction(state, chooseAction(state, 'advanced', rng)).state;
        const png = PNG.sync.read(
          Buffer.from(
            hedgehogsRenderer.board({ state, seats: seatViews(seats), recentEvents: [], viewerSeat: null }),
          ),
        );
        expect(png.width).toBe(WIDTH);
        expect(png.height).toBe(boardHeight(seats));
      }
      for (const stoppedBy of [null, 'Ada']) {
        const summary = PNG.sync.read(
          Buffer.from(hedgehogsRenderer.summary({ state, seats: seatViews(seats), stoppedBy })),
        );
        expect(summary.width).toBe(800);
      }
    }
  });

  it('number the round the game ended in as the summary chart does', () => {
    for (const [seed, turnLimit] of [
      ['round:win', undefined],
      ['round:win:2', undefined],
      ['round:limit', 12],
    ] as const) {
      const state = playedToTheEnd(3, seed, turnLimit);
      expect(state.winner === null).toBe(turnLimit !== undefined);
      drawn = [];
      hedgehogsRenderer.board({ state, seats: seatViews(3), recentEvents: [], viewerSeat: null });
      const header = drawn.find((text) => text.startsWith('Hedgehogs in a Hurry · '))!;
      // the chart draws one point per round after the set-up's point: its last round is progress.length - 1
      expect(header).toBe(`Hedgehogs in a Hurry · round ${state.progress.length - 1}`);
      if (turnLimit) expect(header).toBe(`Hedgehogs in a Hurry · round ${turnLimit}`);
    }
  });

  it('explain the two obstacle shades and the goal circles in a key', () => {
    const rng = seedRng('key');
    let state = createGame({ seats: 4, seed: 'key' });
    for (let i = 0; i < 80; i++) state = applyAction(state, chooseAction(state, 'advanced', rng)).state;
    hedgehogsRenderer.board({ state, seats: seatViews(4), recentEvents: [], viewerSeat: null });
    expect(drawn).toEqual(
      expect.arrayContaining(['Obstacle: stuck', 'Obstacle: passed', 'In the goal (3 win)']),
    );
  });

  it('write every name and header of the summary in full, the computer level once', () => {
    const state = playedToTheEnd(6, 'summary:names');
    const seats = ['Ada', 'Novice 2', 'Advanced 3', 'Bram', 'Advanced 5', 'Eun-ji'].map((name) => ({
      name,
      kind: name.startsWith('Novice') ? 'novice' : name.startsWith('Advanced') ? 'advanced' : 'human',
    }));
    hedgehogsRenderer.summary({ state, seats, stoppedBy: null });
    expect(drawn.filter((text) => text.includes('…'))).toEqual([]);
    expect(drawn).toEqual(expect.arrayContaining(['Moved foes', 'Turns held', 'Sidesteps']));
    for (const text of drawn) expect(text).not.toMatch(/(novice|advanced).*(novice|advanced)/i);
  });
});
