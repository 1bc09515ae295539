import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';
import { defaultWorkerCount } from '../defaults';

/**
 * A small pool of worker threads for CPU-heavy pure work (drawing images, computer players' searches), so a
 * bot keeps answering interactions while it runs. Requests go to the worker with the fewest in flight; a worker
 * that dies is replaced and its requests fail. If workers cannot start at all, the pool says so once and runs
 * the work on the calling thread instead.
 */
export interface TaskPool<Request, Result> {
  /** Runs `request`; an urgent one goes before the requests its worker has queued and not begun. */
  run(request: Request, options?: RunOptions): Promise<Result>;
  /** Requests sent to the workers and not answered yet (the queue the metrics show). */
  waiting(): number;
  close(): Promise<void>;
}

export interface RunOptions {
  /** Served before the queued requests that are not urgent (urgent ones among themselves in order). */
  urgent?: boolean;
  /**
   * The answer to an interaction Discord is waiting for (a click, answered within 3 s): served before every other
   * queued request, the urgent ones too (a board that shows a person her turn has no such deadline).
   */
  answering?: boolean;
  /**
   * Shows a person her turn (the computers' moves handed it to her, a restart's settling, a lobby's Start): she
   * clicks as soon as she sees it, and each click is an answer. Served only once no answer was asked for during
   * the worker's quiet time, a few at a time (serveTasks' `quietAfterAnswerMs` and `turnsPerQuiet`).
   */
  turn?: boolean;
}

export interface TaskPoolOptions<Request, Result> {
  /** Names the pool in errors ("render", "computer player"). */
  name: string;
  /** The worker module (a .ts file calling serveTasks). */
  entry: URL;
  /** The same work on the calling thread, used when workers cannot start. */
  runInline: (request: Request) => Result | Promise<Result>;
  workers?: number;
  /** Told once when workers cannot start and the work runs on the calling thread instead. */
  onDegraded?: (error: Error) => void;
  /** Starts one worker (tests replace it). */
  startWorker?: () => Worker;
  /** What each worker reads as its `workerData` (e.g. which games it serves). */
  workerData?: unknown;
  /** Each worker's heap limits (e.g. a small young generation for the render workers, see render-pool). */
  resourceLimits?: ResourceLimits;
}

/** Which queue of the worker a request waits in, the first served first. */
type Lane = 'answering' | 'urgent' | 'rest';
type Envelope<T> = { id: number; request: T; lane: Lane; turn?: boolean };

function laneOf(options: RunOptions | undefined): Lane {
  if (options?.answering) return 'answering';
  return options?.urgent ? 'urgent' : 'rest';
}
type Reply<T> = { id: number; result: T } | { id: number; error: string };

interface Pending<Result> {
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

interface Slot<Result> {
  worker: Worker;
  pending: Map<number, Pending<Result>>;
  /** Whether the worker has answered at least once (a worker that dies before that failed to start). */
  served: boolean;
}

/** Workers that die before their first answer this many times make the pool run work on the calling thread. */
const STARTUP_FAILURES_BEFORE_INLINE = 3;

/** The ESM entry of tsx's API (its CommonJS entry cannot register the ESM hooks from a worker). */
function resolveTsxApi(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href;
}

/**
 * The old generation a worker's heap may fill before V8 collects it. A render worker keeps about 9 MB of objects
 * but reads megabytes of pixels back for each image; from V8's default start, sized on those 9 MB, it marked and
 * compacted its heap every few images (a millisecond an image on the worker, more on V8's marking threads).
 */
const WORKER_INITIAL_OLD_SPACE_MB = 64;

/** V8 sizes an isolate's heap from its flags when the isolate is created: this holds for workers started after. */
function sizeWorkerHeaps(): void {
  setFlagsFromString(`--initial-old-space-size=${WORKER_INITIAL_OLD_SPACE_MB}`);
}

/**
 * Loads a TypeScript worker through tsx, which the project runs on (a plain .ts entry needs the hook first).
 * tsx is resolved from this file, not from the working directory, so the bot may be started from anywhere.
 */
function startTypeScriptWorker(entry: URL, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  const tsx = resolveTsxApi();
  sizeWorkerHeaps();
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/**
 * In the production build (`npm run build`: plain JavaScript in dist/, this code included) a worker's entry is
 * its compiled .js file beside the code; from the sources it is the .ts file, loaded through tsx.
 */
export function startWorker(entry: URL, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.js')) return startTypeScriptWorker(entry, workerData, resourceLimits);
  sizeWorkerHeaps();
  return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), { workerData, resourceLimits });
}

export function createTaskPool<Request, Result>(
  options: TaskPoolOptions<Request, Result>,
): TaskPool<Request, Result> {
  const onDegraded =
    options.onDegraded ??
    ((error: Error) => console.error(`${options.name} workers unavailable: ${error.message}`));
  const start =
    options.startWorker ?? (() => startWorker(options.entry, options.workerData, options.resourceLimits));
  let nextId = 1;
  let closed = false;
  let inline = false;
  let startupFailures = 0;
  const slots: Slot<Result>[] = [];

  const spawn = (index: number): Slot<Result> => {
    const slot: Slot<Result> = { worker: start(), pending: new Map(), served: false };
    slot.worker.on('message', (reply: Reply<Result>) => {
      slot.served = true;
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) slot.worker.unref();
      if ('result' in reply) pending.resolve(reply.result);
      else pending.reject(new Error(`${options.name} failed: ${reply.error}`));
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
      if (!closed && code !== 0) fail(new Error(`${options.name} worker exited with code ${code}`));
    });
    slot.worker.unref();
    return slot;
  };
  for (let i = 0; i < (options.workers ?? defaultWorkerCount()); i++) slots.push(spawn(i));

  return {
    run(request, runOptions) {
      if (closed) return Promise.reject(new Error(`the ${options.name} pool is closed`));
      if (inline) return new Promise((resolve) => resolve(options.runInline(request)));
      const slot = slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
      const id = nextId++;
      return new Promise<Result>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        slot.worker.ref(); // an idle pool must not keep the process alive, a busy one must
        const envelope: Envelope<Request> = { id, request, lane: laneOf(runOptions) };
        if (runOptions?.turn) envelope.turn = true;
        slot.worker.postMessage(envelope);
      });
    },
    waiting: () => slots.reduce((sum, slot) => sum + slot.pending.size, 0),
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

export interface ServeOptions {
  /**
   * A request marked `turn` waits until no answer has been asked for during this long (0: it does not wait);
   * the others are served meanwhile. A person answered within a few milliseconds clicks again at once: the
   * answers of the people clicking now come one trip apart, and each turn shown starts another such chain.
   * Shown all at once (a restart's hundreds of turns, drawn before their first click came), the chains
   * queued every answer behind the others for a second; held until the answers leave a gap, new turns join
   * at the pace the running ones leave room for.
   */
  quietAfterAnswerMs?: number;
  /**
   * At most this many turns served back to back once the answers are quiet; then the quiet time starts again,
   * as after an answer. A quiet worker released every held turn within a few milliseconds, before the first of
   * their clicks arrived, and the chains they began queued their answers behind each other.
   */
  turnsPerQuiet?: number;
}

/**
 * The worker side: answers every request with `handler` (errors are sent back, the worker lives on), one request
 * per turn of the worker's event loop. Requests that arrive together wait in a queue; each is answered in its own
 * setImmediate, and the next is scheduled only after that answer was sent. The canvas library frees the native
 * memory of collected images from the event loop: a worker that drained a long queue in one go kept gigabytes.
 * Answers Discord waits for go first, then urgent requests (a person waiting for the image), then the others,
 * each kind in its order; a person's turn waits for a gap in the answers (ServeOptions).
 */
export function serveTasks<Request, Result>(
  handler: (request: Request) => Result | Promise<Result>,
  { quietAfterAnswerMs = 0, turnsPerQuiet = Infinity }: ServeOptions = {},
): void {
  const lanes: Record<Lane, Envelope<Request>[]> = { answering: [], urgent: [], rest: [] };
  /** When the last answer was asked for, or the last burst of turns was served. */
  let quietTimeStartedAt = -Infinity;
  let turnsServedInQuiet = 0;
  let busy = false;
  let wake: ReturnType<typeof setTimeout> | null = null;
  const takeNext = (): Envelope<Request> | undefined => {
    const answer = lanes.answering.shift();
    if (answer) return answer;
    // Outside the quiet time every lane is served from its head; inside it, past the held turns.
    const quiet = Date.now() >= quietTimeStartedAt + quietAfterAnswerMs;
    for (const lane of [lanes.urgent, lanes.rest]) {
      const index = quiet ? (lane.length > 0 ? 0 : -1) : lane.findIndex((envelope) => !envelope.turn);
      if (index >= 0) {
        const next = lane.splice(index, 1)[0]!;
        // A burst of turns starts the quiet time again, as an answer does: their clicks are coming.
        if (next.turn && ++turnsServedInQuiet >= turnsPerQuiet) {
          quietTimeStartedAt = Date.now();
          turnsServedInQuiet = 0;
        }
        return next;
      }
    }
    return undefined;
  };
  const serveNext = (): void => {
    if (wake) clearTimeout(wake);
    wake = null;
    const next = takeNext();
    if (next) {
      void answer(handler, next).finally(() => setImmediate(serveNext));
      return;
    }
    busy = false;
    // Only held turns are left: served at the end of the quiet time, unless a request comes first.
    if (lanes.urgent.length + lanes.rest.length > 0)
      wake = setTimeout(
        () => {
          busy = true;
          serveNext();
        },
        Math.max(1, quietTimeStartedAt + quietAfterAnswerMs - Date.now()),
      );
  };
  parentPort?.on('message', (envelope: Envelope<Request>) => {
    lanes[envelope.lane].push(envelope);
    if (envelope.lane === 'answering') {
      quietTimeStartedAt = Date.now();
      turnsServedInQuiet = 0;
    }
    if (busy) return;
    busy = true;
    setImmediate(serveNext);
  });
}

async function answer<Request, Result>(
  handler: (request: Request) => Result | Promise<Result>,
  { id, request }: Envelope<Request>,
): Promise<void> {
  let reply: Reply<Result>;
  try {
    reply = { id, result: await handler(request) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply, transferable('result' in reply ? reply.result : undefined));
}

/**
 * The memory of a result that is a byte array owning all of it (an image), moved to the caller instead of
 * copied: the worker does not use it again.
 */
export function transferable(result: unknown): ArrayBuffer[] {
  if (!(result instanceof Uint8Array) || !(result.buffer instanceof ArrayBuffer)) return [];
  const ownsAll = result.byteOffset === 0 && result.byteLength === result.buffer.byteLength;
  return ownsAll ? [result.buffer] : [];
}
