/**
 * A worker thread's place in the operating system's scheduler. The bot's main thread answers Discord against
 * deadlines (3 s for an interaction, a person's click waiting for its board); its workers draw images and think
 * for computer seats, work that can wait a little. On full cores the threads share the CPU equally unless told
 * otherwise, and a click's answer waited in the main thread behind the workers' queues. A worker lowers its own
 * priority when it starts, so that the main thread runs first and the workers take the CPU it leaves.
 *
 * Linux only: there the nice value belongs to each thread. Elsewhere the same call would lower the whole
 * process, so nothing is changed.
 */
import { getPriority, setPriority } from 'node:os';

/** How much lower than the main thread a worker runs (a tenth of the CPU weight when both want a core). */
export const WORKER_NICENESS = 10;
/** The lowest priority there is. */
const NICEST = 19;

/** Lowers the calling thread's priority by `niceness`; false where threads have no priority of their own. */
export function lowerThreadPriority(niceness: number = WORKER_NICENESS): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // Without an id both calls mean the calling thread on Linux.
    setPriority(Math.min(NICEST, getPriority() + niceness));
    return true;
  } catch {
    return false; // a container that forbids it: the worker runs as before
  }
}
