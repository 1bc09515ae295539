import { afterEach, describe, expect, it, vi } from 'vitest';
import { StallWatch } from '../scripts/bench-scale/diagnosis';

afterEach(() => vi.useRealTimers());

describe("bench:scale's stall watch", () => {
  it('calls a run stalled once its mark of progress has stayed the same for the quiet time', () => {
    vi.useFakeTimers({ now: 0 });
    const watch = new StallWatch(60_000);
    expect(watch.stalled(5)).toBe(false);
    vi.setSystemTime(59_000);
    expect(watch.stalled(5)).toBe(false);
    // A game ended: the quiet time starts again.
    expect(watch.stalled(4)).toBe(false);
    vi.setSystemTime(118_000);
    expect(watch.stalled(4)).toBe(false);
    vi.setSystemTime(119_000);
    expect(watch.stalled(4)).toBe(true);
  });
});
