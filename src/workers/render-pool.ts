import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { AnyGameModule, BoardImageInput, GameRenderer, SummaryImageInput } from '../games/contract';
import { GAMES } from '../games/index';
import type { GameRegistry } from '../games/registry';
import type { RatingChartInput } from '../games/draw/rating-chart';
import type { StandingsChartInput } from '../games/draw/standings-chart';
import { createTaskPool, type RunOptions } from './task-pool';
import { gamesFrom, workerGamesData } from './worker-games';

export type RenderRequest =
  | { gameKey: string; kind: 'board'; input: BoardImageInput<unknown, unknown> }
  | { gameKey: string; kind: 'summary'; input: SummaryImageInput<unknown> }
  | { gameKey: string; kind: 'tool'; input: unknown }
  | { kind: 'rating-chart'; input: RatingChartInput }
  | { kind: 'standings-chart'; input: StandingsChartInput };

/**
 * How an image is asked for: `urgent` when a person waits for it (her typed move, a lobby's Start, her turn
 * after a restart), `answering` when it answers her move clicked on a board (Discord waits for it: before the
 * urgent ones too).
 */
export type RenderOptions = RunOptions;

/** Draws every game's PNGs without blocking the caller's thread. */
export interface Renderer {
  /** Answering, then urgent boards are drawn before the queued images not begun (the rest keep their order). */
  board(gameKey: string, input: BoardImageInput<unknown, unknown>, options?: RenderOptions): Promise<Buffer>;
  summary(gameKey: string, input: SummaryImageInput<unknown>): Promise<Buffer>;
  tool(gameKey: string, input: unknown): Promise<Buffer>;
  /** A player's rating over their last games (the same for every game). */
  ratingChart(input: RatingChartInput): Promise<Buffer>;
  /** A tournament's ratings after each game, with a legend of its entrants. */
  standingsChart(input: StandingsChartInput): Promise<Buffer>;
  /** Images asked for and not drawn yet (absent: none are queued, e.g. drawing on the calling thread). */
  waiting?(): number;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  workers?: number;
  /** Told once when workers cannot start and images are drawn on the calling thread instead. */
  onDegraded?: (error: Error) => void;
  /** Starts one worker (tests replace it). */
  startWorker?: () => Worker;
  /** The module file exporting the games to draw as `GAMES` (default: the bot's, src/games/index.ts). */
  gamesFile?: URL;
}

const loaded = new WeakMap<GameRegistry, Map<string, Promise<GameRenderer<unknown, unknown>>>>();

/** The module's own renderer, or the platform's default board and summary when it has none. */
export async function loadGameRenderer(module: AnyGameModule): Promise<GameRenderer<unknown, unknown>> {
  if (module.loadRenderer) return module.loadRenderer();
  const { defaultRenderer } = await import('../games/draw/default-renderer');
  return defaultRenderer(module);
}

/** The game's renderer, loaded on first use (only render workers and the inline fallback load canvas). */
function rendererOf(games: GameRegistry, gameKey: string): Promise<GameRenderer<unknown, unknown>> {
  let byKey = loaded.get(games);
  if (!byKey) {
    byKey = new Map();
    loaded.set(games, byKey);
  }
  let renderer = byKey.get(gameKey);
  if (!renderer) {
    renderer = loadGameRenderer(games.require(gameKey));
    byKey.set(gameKey, renderer);
  }
  return renderer;
}

/** Loads every game's renderer now, so that the first image a worker draws does not wait for them. */
export async function preloadRenderers(games: GameRegistry = GAMES): Promise<void> {
  await Promise.all(games.all.map((module) => rendererOf(games, module.key)));
}

export async function renderRequest(
  request: RenderRequest,
  games: GameRegistry = GAMES,
): Promise<Uint8Array> {
  if (request.kind === 'rating-chart') {
    const { drawRatingChart } = await import('../games/draw/rating-chart');
    return drawRatingChart(request.input);
  }
  if (request.kind === 'standings-chart') {
    const { drawStandingsChart } = await import('../games/draw/standings-chart');
    return drawStandingsChart(request.input);
  }
  const renderer = await rendererOf(games, request.gameKey);
  switch (request.kind) {
    case 'board':
      return renderer.board(request.input);
    case 'summary':
      return renderer.summary(request.input);
    case 'tool':
      if (!renderer.tool) throw new Error(`the game ${request.gameKey} draws no tool images`);
      return renderer.tool(request.input);
  }
}

/**
 * A render worker's young generation, kept small. Reading an image's pixels back (canvas.data(), 2.9 MB for a
 * board) allocates native memory that V8 counts as external and frees only when a collection finds the Buffer
 * dead. Drawing allocates little on the JavaScript heap, so with V8's default young generation no scavenge ran
 * for dozens of images, and on Node 26 (V8 14) each ~64 MB of that external growth started a full mark-compact
 * (12 in 150 boards; Node 20 scavenged instead). A 3 MB young generation is scavenged every few boards, which
 * frees the pixels: 1 full collection in 150 boards on both.
 */
export const RENDER_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 };

/**
 * How long a render worker holds a board that shows a person her turn after an answer was last asked for
 * (task-pool.ts, ServeOptions). About the trip between two clicks of one person on a loaded machine: 20 ms,
 * with the paced settling of settling-queue.ts, brought the mover's p95 from 355–392 ms to 227–334 ms with a
 * person in every game on 2 cores, her turn's board waiting 2–9 s more (docs/benchmarks.md, "Turns that wait
 * for a gap in the answers").
 */
export const ANSWER_QUIET_MS = 20;

/**
 * How many held turns a render worker shows back to back in a quiet time before holding the next ones again
 * (task-pool.ts, ServeOptions). 8, with a lobby's Start held like a turn, brought the mover's p95 with a person
 * in every game to 103–125 ms; 4 to 85 ms, but her turn's board in the default mix then came at p95 after
 * 10.6 s instead of 3.7–5.9 s (docs/benchmarks.md, "Turns shown a few at a time").
 */
export const TURNS_PER_QUIET = 8;

/** Images drawn in worker threads, so a bot drawing many boards keeps answering interactions at once. */
export function createRenderPool(options: RenderPoolOptions = {}): Renderer {
  const { gamesFile, ...poolOptions } = options;
  const pool = createTaskPool<RenderRequest, Uint8Array>({
    name: 'render',
    entry: new URL('./render-pool-worker.ts', import.meta.url),
    runInline: async (request) => renderRequest(request, await gamesFrom(gamesFile)),
    workerData: workerGamesData(gamesFile),
    resourceLimits: RENDER_WORKER_LIMITS,
    ...poolOptions,
  });
  return {
    ...rendererOver(
      (request, runOptions) => pool.run(request, runOptions),
      () => pool.close(),
    ),
    waiting: () => pool.waiting(),
  };
}

/** Images drawn on the calling thread for the games of `games` (tests with games of their own). */
export function createInlineRenderer(games: GameRegistry): Renderer {
  return rendererOver(
    (request) => renderRequest(request, games),
    async () => undefined,
  );
}

function rendererOver(
  run: (request: RenderRequest, options?: RenderOptions) => Promise<Uint8Array>,
  close: () => Promise<void>,
): Renderer {
  const png = async (request: RenderRequest, options?: RenderOptions) => {
    const bytes = await run(request, options);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return {
    board: (gameKey, input, options) => png({ gameKey, kind: 'board', input }, options),
    summary: (gameKey, input) => png({ gameKey, kind: 'summary', input }),
    tool: (gameKey, input) => png({ gameKey, kind: 'tool', input }),
    ratingChart: (input) => png({ kind: 'rating-chart', input }),
    standingsChart: (input) => png({ kind: 'standings-chart', input }),
    close,
  };
}
