import { availableParallelism } from 'node:os';

/**
 * The defaults that more than one layer falls back to: the configuration (src/config.ts) when a variable is
 * unset, the service (DEFAULT_SERVICE_CONFIG) and the store when they are started without one. Each is written
 * here only; a default that only the configuration reads stays beside its variable in config.ts.
 */

/** The SQLite file, when neither DATABASE_PATH nor DATABASE_URL is set. */
export const DEFAULT_DATABASE_PATH = './data/hare.db';

/** Connections a PostgreSQL pool keeps at most when DATABASE_POOL_SIZE is unset. */
export const DEFAULT_POOL_SIZE = 10;

/** How long a computer player waits before its move, at normal speed (a slow game waits longer). */
export const DEFAULT_AI_TURN_DELAY_MS = 1500;

/** How long a person has for a turn before the idle policy acts: ten minutes. */
export const DEFAULT_HUMAN_TURN_TIMEOUT_MS = 600_000;

/** What happens to a person who lets the turn time run out: a computer plays the turn. */
export const DEFAULT_IDLE_POLICY = 'computer' as const;

/**
 * Board redraws nobody waits on (computers' moves) that one bot process runs at once; the board answering a
 * person's click never waits for one (src/bot/publishing/redraw-slots.ts). 0: no cap. Measured at full size with
 * bench:scale on a quiet machine (docs/benchmarks.md): 4 finished 8-30 % more games a second than no cap (the
 * computers' games gather their moves into fewer redraws when the process is busy), the mover's board the same.
 */
export const DEFAULT_BACKGROUND_REDRAWS = 4;

/**
 * Worker threads a pool starts when its count is not set (RENDER_WORKERS, COMPUTER_WORKERS): one per core but
 * one, at least one, at most four. Each is a V8 heap of its own (render workers also tens of MB of pixels), so
 * several processes on one machine should divide the cores between them instead.
 */
export function defaultWorkerCount(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}
