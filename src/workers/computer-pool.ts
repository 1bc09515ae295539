import type { Worker } from 'node:worker_threads';
import type { CommandValues, ToolCommand } from '../games/contract';
import { GAMES } from '../games/index';
import { seedRng } from '../games/kit/random';
import type { GameRegistry } from '../games/registry';
import { createTaskPool } from './task-pool';
import { gamesFrom, workerGamesData } from './worker-games';

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

export function chooseFromSeed(request: ComputerMoveRequest, games: GameRegistry = GAMES): unknown {
  return games
    .require(request.gameKey)
    .computer.choose(request.state, request.level, seedRng(request.seedKey));
}

export function runTool(request: ToolRequest, games: GameRegistry = GAMES): ToolAnswer {
  const tool = games.require(request.gameKey).tools?.find((candidate) => candidate.name === request.toolName);
  if (!tool) throw new Error(`the game ${request.gameKey} has no tool ${request.toolName}`);
  return tool.run(request.values);
}

/** What a computer-pool worker (or the inline fallback) does with one request. */
export function serveComputerRequest(request: ComputerRequest, games: GameRegistry = GAMES): unknown {
  return request.kind === 'tool' ? runTool(request, games) : chooseFromSeed(request, games);
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

export interface ComputerPoolOptions {
  workers?: number;
  onDegraded?: (error: Error) => void;
  startWorker?: () => Worker;
  /** The module file exporting the games to serve as `GAMES` (default: the bot's, src/games/index.ts). */
  gamesFile?: URL;
}

export function createComputerPool(options: ComputerPoolOptions = {}): ComputerPool {
  const { gamesFile, ...poolOptions } = options;
  const pool = createTaskPool<ComputerRequest, unknown>({
    name: 'computer player',
    entry: new URL('./computer-pool-worker.ts', import.meta.url),
    runInline: async (request) => serveComputerRequest(request, await gamesFrom(gamesFile)),
    workerData: workerGamesData(gamesFile),
    ...poolOptions,
  });
  return {
    choose: (gameKey, state, level, seedKey) => pool.run({ kind: 'move', gameKey, state, level, seedKey }),
    runTool: async (gameKey, toolName, values) =>
      (await pool.run({ kind: 'tool', gameKey, toolName, values })) as ToolAnswer,
    waiting: () => pool.waiting(),
    close: () => pool.close(),
  };
}
