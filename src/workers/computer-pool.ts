import type { Worker } from 'node:worker_threads';
import type { CommandValues, ToolCommand } from '../games/contract';
import { GAMES } from '../games/index';
import { seedRng } from '../games/kit/random';
import { createTaskPool } from './task-pool';

export interface ComputerMoveRequest {
  kind?: 'move';
  /** The game's key in the registry. */
  gameKey: string;
  state: unknown;
  level: string;
  /** Seeds the player's own random stream, so the choice is reproducible. */
  seedKey: string;
}

/** A game's tool command (e.g. `/candyland simulate`): long pure work, never on the bot's main thread. */
export interface ToolRequest {
  kind: 'tool';
  gameKey: string;
  toolName: string;
  /** The tool's checked option values. */
  values: CommandValues;
}

export type ComputerRequest = ComputerMoveRequest | ToolRequest;

/** A tool's answer: its text and the request of its image. */
export type ToolAnswer = ReturnType<ToolCommand['run']>;

export function chooseFromSeed(request: ComputerMoveRequest): unknown {
  return GAMES.require(request.gameKey).computer.choose(
    request.state,
    request.level,
    seedRng(request.seedKey),
  );
}

export function runTool(request: ToolRequest): ToolAnswer {
  const tool = GAMES.require(request.gameKey).tools?.find((candidate) => candidate.name === request.toolName);
  if (!tool) throw new Error(`the game ${request.gameKey} has no tool ${request.toolName}`);
  return tool.run(request.values);
}

/** What a computer-pool worker (or the inline fallback) does with one request. */
export function serveComputerRequest(request: ComputerRequest): unknown {
  return request.kind === 'tool' ? runTool(request) : chooseFromSeed(request);
}

/** Runs games' tool commands away from the caller's thread. */
export interface ToolRunner {
  runTool(gameKey: string, toolName: string, values: CommandValues): Promise<ToolAnswer>;
}

/** Computer players thinking, and tools working, in worker threads: neither holds up the bot's main thread. */
export interface ComputerPool extends ToolRunner {
  choose(gameKey: string, state: unknown, level: string, seedKey: string): Promise<unknown>;
  /** Choices and tool answers asked for and not made yet. */
  waiting(): number;
  close(): Promise<void>;
}

export function createComputerPool(
  options: { workers?: number; onDegraded?: (error: Error) => void; startWorker?: () => Worker } = {},
): ComputerPool {
  const pool = createTaskPool<ComputerRequest, unknown>({
    name: 'computer player',
    entry: new URL('./computer-pool-worker.ts', import.meta.url),
    runInline: serveComputerRequest,
    ...options,
  });
  return {
    choose: (gameKey, state, level, seedKey) => pool.run({ kind: 'move', gameKey, state, level, seedKey }),
    runTool: async (gameKey, toolName, values) =>
      (await pool.run({ kind: 'tool', gameKey, toolName, values })) as ToolAnswer,
    waiting: () => pool.waiting(),
    close: () => pool.close(),
  };
}
