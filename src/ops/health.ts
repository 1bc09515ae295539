/**
 * /healthz: is the bot able to play? Each check answers null when healthy or the reason it is not; the report is
 * healthy only when every check is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { recentStorageFailure } from '../store/index';

export interface HealthCheck {
  name: string;
  /** null: healthy; otherwise the reason, in a few words. */
  run(): string | null | Promise<string | null>;
}

export interface HealthReport {
  healthy: boolean;
  checks: { name: string; ok: boolean; reason?: string }[];
}

/** A check that has not answered in this long is red: a probe gets its answer whatever the database does. */
export const HEALTH_CHECK_LIMIT_MS = 1500;

/** Red when the game's due turns (or lobbies' expiries) are this late: storage is back but games do not move. */
export const OVERDUE_UNHEALTHY_MS = 60_000;

export async function runHealthChecks(
  checks: readonly HealthCheck[],
  limitMs = HEALTH_CHECK_LIMIT_MS,
): Promise<HealthReport> {
  const results = await Promise.all(
    checks.map(async (check) => {
      let reason: string | null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer within ${limitMs} ms`), limitMs);
      });
      try {
        reason = await Promise.race([Promise.resolve().then(() => check.run()), late]);
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      } finally {
        clearTimeout(timer);
      }
      return reason === null ? { name: check.name, ok: true } : { name: check.name, ok: false, reason };
    }),
  );
  return { healthy: results.every((result) => result.ok), checks: results };
}

/** The gateway: the bot hears interactions only while it is connected. */
export function gatewayCheck(connected: () => boolean): HealthCheck {
  return { name: 'gateway', run: () => (connected() ? null : 'not connected to the Discord gateway') };
}

/**
 * The database takes a write (a read-only file or a full disk fails it as it would fail a move), and no
 * player's write failed for want of storage in the last minute.
 */
export function databaseCheck(checkWritable: () => void | Promise<void>): HealthCheck {
  return {
    name: 'database',
    run: async () => {
      try {
        await checkWritable();
        const failure = recentStorageFailure();
        return failure === null ? null : `a write failed for want of storage: ${failure}`;
      } catch (error) {
        return `database not writable: ${error instanceof Error ? error.message : String(error)}`;
      }
    },
  };
}

/** The folder itself, or the nearest folder above it that exists (where it will be made). */
function nearestExisting(folder: string): string {
  let at = path.resolve(folder);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/**
 * Free space where the database lives (below `minFreeMb` the next writes may fail). On a fresh install the folder
 * (the backup folder, for a server database) may not exist yet: its disk is the nearest existing folder's.
 */
export function diskCheck(databaseFile: string, minFreeMb: number): HealthCheck {
  return {
    name: 'disk',
    run: () => {
      const stats = fs.statfsSync(nearestExisting(path.dirname(databaseFile)));
      const freeMb = Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
      return freeMb >= minFreeMb
        ? null
        : `only ${freeMb} MB free on the database's disk (wanted ${minFreeMb} MB)`;
    },
  };
}

/**
 * Games that do not move: running games whose due turn (a computer's, a timeout) and lobbies whose expiry is
 * `olderThanMs` late, because their writes keep failing or their timers were lost (src/service/overdue-sweep.ts).
 */
export function overdueCheck(
  overdue: (olderThanMs: number) => { turns: number; lobbies: number },
  olderThanMs = OVERDUE_UNHEALTHY_MS,
): HealthCheck {
  return {
    name: 'games',
    run: () => {
      const { turns, lobbies } = overdue(olderThanMs);
      if (turns === 0 && lobbies === 0) return null;
      const late = Math.round(olderThanMs / 1000);
      return `${turns} games and ${lobbies} lobbies more than ${late} s overdue`;
    },
  };
}
