import { describe, expect, it } from 'vitest';
import { SettlingQueue } from '../../src/bot/publishing/settling-queue';
import { FakeClock } from '../../src/service/index';

/** A job that takes a few milliseconds and notes how many jobs ran at the same time. */
function pacedJobs() {
  const seen = { inFlight: 0, most: 0, runs: [] as string[] };
  const job = async (key: string) => {
    seen.inFlight += 1;
    seen.most = Math.max(seen.most, seen.inFlight);
    seen.runs.push(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.inFlight -= 1;
  };
  return { seen, job };
}

describe('the settling queue', () => {
  it('runs every key with at most `concurrency` jobs at once', async () => {
    const { seen, job } = pacedJobs();
    const queue = new SettlingQueue(3, job, () => {});
    const keys = Array.from({ length: 40 }, (_, i) => `game-${i}`);
    for (const key of keys) queue.add(key);
    expect(seen.inFlight).toBe(3);
    await queue.idle();
    expect(seen.most).toBe(3);
    expect(seen.runs).toEqual(keys);
    expect(queue.isIdle()).toBe(true);
  });

  it('begins at most one paced job per gap, however many may run at once, the others in their order', async () => {
    const clock = new FakeClock();
    const start = clock.now();
    const began: string[] = [];
    const queue = new SettlingQueue(
      8,
      async (key) => void began.push(`${key}@${clock.now() - start}`),
      () => {},
      () => {},
      { gapMs: 20, clock },
    );
    queue.add('computers 0');
    for (let i = 0; i < 3; i++) queue.add(`person ${i}`, true, true);
    queue.add('computers 1');
    // The first of each began at once; the other people's channels wait their gap, the computers' one behind them.
    expect(began).toEqual(['computers 0@0', 'person 0@0']);
    await clock.advance(19);
    expect(began).toHaveLength(2);
    await clock.advance(1);
    expect(began.slice(2)).toEqual(['person 2@20']);
    await clock.advance(100);
    expect(began.slice(2)).toEqual(['person 2@20', 'person 1@40', 'computers 1@40']);
    await queue.idle();
    // A paced key added after a quiet while begins at once.
    await clock.advance(500);
    queue.add('later', false, true);
    expect(began.at(-1)).toBe('later@620');
    queue.stop();
  });

  it('runs a key put first ahead of every key waiting', async () => {
    const { seen, job } = pacedJobs();
    const queue = new SettlingQueue(1, job, () => {});
    for (const key of ['a', 'b', 'c']) queue.add(key);
    queue.add('person', true);
    queue.add('c', true);
    await queue.idle();
    expect(seen.runs).toEqual(['a', 'c', 'person', 'b']);
  });

  it('keeps one turn per waiting key, and runs a key added while it runs once more', async () => {
    const { seen, job } = pacedJobs();
    const queue = new SettlingQueue(1, job, () => {});
    queue.add('a');
    queue.add('b');
    queue.add('b');
    queue.add('a');
    queue.add('a');
    await queue.idle();
    expect(seen.runs).toEqual(['a', 'b', 'a']);
  });

  it('reports a failed job and goes on with the others', async () => {
    const failures: string[] = [];
    const ran: string[] = [];
    const queue = new SettlingQueue(
      2,
      async (key) => {
        if (key === 'bad') throw new Error('no channel');
        ran.push(key);
      },
      (key, error) => failures.push(`${key}: ${(error as Error).message}`),
    );
    for (const key of ['x', 'bad', 'y', 'z']) queue.add(key);
    await queue.idle();
    expect(failures).toEqual(['bad: no channel']);
    expect(ran).toEqual(['x', 'y', 'z']);
  });

  it('drops what waits once stopped', async () => {
    const { seen, job } = pacedJobs();
    const queue = new SettlingQueue(1, job, () => {});
    for (const key of ['a', 'b', 'c']) queue.add(key);
    queue.stop();
    queue.add('d');
    await queue.idle();
    expect(seen.runs).toEqual(['a']);
  });
});
