/**
 * Runs an arena: its games in parallel on worker threads (each game in one worker, its programs in their own
 * processes), then the table from the results in game order.
 */
import { createTaskPool } from '../workers/task-pool';
import type { GameResult, GameSpec } from './match';
import { runSpec } from './run-game';
import { schedule, type ArenaConfig } from './schedule';
import { arenaReport, type ArenaReport } from './standings';

export interface RunOptions {
  /** Worker threads (games played at once); 1 plays on this thread. */
  parallel: number;
  /** Told after each game (e.g. a progress line). */
  onGame?: (result: GameResult, done: number, total: number) => void;
}

export async function runArena(config: ArenaConfig, options: RunOptions): Promise<ArenaReport> {
  const specs = schedule(config);
  const pool =
    options.parallel > 1
      ? createTaskPool<GameSpec, GameResult>({
          name: 'arena',
          entry: new URL('./game-worker.ts', import.meta.url),
          runInline: runSpec,
          workers: Math.min(options.parallel, specs.length),
        })
      : null;
  let done = 0;
  try {
    const play = async (spec: GameSpec) => {
      const result = await (pool ? pool.run(spec) : runSpec(spec));
      options.onGame?.(result, ++done, specs.length);
      return result;
    };
    const results: GameResult[] = [];
    if (pool) results.push(...(await Promise.all(specs.map(play))));
    else for (const spec of specs) results.push(await play(spec));
    return arenaReport(config, results);
  } finally {
    await pool?.close();
  }
}
