import type { Worker } from 'node:worker_threads';
import type { GameState } from '../games/hare/rules/index';
import { createTaskPool } from './task-pool';
import { renderBoard } from '../games/hare/render/board';
import { renderSummary } from '../games/hare/render/summary';
import type { BoardRenderOptions, SummaryRenderOptions } from '../games/hare/render/types';

export type RenderRequest =
  | { kind: 'board'; state: GameState; options: BoardRenderOptions }
  | { kind: 'summary'; state: GameState; options: SummaryRenderOptions };

/** Draws board and summary PNGs without blocking the caller's thread. */
export interface Renderer {
  board(state: GameState, options: BoardRenderOptions): Promise<Buffer>;
  summary(state: GameState, options: SummaryRenderOptions): Promise<Buffer>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  workers?: number;
  /** Told once when workers cannot start and images are drawn on the calling thread instead. */
  onDegraded?: (error: Error) => void;
  /** Starts one worker (tests replace it). */
  startWorker?: () => Worker;
}

export function renderRequest(request: RenderRequest): Uint8Array {
  return request.kind === 'board'
    ? renderBoard(request.state, request.options)
    : renderSummary(request.state, request.options);
}

/** Images drawn in worker threads, so a bot drawing many boards keeps answering interactions at once. */
export function createRenderPool(options: RenderPoolOptions = {}): Renderer {
  const pool = createTaskPool<RenderRequest, Uint8Array>({
    name: 'render',
    entry: new URL('./render-pool-worker.ts', import.meta.url),
    runInline: renderRequest,
    ...options,
  });
  const png = async (request: RenderRequest) => {
    const bytes = await pool.run(request);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return {
    board: (state, boardOptions) => png({ kind: 'board', state, options: boardOptions }),
    summary: (state, summaryOptions) => png({ kind: 'summary', state, options: summaryOptions }),
    close: () => pool.close(),
  };
}
