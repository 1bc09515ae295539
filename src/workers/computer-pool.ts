import type { Worker } from 'node:worker_threads';
import { GAMES } from '../games/index';
import { seedRng } from '../games/kit/random';
import { createTaskPool } from './task-pool';

export interface ComputerMoveRequest {
  /** The game's key in the registry. */
  gameKey: string;
  state: unknown;
  level: string;
  /** Seeds the player's own random stream, so the choice is reproducible. */
  seedKey: string;
}

export function chooseFromSeed(request: ComputerMoveRequest): unknown {
  return GAMES.require(request.gameKey).computer.choose(
    request.state,
    request.level,
    seedRng(request.seedKey),
  );
}

/** Computer players thinking in worker threads: a long search no longer holds up the bot's main thread. */
export interface ComputerPool {
  choose(gameKey: string, state: unknown, level: string, seedKey: string): Promise<unknown>;
  /** Choices asked for and not made yet. */
  waiting(): number;
  close(): Promise<void>;
}

export function createComputerPool(
  options: { workers?: number; onDegraded?: (error: Error) => void; startWorker?: () => Worker } = {},
): ComputerPool {
  const pool = createTaskPool<ComputerMoveRequest, unknown>({
    name: 'computer player',
    entry: new URL('./computer-pool-worker.ts', import.meta.url),
    runInline: chooseFromSeed,
    ...options,
  });
  return {
    choose: (gameKey, state, level, seedKey) => pool.run({ gameKey, state, level, seedKey }),
    waiting: () => pool.waiting(),
    close: () => pool.close(),
  };
}
