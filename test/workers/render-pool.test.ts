import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, createGame, legalActions, type GameState } from '../../src/games/hare/rules/index';
import { createRenderPool, renderBoard, renderSummary } from '../../src/games/hare/render/index';

const seats = [0, 1, 2, 3].map((i) => ({ name: `Runner ${i + 1}`, kind: 'human' as const }));

function playedGame(): GameState {
  let state = createGame({ rules: 'standard', seats: 4, seed: 'pool', turnLimit: 5 });
  while (!state.over) state = applyAction(state, legalActions(state)[0]!).state;
  return state;
}

describe('the render pool (worker threads)', () => {
  const pool = createRenderPool({ workers: 2 });
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
    const closing = createRenderPool({ workers: 1 });
    await closing.close();
    await expect(
      closing.board(createGame({ rules: 'classic', seats: 2, seed: 'z' }), { seats }),
    ).rejects.toThrow(/closed/);
  });

  it('draws on the calling thread, and says so once, when workers cannot start', async () => {
    const degraded: Error[] = [];
    const broken = createRenderPool({
      workers: 1,
      onDegraded: (error) => degraded.push(error),
      startWorker: () => new Worker('throw new Error("no canvas here")', { eval: true }),
    });
    const state = createGame({ rules: 'standard', seats: 3, seed: 'inline' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 3 }, () => broken.board(state, { seats })),
    );
    await waitForDegraded(degraded);
    const png = await broken.board(state, { seats });
    expect(png.equals(renderBoard(state, { seats }))).toBe(true);
    expect(degraded).toHaveLength(1);
    expect(degraded[0]!.message).toContain('no canvas here');
    expect(attempts.some((a) => a.status === 'rejected')).toBe(true);
    await broken.close();
  });
});

async function waitForDegraded(degraded: Error[]): Promise<void> {
  for (let i = 0; i < 500 && degraded.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}
