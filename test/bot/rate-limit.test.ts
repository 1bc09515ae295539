import { describe, expect, it } from 'vitest';
import { botLimits, loadConfig, serviceLimits } from '../../src/config';
import { SlidingWindow, TokenBuckets } from '../../src/bot/rate-limit';

describe('the token bucket of commands and clicks', () => {
  it('allows a burst, then one more every refill interval, per user', () => {
    let now = 0;
    const buckets = new TokenBuckets(3, 500, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(500);
    expect(buckets.take('b'), 'another user has their own bucket').toBe(0);
    now += 200;
    expect(buckets.take('a'), 'a refused attempt takes nothing').toBe(300);
    now += 300;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(500);
  });

  it('never refuses a steady pace at the refill rate, after any burst', () => {
    let now = 0;
    const buckets = new TokenBuckets(8, 500, () => now);
    for (let i = 0; i < 8; i++) expect(buckets.take('a')).toBe(0);
    for (let i = 0; i < 1000; i++) {
      now += 500;
      expect(buckets.take('a')).toBe(0);
    }
  });

  it('refuses a pace faster than the refill once the burst is spent', () => {
    let now = 0;
    const buckets = new TokenBuckets(8, 500, () => now);
    let allowed = 0;
    for (let i = 0; i < 100; i++) {
      now += 250;
      if (buckets.take('a') === 0) allowed += 1;
    }
    // 8 from the burst, and one per whole 500 ms of the 24.75 s after the first try.
    expect(allowed).toBe(8 + 49);
  });

  it('forgets users who are back to a full bucket once it holds many', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, 100, () => now);
    for (let i = 0; i < 10_001; i++) buckets.take(`user-${i}`);
    now += 1000;
    buckets.take('late');
    expect((buckets as unknown as { buckets: Map<string, unknown> }).buckets.size).toBe(1);
  });
});

describe('the sliding window of simulations', () => {
  it('allows `limit` uses in any window, then says how long until the oldest leaves it', () => {
    let now = 0;
    const window = new SlidingWindow(2, 60_000, () => now);
    expect(window.take('a')).toBe(0);
    now += 10_000;
    expect(window.take('a')).toBe(0);
    now += 5000;
    expect(window.take('a')).toBe(45_000);
    expect(window.take('b')).toBe(0);
    now += 45_000;
    expect(window.take('a')).toBe(0);
    expect(window.take('a')).toBe(10_000);
  });
});

describe('the limit settings', () => {
  it('defaults to limits that are on, and 0 turns each off', () => {
    expect(botLimits(loadConfig({}))).toEqual({ burst: 8, refillMs: 500, simulationsPerMinute: 5 });
    expect(serviceLimits(loadConfig({}))).toEqual({
      maxLobbiesPerUser: 3,
      maxLobbiesPerServer: 25,
      lobbyIdleMs: 15 * 60_000,
    });
    const off = loadConfig({
      RATE_LIMIT_BURST: '0',
      SIMULATIONS_PER_MINUTE: '0',
      MAX_LOBBIES_PER_USER: '0',
      MAX_LOBBIES_PER_SERVER: '0',
      LOBBY_IDLE_MINUTES: '0',
    });
    expect(botLimits(off)).toEqual({ burst: null, refillMs: 500, simulationsPerMinute: null });
    expect(serviceLimits(off)).toEqual({
      maxLobbiesPerUser: null,
      maxLobbiesPerServer: null,
      lobbyIdleMs: null,
    });
  });

  it('refuses a refill interval too short to mean anything, and negative limits', () => {
    expect(() => loadConfig({ RATE_LIMIT_REFILL_MS: '5' })).toThrow(/RATE_LIMIT_REFILL_MS/);
    expect(() => loadConfig({ MAX_LOBBIES_PER_USER: '-1' })).toThrow(/MAX_LOBBIES_PER_USER/);
    expect(() => loadConfig({ LOBBY_IDLE_MINUTES: 'soon' })).toThrow(/LOBBY_IDLE_MINUTES/);
  });
});
