import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/games/candyland/simulate';
import { simulationText } from '../../src/games/candyland/tools';
import { createComputerPool } from '../../src/workers/computer-pool';

describe("the computer pool runs the games' tools", () => {
  const pool = createComputerPool({ workers: 1 });
  afterAll(() => pool.close());

  it('answers a tool from a worker with what the tool answers on its own', async () => {
    const answer = await pool.runTool('candyland', 'simulate', { seats: 2, games: 300 });
    const expected = simulate({ seats: 2, games: 300, seed: 'simulate:2:300' });
    expect(answer.text).toBe(simulationText(expected));
    expect(answer.image).toEqual({ kind: 'candyland-simulation', result: expected });
  });

  it('reports an unknown tool as a failure', async () => {
    await expect(pool.runTool('candyland', 'nothing', {})).rejects.toThrow(/no tool nothing/);
  });

  it('runs tools on the calling thread when workers cannot start', async () => {
    const degraded: Error[] = [];
    const broken = createComputerPool({
      workers: 1,
      onDegraded: (error) => degraded.push(error),
      startWorker: () => new Worker('throw new Error("no threads here")', { eval: true }),
    });
    for (let i = 0; i < 500 && degraded.length === 0; i++) {
      await broken.runTool('candyland', 'simulate', { seats: 2, games: 10 }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(degraded).toHaveLength(1);
    const answer = await broken.runTool('candyland', 'simulate', { seats: 2, games: 10 });
    expect(answer.text).toBe(simulationText(simulate({ seats: 2, games: 10, seed: 'simulate:2:10' })));
    await broken.close();
  });
});
