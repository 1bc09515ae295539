/** Figures every tournament prints: shares with their 95% intervals, percentiles. */

/** Wilson score interval for a proportion, 95% (ties may count as half successes). */
export function wilson(successes: number, trials: number): [number, number] {
  if (trials === 0) return [0, 0];
  const z = 1.959964;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = p + (z * z) / (2 * trials);
  const margin = z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  return [(centre - margin) / denominator, (centre + margin) / denominator];
}

export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

export function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

/** "53.1% (50.9%–55.3%)": a share of wins with its interval. */
export function shareWithInterval(successes: number, trials: number): string {
  const [low, high] = wilson(successes, trials);
  return `${percent(trials ? successes / trials : 0)} (${percent(low)}–${percent(high)})`;
}
