/**
 * Where a flush's board goes in the render pool (src/bot/publishing/flush-images.ts renderOrder): the answer to a
 * move clicked on the board first of all, then the boards people wait for, then the rest.
 */
import { describe, expect, it } from 'vitest';
import { renderOrder } from '../../../src/bot/publishing/flush-images';
import { fakeUpdate } from './fakes';

const computerMoved = fakeUpdate({
  version: 4,
  seat: 1,
  actor: 'computer',
  next: { seat: 0, userId: 'alice' },
});
const computerPassedOn = fakeUpdate({ version: 4, seat: 1, actor: 'computer', next: { seat: 2 } });
const alicePlayed = fakeUpdate({ version: 4, seat: 0, actor: 'user', next: { seat: 1 } });
const started = fakeUpdate({ version: 1, seat: null, actor: null, next: { seat: 0, userId: 'alice' } });

describe('the order of a flush’s board in the render pool', () => {
  it('answers a move clicked on the board before everything else', () => {
    expect(renderOrder(alicePlayed, { drawnVersion: 3 }, false)).toEqual({ urgent: true, answering: true });
  });

  it('draws the board a lobby’s Start waits for with the urgent ones, behind the moves of games under way', () => {
    const computerFirst = fakeUpdate({ version: 1, seat: null, actor: null, next: { seat: 1 } });
    expect(renderOrder(computerFirst, { drawnVersion: null }, false)).toEqual({ urgent: true });
  });

  it('holds a Start that shows the host her first turn for a gap in the answers, as any turn', () => {
    expect(renderOrder(started, { drawnVersion: null }, false)).toEqual({ urgent: true, turn: true });
  });

  it('draws a typed move’s board and a settling board that shows a person her turn as urgent', () => {
    expect(renderOrder(alicePlayed, null, false)).toEqual({ urgent: true });
    expect(renderOrder(computerMoved, null, true)).toEqual({ urgent: true, turn: true });
  });

  it('leaves a computer’s move outside a settling in its order, waiting for a gap in the answers when it shows a person her turn', () => {
    expect(renderOrder(computerMoved, null, false)).toEqual({ turn: true });
    expect(renderOrder(computerPassedOn, null, false)).toBeUndefined();
  });

  it('never holds the board of her typed move, even when it shows her turn again', () => {
    const aliceTyped = fakeUpdate({ version: 4, seat: 0, actor: 'user', next: { seat: 0, userId: 'alice' } });
    expect(renderOrder(aliceTyped, null, false)).toEqual({ urgent: true });
  });
});
