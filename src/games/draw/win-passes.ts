/**
 * Play-outs for a win story, bounded in time: pass g plays game g from every point of the story (so every
 * point has the same number of play-outs, and play-out g meets the same dice from every point), until the
 * wanted passes ran or the time bound is passed. The bound is checked between passes, after at least one:
 * on a quiet machine the wanted passes end well within it and the same game's story is the same every time
 * it is drawn; on a busy one the story comes with fewer play-outs rather than late.
 */
export interface PassBudget {
  /** Passes wanted. */
  passes: number;
  /** No pass begins after this many milliseconds. */
  timeMs: number;
  /** The clock (tests may stub it). */
  now?: () => number;
}

/** Runs `pass(0)`, `pass(1)`, … within `budget`; returns the passes run (at least one). */
export function runPasses(budget: PassBudget, pass: (game: number) => void): number {
  const now = budget.now ?? (() => performance.now());
  const started = now();
  let run = 0;
  while (run < Math.max(1, budget.passes)) {
    if (run > 0 && now() - started >= budget.timeMs) break;
    pass(run);
    run++;
  }
  return run;
}
