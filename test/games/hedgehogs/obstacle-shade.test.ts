/**
 * The board's obstacles agree with its key: during set-up (before any hedgehog could pass one) every obstacle
 * is drawn in the "stuck" shade, none in the "passed" one.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame, legalActions } from '../../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';

const PASSED_OBSTACLE = [0xcb, 0xbf, 0xa8];
const STUCK_OBSTACLE = [0x5b, 0x46, 0x30];
/** An obstacle's square covers about 75 × 86 pixels; the key's swatch far fewer. */
const SQUARE = 75 * 80;

function pixelsOf(state: GameState, rgb: readonly number[]): number {
  const seats = Array.from({ length: state.seats }, (_, i) => ({
    name: `P${i + 1}`,
    kind: 'human' as const,
  }));
  const png = PNG.sync.read(
    Buffer.from(hedgehogsRenderer.board({ state, seats, recentEvents: [], viewerSeat: null })),
  );
  let count = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (png.data[i] === rgb[0] && png.data[i + 1] === rgb[1] && png.data[i + 2] === rgb[2]) count++;
  return count;
}

describe('obstacles during set-up', () => {
  it('are drawn as holding, from the empty board on', () => {
    let state = createGame({ seats: 3, seed: 'obstacles', options: {} });
    for (let placed = 0; placed < 3; placed++) {
      expect(state.phase).toBe('place');
      expect(pixelsOf(state, PASSED_OBSTACLE), `after ${placed} placed`).toBeLessThan(SQUARE);
      expect(pixelsOf(state, STUCK_OBSTACLE), `after ${placed} placed`).toBeGreaterThan(6 * SQUARE * 0.9);
      state = applyAction(state, legalActions(state)[0]!).state;
    }
  });
});
