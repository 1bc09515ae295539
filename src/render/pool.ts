import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/index';
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
}

/** Loads the TypeScript worker through tsx, which the project runs on (a plain .ts entry needs the hook first). */
function startWorker(): Worker {
  const entry = new URL('./pool-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * A pool of worker threads that render images, so that a bot drawing many boards keeps answering interactions
 * at once. Requests go to the worker with the fewest in flight; a worker that dies is replaced and its requests
 * fail with an error.
 */
export function createRenderPool(workers = defaultWorkerCount()): Renderer {
  let nextId = 1;
  let closed = false;
  const slots: Slot[] = [];

  const spawn = (index: number): Slot => {
    const slot: Slot = { worker: startWorker(), pending: new Map() };
    slot.worker.on('message', (response: RenderResponse) => {
      const pending = slot.pending.get(response.id);
      if (!pending) return;
      slot.pending.delete(response.id);
      if ('png' in response)
        pending.resolve(Buffer.from(response.png.buffer, response.png.byteOffset, response.png.byteLength));
      else pending.reject(new Error(`render failed: ${response.error}`));
    });
    const fail = (error: Error) => {
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
      if (!closed) slots[index] = spawn(index);
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
    const slot = slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
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
