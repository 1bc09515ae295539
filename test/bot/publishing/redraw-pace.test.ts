import { describe, expect, it } from 'vitest';
import { RedrawPace } from '../../../src/bot/publishing/redraw-pace';
import type { PublicUpdate } from '../../../src/service/index';

const OPTIONS = { coalesceMs: 250, readingMs: 1000, quietRedrawMs: 3000 };

/** An update of game g1 with these seats, this actor, and the next seat's kind. */
function update(
  people: boolean,
  actor: 'user' | 'computer',
  next: 'human' | 'computer' | null,
  finished = false,
): PublicUpdate {
  const seats = [
    { index: 0, kind: people ? 'human' : 'computer', left: false },
    { index: 1, kind: 'computer', left: false },
  ];
  return {
    game: { id: 'g1', seats },
    actor: { kind: actor },
    next: next === null ? null : { seat: 1, human: next === 'human' },
    finished,
  } as unknown as PublicUpdate;
}

describe('the pace of a game’s redraws', () => {
  it('draws a person’s own move at once, and the board a person is to act on after the short window', () => {
    const pace = new RedrawPace(OPTIONS);
    pace.drawn('g1', 1000);
    expect(pace.delay(update(true, 'user', 'computer'), 1100)).toBe(0);
    expect(pace.delay(update(true, 'computer', 'human'), 1100)).toBe(250);
  });

  it('draws computer moves in a row at most once per reading time, and a game of computers every few seconds', () => {
    const pace = new RedrawPace(OPTIONS);
    expect(pace.delay(update(true, 'computer', 'computer'), 1000)).toBe(250);
    pace.drawn('g1', 1000);
    expect(pace.delay(update(true, 'computer', 'computer'), 1200)).toBe(800);
    expect(pace.delay(update(false, 'computer', 'computer'), 1200)).toBe(2800);
    expect(pace.delay(update(false, 'computer', 'computer'), 9000)).toBe(250);
  });

  it('draws the last board soon, whatever the pace', () => {
    const pace = new RedrawPace(OPTIONS);
    pace.drawn('g1', 1000);
    expect(pace.delay(update(false, 'computer', null, true), 1100)).toBe(250);
  });
});
