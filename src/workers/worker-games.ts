/**
 * The games a worker pool serves. A worker thread cannot be handed a registry object, only told where to import
 * one: by default the pools serve the bot's games (src/games/index.ts, imported statically so that the
 * production build bundles them); a bot hosting games of its own (a test's fixture game) names the module file
 * that exports its registry as `GAMES`, and every worker, and the calling thread when workers cannot start,
 * imports that file.
 */
import { workerData } from 'node:worker_threads';
import { GAMES } from '../games/index';
import type { GameRegistry } from '../games/registry';

/** What a pool tells its workers (their `workerData`). */
export interface WorkerGamesData {
  /** The file:// address of a module exporting `GAMES`; absent: the bot's own games. */
  gamesFile?: string;
}

const imported = new Map<string, Promise<GameRegistry>>();

function isRegistry(value: unknown): value is GameRegistry {
  return typeof value === 'object' && value !== null && 'require' in value && 'all' in value;
}

async function importRegistry(href: string): Promise<GameRegistry> {
  const exported: { GAMES?: unknown } = await import(/* @vite-ignore */ href);
  if (!isRegistry(exported.GAMES)) throw new Error(`${href} exports no game registry named GAMES`);
  return exported.GAMES;
}

/** The registry `file` exports as `GAMES` (imported once per thread), or the bot's games when no file is named. */
export function gamesFrom(file: URL | string | undefined): Promise<GameRegistry> {
  if (file === undefined) return Promise.resolve(GAMES);
  const href = typeof file === 'string' ? file : file.href;
  let registry = imported.get(href);
  if (!registry) {
    registry = importRegistry(href);
    imported.set(href, registry);
  }
  return registry;
}

/** The `workerData` that makes a pool's workers serve the games of `file`. */
export function workerGamesData(file: URL | undefined): WorkerGamesData {
  return file ? { gamesFile: file.href } : {};
}

/** The games of this worker thread: those its pool named, or the bot's. */
export function workerGames(): Promise<GameRegistry> {
  return gamesFrom((workerData as WorkerGamesData | null | undefined)?.gamesFile);
}
