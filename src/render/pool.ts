import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/index';
import { renderBoard } from './board';
import { renderSummary } from './summary';
import type { BoardRenderOptions, SummaryRenderOptions } from './types';

export type RenderRequest =
  | { id: number; kind: 'board'; state: GameState; options: BoardRenderOptions }
  | { id: number; kind: 'summary'; state: GameState; options: SummaryRenderOptions };

export type RenderResponse = { id: number; png: Uint8Array } | { id: number; error: string };

/** Draws board and summary PNGs without blocking the caller's thread. */
export interface Renderer {
  board(state: GameState, options: BoardRenderOptions): Promise<Buffer>;
  summary(state: GameState, options: SummaryRenderOptions): Promise<Buffer>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Whether the worker has answered at least once (a worker that dies before that failed to start). */
  served: boolean;
}

/** Workers that die before their first answer this many times make the pool draw on the calling thread. */
const STARTUP_FAILURES_BEFORE_INLINE = 3;

/** The ESM entry of tsx's API (its CommonJS entry cannot register the ESM hooks from a worker). */
function resolveTsxApi(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
}

/**
 * Loads the TypeScript worker through tsx, which the project runs on (a plain .ts entry needs the hook first).
 * tsx is resolved from this file, not from the working directory, so the bot may be started from anywhere.
 */
function startWorker(): Worker {
  const entry = new URL('./pool-worker.ts', import.meta.url).href;
  const tsx = resolveTsxApi();
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function renderInline(request: Omit<RenderRequest, 'id'>): Promise<Buffer> {
  return new Promise((resolve) =>
    resolve(
      request.kind === 'board'
        ? renderBoard(request.state, request.options)
        : renderSummary(request.state, request.options),
    ),
  );
}

/**
 * A pool of worker threads that render images, so that a bot drawing many boards keeps answering interactions
 * at once. Requests go to the worker with the fewest in flight; a worker that dies is replaced and its requests
 * fail with an error. If workers cannot start at all, the pool says so once and draws on the calling thread.
 */
export interface RenderPoolOptions {
  workers?: number;
  /** Told once when workers cannot start and images are drawn on the calling thread instead. */
  onDegraded?: (error: Error) => void;
  /** Starts one worker (tests replace it). */
  startWorker?: () => Worker;
}

export function createRenderPool(options: RenderPoolOptions = {}): Renderer {
  const workers = options.workers ?? defaultWorkerCount();
  const onDegraded =
    options.onDegraded ?? ((error: Error) => console.error(`render workers unavailable: ${error.message}`));
  const start = options.startWorker ?? startWorker;
  let nextId = 1;
  let closed = false;
  let inline = false;
  let startupFailures = 0;
  const slots: Slot[] = [];

  const spawn = (index: number): Slot => {
    const slot: Slot = { worker: start(), pending: new Map(), served: false };
    slot.worker.on('message', (response: RenderResponse) => {
      slot.served = true;
      const pending = slot.pending.get(response.id);
      if (!pending) return;
      slot.pending.delete(response.id);
      if (slot.pending.size === 0) slot.worker.unref();
      if ('png' in response)
        pending.resolve(Buffer.from(response.png.buffer, response.png.byteOffset, response.png.byteLength));
      else pending.reject(new Error(`render failed: ${response.error}`));
    });
    const fail = (error: Error) => {
      const waiting = [...slot.pending.values()];
      slot.pending.clear();
      if (!slot.served) startupFailures += 1;
      if (startupFailures >= STARTUP_FAILURES_BEFORE_INLINE && !inline) {
        inline = true;
        onDegraded(error);
      }
      for (const pending of waiting) pending.reject(error);
      if (!closed && !inline) slots[index] = spawn(index);
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (!closed && code !== 0) fail(new Error(`render worker exited with code ${code}`));
    });
    slot.worker.unref();
    return slot;
  };
  for (let i = 0; i < workers; i++) slots.push(spawn(i));

  const submit = (request: Omit<RenderRequest, 'id'>): Promise<Buffer> => {
    if (closed) return Promise.reject(new Error('the render pool is closed'));
    if (inline) return renderInline(request);
    const slot = slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref(); // an idle pool must not keep the process alive, a busy one must
      slot.worker.postMessage({ ...request, id });
    });
  };

  return {
    board: (state, options) => submit({ kind: 'board', state, options }),
    summary: (state, options) => submit({ kind: 'summary', state, options }),
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
