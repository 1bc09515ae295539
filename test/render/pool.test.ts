import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, createGame, legalActions, type GameState } from '../../src/engine/index';
import { createRenderPool, renderBoard, renderSummary } from '../../src/render/index';

const seats = [0, 1, 2, 3].map((i) => ({ name: `Runner ${i + 1}`, kind: 'human' as const }));

function playedGame(): GameState {
  let state = createGame({ rules: 'standard', seats: 4, seed: 'pool', turnLimit: 5 });
  while (!state.over) state = applyAction(state, legalActions(state)[0]!).state;
  return state;
}

describe('the render pool (worker threads)', () => {
  const pool = createRenderPool(2);
  afterAll(() => pool.close());

  it('draws the same PNGs as the synchronous renderer, many at once', async () => {
    const state = playedGame();
    const boards = await Promise.all(
      Array.from({ length: 6 }, (_, viewer) => pool.board(state, { seats, viewerSeat: viewer % 4 })),
    );
    boards.forEach((png, viewer) =>
      expect(png.equals(renderBoard(state, { seats, viewerSeat: viewer % 4 }))).toBe(true),
    );
    expect((await pool.summary(state, { seats })).equals(renderSummary(state, { seats }))).toBe(true);
  });

  it('reports a render that fails and keeps working', async () => {
    const broken = {
      ...createGame({ rules: 'standard', seats: 2, seed: 'x' }),
      seats: null,
    } as unknown as GameState;
    await expect(pool.board(broken, { seats })).rejects.toThrow(/render failed/);
    const png = await pool.board(createGame({ rules: 'classic', seats: 2, seed: 'y' }), { seats });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses work once closed', async () => {
    const closing = createRenderPool(1);
    await closing.close();
    await expect(
      closing.board(createGame({ rules: 'classic', seats: 2, seed: 'z' }), { seats }),
    ).rejects.toThrow(/closed/);
  });
});
