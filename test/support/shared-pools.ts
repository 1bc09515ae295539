/**
 * One render pool and one computer-player pool of the bot's games per test process, never closed. Starting a
 * worker thread (tsx, the games, canvas and its fonts in a new isolate) costs about 0.6 s of CPU, and every bot a
 * test started began with a render and a computer worker of its own: a third of the suite's CPU. Idle workers are
 * unref'd, so they keep no test process alive.
 */
import { createComputerPool, type ComputerPool } from '../../src/workers/computer-pool';
import { createRenderPool, type Renderer } from '../../src/workers/render-pool';

let renderer: Renderer | null = null;
let computers: ComputerPool | null = null;

export function sharedRenderer(): Renderer {
  renderer ??= createRenderPool({ workers: 1 });
  return renderer;
}

export function sharedComputers(): ComputerPool {
  computers ??= createComputerPool({ workers: 1 });
  return computers;
}

/** Closes `pool` unless it is the shared one (which outlives every bot of the test process). */
export async function closeUnlessShared(pool: ComputerPool): Promise<void> {
  if (pool !== computers) await pool.close();
}
