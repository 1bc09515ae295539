/**
 * A worker thread's place in the operating system's scheduler. The bot's main thread answers Discord against
 * deadlines (3 s for an interaction, a person's click waiting for its board); its workers draw images and think
 * for computer seats, work that can wait a little. On full cores the threads share the CPU equally unless told
 * otherwise, and a click's answer waited for the main thread while the workers held the cores. A worker lowers
 * its own priority when it starts, so that the main thread runs first and the workers take the CPU it leaves.
 *
 * Linux only: there the nice value belongs to each thread. Elsewhere the same call would lower the whole
 * process, so nothing is changed.
 */
import { getPriority, setPriority } from 'node:os';

/**
 * How much lower than the main thread each worker runs. The scheduler weighs nice 5 at about a third of the main
 * thread and nice 10 at about a tenth. At 10 the render worker fell so far behind on full cores that the boards
 * showing people their turn waited two to three times as long; the computers' thinking can wait more (a move is
 * due after a delay anyway). docs/benchmarks.md, "The main thread first", has the figures.
 */
export const RENDER_WORKER_NICENESS = 5;
export const COMPUTER_WORKER_NICENESS = 10;
/** The lowest priority there is. */
const NICEST = 19;

/** Lowers the calling thread's priority by `niceness`; false where threads have no priority of their own. */
export function lowerThreadPriority(niceness: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // Without an id both calls mean the calling thread on Linux.
    setPriority(Math.min(NICEST, getPriority() + niceness));
    return true;
  } catch {
    return false; // a container that forbids it: the worker runs as before
  }
}
