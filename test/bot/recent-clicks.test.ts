import { describe, expect, it } from 'vitest';
import { RecentClicks } from '../../src/bot/recent-clicks';

describe('RecentClicks', () => {
  it("counts a player's second click on the same board version within the window only", () => {
    let now = 1000;
    const clicks = new RecentClicks(() => now, 5000);
    clicks.note('alice', 'g1', 3);
    expect(clicks.isRepeated('alice', 'g1', 3)).toBe(false);
    clicks.note('bob', 'g1', 3);
    clicks.note('alice', 'g1', 4);
    expect(clicks.isRepeated('alice', 'g1', 3), 'another player, another version').toBe(false);
    now += 1000;
    clicks.note('alice', 'g1', 3);
    expect(clicks.isRepeated('alice', 'g1', 3)).toBe(true);
    now += 6000;
    clicks.note('alice', 'g1', 3);
    expect(clicks.isRepeated('alice', 'g1', 3), 'a click long after is not a double click').toBe(false);
  });
});
