/** The board and summary images for every seat count, during and after the game. */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { boardHeight, WIDTH } from '../../../src/games/hedgehogs/render/board';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import { seedRng } from '../../../src/games/kit/random';

const seatViews = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Player ${i + 1}`, kind: i ? 'advanced' : 'human' }));

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
});
