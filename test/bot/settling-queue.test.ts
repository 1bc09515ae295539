import { describe, expect, it } from 'vitest';
import { SettlingQueue } from '../../src/bot/publishing/settling-queue';

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
