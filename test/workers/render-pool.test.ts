import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, createGame, legalActions, type GameState } from '../../src/games/hare/rules/index';
import { renderBoard, renderSummary } from '../../src/games/hare/render/index';
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { createRegistry } from '../../src/games/registry';
import {
  createRenderPool,
  loadGameRenderer,
  preloadRenderers,
  RENDER_WORKER_LIMITS,
  renderRequest,
  type RenderRequest,
} from '../../src/workers/render-pool';
import { createTaskPool } from '../../src/workers/task-pool';

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
      Array.from({ length: 6 }, (_, viewer) =>
        pool.board('hare', { state, seats, recentEvents: [], viewerSeat: viewer % 4 }),
      ),
    );
    boards.forEach((png, viewer) =>
      expect(png.equals(renderBoard(state, { seats, recentEvents: [], viewerSeat: viewer % 4 }))).toBe(true),
    );
    expect(
      (await pool.summary('hare', { state, seats, stoppedBy: null })).equals(renderSummary(state, { seats })),
    ).toBe(true);
  });

  it('reports a render that fails and keeps working', async () => {
    const broken = {
      ...createGame({ rules: 'standard', seats: 2, seed: 'x' }),
      seats: null,
    } as unknown as GameState;
    await expect(
      pool.board('hare', { state: broken, seats, recentEvents: [], viewerSeat: null }),
    ).rejects.toThrow(/render failed/);
    const png = await pool.board('hare', {
      state: createGame({ rules: 'classic', seats: 2, seed: 'y' }),
      seats,
      recentEvents: [],
      viewerSeat: null,
    });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it("draws a board a person waits for (urgent) before the other games' queued boards", async () => {
    const single = createRenderPool({ workers: 1 });
    try {
      const state = playedGame();
      const input = { state, seats, recentEvents: [], viewerSeat: null };
      await single.board('hare', input); // the worker loads its modules and fonts
      const finished: string[] = [];
      const draw = (name: string, urgent: boolean) =>
        single.board('hare', input, urgent ? { urgent } : undefined).then((png) => {
          expect(png.equals(renderBoard(state, input))).toBe(true);
          finished.push(name);
        });
      const background = Array.from({ length: 5 }, (_, i) => draw(`background ${i}`, false));
      await Promise.all([...background, draw('urgent', true)]);
      // At most the first background board was begun when the urgent one came; the others keep their order.
      expect(finished.indexOf('urgent')).toBeLessThanOrEqual(1);
      expect(finished.filter((name) => name !== 'urgent')).toEqual(
        Array.from({ length: 5 }, (_, i) => `background ${i}`),
      );
    } finally {
      await single.close();
    }
  });

  it('refuses work once closed', async () => {
    const closing = createRenderPool({ workers: 1 });
    await closing.close();
    await expect(
      closing.board('hare', {
        state: createGame({ rules: 'classic', seats: 2, seed: 'z' }),
        seats,
        recentEvents: [],
        viewerSeat: null,
      }),
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
      Array.from({ length: 3 }, () =>
        broken.board('hare', { state, seats, recentEvents: [], viewerSeat: null }),
      ),
    );
    await waitForDegraded(degraded);
    const png = await broken.board('hare', { state, seats, recentEvents: [], viewerSeat: null });
    expect(png.equals(renderBoard(state, { seats, recentEvents: [], viewerSeat: null }))).toBe(true);
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

describe('preloading the renderers', () => {
  it("loads every game's renderer once, and requests then use it", async () => {
    const loads: string[] = [];
    const modules = GAMES.all.map((module): AnyGameModule => ({
      ...module,
      loadRenderer: () => {
        loads.push(module.key);
        return loadGameRenderer(module);
      },
    }));
    const registry = createRegistry(modules);
    await preloadRenderers(registry);
    expect([...loads].sort()).toEqual(GAMES.all.map((module) => module.key).sort());
    const state = playedGame();
    const png = await renderRequest(
      { gameKey: 'hare', kind: 'board', input: { state, seats, recentEvents: [], viewerSeat: null } },
      registry,
    );
    expect(Buffer.from(png).equals(renderBoard(state, { seats, recentEvents: [], viewerSeat: null }))).toBe(
      true,
    );
    expect(loads).toHaveLength(GAMES.all.length);
  });
});

describe("a render worker's heap", () => {
  it('is not collected in full every few boards while it draws board after board', async () => {
    const pool = createTaskPool<RenderRequest | 'major collections', unknown>({
      name: 'counting render',
      entry: new URL('./fixtures/counting-render-worker.ts', import.meta.url),
      runInline: () => {
        throw new Error('the worker must start');
      },
      workers: 1,
      resourceLimits: RENDER_WORKER_LIMITS, // as createRenderPool starts its workers
    });
    try {
      let state = createGame({ rules: 'standard', seats: 4, seed: 'heap' });
      const boards = async (count: number) => {
        for (let i = 0; i < count && !state.over; i++) {
          state = applyAction(state, legalActions(state).at(-1)!).state;
          await pool.run({
            gameKey: 'hare',
            kind: 'board',
            input: { state, seats, recentEvents: [], viewerSeat: null },
          });
        }
      };
      await boards(20); // the worker loads its modules and fonts
      const before = (await pool.run('major collections')) as number;
      await boards(150);
      const collections = ((await pool.run('major collections')) as number) - before;
      expect(collections).toBeLessThan(10);
    } finally {
      await pool.close();
    }
  });
});
