import { afterAll, describe, expect, it } from 'vitest';
import { createTaskPool } from '../../src/workers/task-pool';

const pool = createTaskPool<string, boolean>({
  name: 'loop turn',
  entry: new URL('./fixtures/loop-turn-worker.ts', import.meta.url),
  runInline: () => {
    throw new Error('the worker must start');
  },
  workers: 1,
});

afterAll(() => pool.close());

describe('a worker serving requests', () => {
  // The canvas library frees the native memory of collected images on the worker's event loop: a worker that
  // never returns to it under constant load keeps gigabytes.
  it('returns to its event loop between requests, even with many queued at once', async () => {
    expect(await pool.run('warm up')).toBe(true);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => pool.run(`request ${i}`)));
    expect(answers.filter((turned) => !turned)).toHaveLength(0);
    expect(answers).toHaveLength(50);
  });

  it('answers requests in the order they came', async () => {
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool.run(`request ${i}`).then(() => order.push(i))),
    );
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

/** A pool of one worker from fixtures/ that answers with each request. */
function echoPool(name: string, fixture: string) {
  const pool = createTaskPool<string, string>({
    name,
    entry: new URL(`./fixtures/${fixture}`, import.meta.url),
    runInline: () => {
      throw new Error('the worker must start');
    },
    workers: 1,
  });
  afterAll(() => pool.close());
  return pool;
}

describe('urgent requests', () => {
  const slow = echoPool('slow echo', 'slow-echo-worker.ts');

  it('go before the queued requests that are not urgent, each kind in its order', async () => {
    await slow.run('warm up');
    const finished: string[] = [];
    const run = (name: string, urgent = false) =>
      slow.run(name, urgent ? { urgent } : undefined).then((answer) => finished.push(answer));
    const background = Array.from({ length: 6 }, (_, i) => run(`background ${i}`));
    const urgent = [run('urgent 0', true), run('urgent 1', true)];
    await Promise.all([...background, ...urgent]);
    // At most the first background request was begun when the urgent ones came.
    const firstUrgent = finished.indexOf('urgent 0');
    expect(firstUrgent).toBeLessThanOrEqual(1);
    expect(finished[firstUrgent + 1]).toBe('urgent 1');
    expect(finished.filter((name) => name.startsWith('background'))).toEqual(
      Array.from({ length: 6 }, (_, i) => `background ${i}`),
    );
  });

  it('wait behind the answers Discord waits for, which go first of all', async () => {
    await slow.run('warm up');
    const finished: string[] = [];
    const run = (name: string, options?: { urgent?: boolean; answering?: boolean }) =>
      slow.run(name, options).then((answer) => finished.push(answer));
    const queued = [
      run('background 0'),
      run('background 1'),
      run('urgent 0', { urgent: true }),
      run('urgent 1', { urgent: true }),
      run('answer 0', { urgent: true, answering: true }),
      run('answer 1', { answering: true }),
    ];
    await Promise.all(queued);
    // At most the first background request was begun when the others came.
    const served = finished.filter((name) => name !== 'background 0');
    expect(served.slice(0, 4)).toEqual(['answer 0', 'answer 1', 'urgent 0', 'urgent 1']);
    expect(finished.indexOf('background 1')).toBe(finished.length - 1);
  });
});

describe('a person’s turn', () => {
  const quiet = echoPool('quiet echo', 'quiet-echo-worker.ts');
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  it('waits for a gap in the answers, while the requests nobody waits for go on', async () => {
    await quiet.run('warm up');
    const finished: string[] = [];
    const run = (name: string, options?: { urgent?: boolean; answering?: boolean; turn?: boolean }) =>
      quiet.run(name, options).then((answer) => finished.push(answer));
    const asked = Date.now();
    let turnShown = 0;
    await Promise.all([
      run('answer 0', { answering: true }),
      run('turn 0', { urgent: true, turn: true }).then(() => (turnShown = Date.now())),
      run('background 0'),
    ]);
    expect(finished).toEqual(['answer 0', 'background 0', 'turn 0']);
    expect(turnShown - asked).toBeGreaterThanOrEqual(400);
  });

  it('is held again by every answer, and goes in its lane’s order once the answers are quiet', async () => {
    await sleep(450);
    const finished: string[] = [];
    const run = (name: string, options?: { urgent?: boolean; answering?: boolean; turn?: boolean }) =>
      quiet.run(name, options).then((answer) => finished.push(answer));
    const quietTurns = [run('turn 1', { urgent: true, turn: true }), run('background 1')];
    await Promise.all(quietTurns);
    expect(finished).toEqual(['turn 1', 'background 1']);
    // An answer asked for 200 ms into the hold starts the quiet time again.
    const held = [run('answer 1', { answering: true }), run('turn 2', { turn: true })];
    await sleep(200);
    const asked = Date.now();
    let turnShown = 0;
    await Promise.all([
      ...held,
      run('answer 2', { answering: true }),
      finishedAfter('turn 2', finished).then(() => (turnShown = Date.now())),
    ]);
    expect(finished.slice(2)).toEqual(['answer 1', 'answer 2', 'turn 2']);
    expect(turnShown - asked).toBeGreaterThanOrEqual(380);
  });

  it('goes a few at a time: a burst of turns holds the next ones as an answer does', async () => {
    const finished: string[] = [];
    const shownAt = new Map<string, number>();
    const run = (name: string, options?: { answering?: boolean; turn?: boolean }) =>
      quiet.run(name, options).then((answer) => {
        finished.push(answer);
        shownAt.set(answer, Date.now());
      });
    await Promise.all([
      run('answer 3', { answering: true }),
      run('turn 3', { turn: true }),
      run('turn 4', { turn: true }),
      run('turn 5', { turn: true }),
      run('background 2'),
    ]);
    expect(finished).toEqual(['answer 3', 'background 2', 'turn 3', 'turn 4', 'turn 5']);
    // Two turns (the fixture's turnsPerQuiet) go together once the answers are quiet; the third waits the quiet
    // time again (400 ms from the second's start: here heard of as it ends, less this thread's delays; 20 ms
    // after the second without the limit).
    expect(shownAt.get('turn 4')! - shownAt.get('turn 3')!).toBeLessThan(200);
    expect(shownAt.get('turn 5')! - shownAt.get('turn 4')!).toBeGreaterThanOrEqual(300);
  });
});

/** Resolves once `name` is in `finished`. */
async function finishedAfter(name: string, finished: string[]): Promise<void> {
  while (!finished.includes(name)) await new Promise((done) => setTimeout(done, 5));
}
