/**
 * The render and computer workers run below the thread that starts them (src/workers/thread-priority.ts): on
 * full cores the bot's main thread, which answers Discord, goes first. Linux keeps a nice value per thread,
 * read here from /proc for each thread of this process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame } from '../../src/games/hare/rules/index';
import { createComputerPool } from '../../src/workers/computer-pool';
import { createRenderPool } from '../../src/workers/render-pool';
import {
  COMPUTER_WORKER_NICENESS,
  lowerThreadPriority,
  RENDER_WORKER_NICENESS,
} from '../../src/workers/thread-priority';

/** Each thread of this process with its nice value (field 19 of its stat, the 17th after the command's name). */
function niceByThread(): Map<string, number> {
  const threads = readdirSync('/proc/self/task');
  const nice = new Map<string, number>();
  for (const tid of threads) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      nice.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nice;
}

describe("the workers' place in the scheduler", () => {
  const pools: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(pools.map((pool) => pool.close())));

  it('is below the thread that started them, which keeps its own (Linux; elsewhere nothing changes)', async () => {
    const own = getPriority();
    if (process.platform !== 'linux') {
      expect(lowerThreadPriority(RENDER_WORKER_NICENESS)).toBe(false);
      expect(getPriority()).toBe(own);
      return;
    }
    const before = niceByThread();
    const render = createRenderPool({ workers: 1 });
    const computers = createComputerPool({ workers: 1 });
    pools.push(render, computers);
    const state = createGame({ rules: 'standard', seats: 2, seed: 'priority' });
    const seats = ['Ann', 'Bo'].map((name) => ({ name, kind: 'human' as const }));
    await render.board('hare', { state, seats, recentEvents: [], viewerSeat: null });
    await computers.runTool('candyland', 'simulate', { seats: 2, games: 10 });
    const started = [...niceByThread()].filter(([tid]) => !before.has(tid));
    // The render worker and the computer worker each run at their niceness below this thread (threads a worker
    // starts, e.g. the canvas library's, run at its own).
    const at = (niceness: number) => started.filter(([, nice]) => nice === Math.min(19, own + niceness));
    expect(at(RENDER_WORKER_NICENESS).length, `threads: ${JSON.stringify(started)}`).toBeGreaterThanOrEqual(
      1,
    );
    expect(at(COMPUTER_WORKER_NICENESS).length, `threads: ${JSON.stringify(started)}`).toBeGreaterThanOrEqual(
      1,
    );
    expect(getPriority(), 'the starting thread keeps its priority').toBe(own);
  });
});
