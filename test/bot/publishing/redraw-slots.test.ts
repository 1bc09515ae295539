import { describe, expect, it } from 'vitest';
import { redrawKind, RedrawSlots, type Release } from '../../../src/bot/publishing/redraw-slots';
import { GameFeed } from '../../../src/bot/publishing/game-feed';
import { FakeClock, type PublicUpdate } from '../../../src/service/index';
import { fakeUpdate, settle } from './fakes';

/** Enters a redraw and records when it got its slot (or gave up its wait). */
function entered(slots: RedrawSlots, gameId: string, kind: 'mover' | 'turn' | 'background', log: string[]) {
  const entry = { release: null as Release | null };
  void slots.enter(gameId, kind).then((release) => {
    log.push(release ? gameId : `${gameId} gave up`);
    entry.release = release;
  });
  return entry;
}

describe('the cap on background redraws', () => {
  it('runs at most `cap` background redraws at once, the rest in turn as slots free', async () => {
    const slots = new RedrawSlots(2);
    const log: string[] = [];
    const [a, b] = ['a', 'b', 'c', 'd'].map((id) => entered(slots, id, 'background', log));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(slots.waiting).toBe(2);
    a!.release!();
    a!.release!(); // a second call frees nothing more
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(slots.busy).toBe(2);
    b!.release!();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never holds back a person’s own move or a board showing a person their turn', async () => {
    const slots = new RedrawSlots(1);
    const log: string[] = [];
    const first = entered(slots, 'busy', 'background', log);
    entered(slots, 'computers', 'background', log);
    entered(slots, 'turn', 'turn', log);
    entered(slots, 'mover', 'mover', log);
    await settle();
    expect(log).toEqual(['busy', 'turn', 'mover']);
    expect(slots.busy).toBe(1);
    first.release!();
    await settle();
    expect(log).toEqual(['busy', 'turn', 'mover', 'computers']);
  });

  it('gives up a wait when the game’s next board is one a person waits for', async () => {
    const slots = new RedrawSlots(1);
    const log: string[] = [];
    const first = entered(slots, 'busy', 'background', log);
    entered(slots, 'x', 'background', log);
    entered(slots, 'y', 'background', log);
    entered(slots, 'clicked', 'background', log);
    entered(slots, 'z', 'background', log);
    await settle();
    slots.hurry('x', 'background');
    slots.hurry('y', 'turn');
    slots.hurry('clicked', 'mover');
    await settle();
    expect(log).toEqual(['busy', 'y gave up', 'clicked gave up']);
    first.release!();
    await settle();
    expect(log).toEqual(['busy', 'y gave up', 'clicked gave up', 'x']);
    slots.stop();
    await settle();
    expect(log).toEqual(['busy', 'y gave up', 'clicked gave up', 'x', 'z gave up']);
    expect(await slots.enter('later', 'background')).toBeNull();
  });

  it('with a cap of 0, lets every redraw begin at once', async () => {
    const slots = new RedrawSlots(0);
    const log: string[] = [];
    for (const id of ['a', 'b', 'c']) entered(slots, id, 'background', log);
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('tells the kinds apart', () => {
    const update = (actor: 'user' | 'computer', next: boolean | null, finished = false, seated = true) =>
      ({
        game: { id: 'g', seats: [{ kind: seated ? 'human' : 'computer', left: false }] },
        actor: { kind: actor },
        next: next === null ? null : { seat: 0, human: next },
        finished,
      }) as unknown as PublicUpdate;
    expect(redrawKind(update('user', false), false)).toBe('mover');
    expect(redrawKind(update('computer', false), true)).toBe('mover');
    expect(redrawKind(update('computer', true), false)).toBe('turn');
    expect(redrawKind(update('computer', null, true), false)).toBe('turn');
    expect(redrawKind(update('computer', null, true, false), false)).toBe('background');
    expect(redrawKind(update('computer', false), false)).toBe('background');
  });
});

describe('a game feed waiting for its slot', () => {
  it('gathers the moves offered meanwhile into the one redraw, and draws again when the wait is given up', async () => {
    const clock = new FakeClock(0);
    const slots = new RedrawSlots(1);
    const hold = await slots.enter('other', 'background');
    const flushed: number[] = [];
    const feed = new GameFeed(
      clock,
      { recentLines: 3, retryMs: 100, maxRetryMs: 350, pausedRetryMs: 10_000 },
      {
        admit: () => slots.enter('g1', 'background'),
        flush: async (batch) => {
          flushed.push(batch.update.game.version);
          return 'published';
        },
        earlierLines: async () => [],
        settled: () => {},
        finished: () => {},
        crashed: () => {},
      },
    );
    feed.offer(fakeUpdate({ version: 2 }), 10);
    await clock.advance(10);
    await settle();
    expect(feed.state).toBe('flushing');
    feed.offer(fakeUpdate({ version: 3 }), 10);
    feed.offer(fakeUpdate({ version: 4 }), 10);
    hold!();
    await settle();
    expect(flushed).toEqual([4]);
    expect(feed.state).toBe('idle');

    // Waiting again; the wait given up (a person's move came): the batch is kept and its timer armed again.
    const again = await slots.enter('other', 'background');
    feed.offer(fakeUpdate({ version: 5 }), 10);
    await clock.advance(10);
    await settle();
    slots.cancel('g1');
    await settle();
    expect(feed.state).toBe('waiting');
    again!();
    await clock.advance(10);
    await settle();
    expect(flushed).toEqual([4, 5]);
  });

  it('frees its slot once its board is drawn, while its flush still waits on Discord', async () => {
    const clock = new FakeClock(0);
    const slots = new RedrawSlots(1);
    const settings = { recentLines: 3, retryMs: 100, maxRetryMs: 350, pausedRetryMs: 10_000 };
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const feedOf = (gameId: string, flush: (rendered: () => void) => Promise<'published'>) =>
      new GameFeed(clock, settings, {
        admit: () => slots.enter(gameId, 'background'),
        flush: (_, rendered) => flush(rendered),
        earlierLines: async () => [],
        settled: () => {},
        finished: () => {},
        crashed: () => {},
      });
    // Drawn, then waiting for Discord's answer (a timeout, a reset connection) with its slot given back.
    const waiting = feedOf('waiting', async (rendered) => {
      rendered();
      await answered;
      return 'published';
    });
    const drawn: string[] = [];
    const other = feedOf('other', async (rendered) => {
      rendered();
      drawn.push('other');
      return 'published';
    });
    waiting.offer(fakeUpdate({ version: 2, game: { id: 'waiting' } }), 10);
    await clock.advance(10);
    await settle();
    expect(waiting.state).toBe('flushing');
    other.offer(fakeUpdate({ version: 2, game: { id: 'other' } }), 10);
    await clock.advance(10);
    await settle();
    expect(drawn).toEqual(['other']);
    expect(slots.busy).toBe(0);
    expect(waiting.state).toBe('flushing');
    answer();
    await settle();
    expect(waiting.state).toBe('idle');
  });
});
