/** The table and summary images: opaque PNGs of the expected size, for every seat count and the end states. */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { chooseAction } from '../../../src/games/greed/computer/index';
import { greedRenderer } from '../../../src/games/greed/render/index';
import { tableHeight, WIDTH } from '../../../src/games/greed/render/table';
import { applyAction, createGame } from '../../../src/games/greed/rules/index';
import type { GameEvent, GameState } from '../../../src/games/greed/rules/types';

const seatViews = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: i % 2 ? `Computer ${i + 1}` : `Player number ${i + 1}`,
    kind: i % 2 ? 'steady' : 'human',
  }));

function playTo(seats: number, steps: number): { state: GameState; events: GameEvent[] } {
  let state = createGame({ seats, seed: `render:${seats}` });
  let events: GameEvent[] = [];
  for (let i = 0; i < steps && !state.over; i++)
    ({ state, events } = applyAction(state, chooseAction(state, 'steady')));
  return { state, events };
}

describe('Greed images', () => {
  it('draw the table for 2 to 6 seats at 800 px wide, before, during and after the game', () => {
    for (let seats = 2; seats <= 6; seats++) {
      for (const steps of [0, 5, 10_000]) {
        const { state, events } = playTo(seats, steps);
        const png = PNG.sync.read(
          Buffer.from(
            greedRenderer.board({ state, seats: seatViews(seats), recentEvents: events, viewerSeat: null }),
          ),
        );
        expect(png.width).toBe(WIDTH);
        expect(png.height).toBe(tableHeight(seats));
        expect(png.data[3]).toBe(255);
      }
    }
  });

  it('draw the summary of a finished game and of a stopped one', () => {
    const { state } = playTo(4, 10_000);
    for (const stoppedBy of [null, 'Ada']) {
      const png = PNG.sync.read(
        Buffer.from(greedRenderer.summary({ state, seats: seatViews(4), stoppedBy })),
      );
      expect(png.width).toBe(800);
      expect(png.height).toBeGreaterThan(600);
    }
  });
});
