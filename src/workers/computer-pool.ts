import type { Worker } from 'node:worker_threads';
import { seedRng, type Action, type GameState } from '../games/hare/rules/index';
import { createTaskPool } from './task-pool';
import { chooseAction, type AiLevel } from '../games/hare/computer/index';

export interface ComputerMoveRequest {
  state: GameState;
  level: AiLevel;
  /** Seeds the player's own random stream, so the choice is reproducible. */
  seedKey: string;
}

export function chooseFromSeed(request: ComputerMoveRequest): Action {
  return chooseAction(request.state, request.level, seedRng(request.seedKey));
}

/** Computer players thinking in worker threads: the advanced search no longer holds up the bot's main thread. */
export interface ComputerPool {
  choose(state: GameState, level: AiLevel, seedKey: string): Promise<Action>;
  close(): Promise<void>;
}

export function createComputerPool(
  options: { workers?: number; onDegraded?: (error: Error) => void; startWorker?: () => Worker } = {},
): ComputerPool {
  const pool = createTaskPool<ComputerMoveRequest, Action>({
    name: 'computer player',
    entry: new URL('./computer-pool-worker.ts', import.meta.url),
    runInline: chooseFromSeed,
    ...options,
  });
  return {
    choose: (state, level, seedKey) => pool.run({ state, level, seedKey }),
    close: () => pool.close(),
  };
}
