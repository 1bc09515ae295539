import { describe, expect, it } from 'vitest';
import { createGame, FINISH, START, type GameState } from '../../../../src/games/hare/rules/index';
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  boardLayout,
  seatCardRect,
  squareCenter,
  squareRect,
  tokenCenter,
  tokenPlacements,
  type Rect,
} from '../../../../src/games/hare/render/index';

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(rect: Rect, point: { x: number; y: number }, margin = 0): boolean {
  return (
    point.x >= rect.x + margin &&
    point.x <= rect.x + rect.width - margin &&
    point.y >= rect.y + margin &&
    point.y <= rect.y + rect.height - margin
  );
}

function withPositions(seats: number, positions: number[], finishOrder: number[] = []): GameState {
  const state = createGame({ rules: 'standard', seats, seed: 'layout' });
  positions.forEach((position, index) => {
    const seat = state.seats[index];
    if (seat) seat.position = position;
  });
  state.finishOrder = finishOrder;
  finishOrder.forEach((seat, place) => {
    const runner = state.seats[seat];
    if (runner) runner.place = place + 1;
  });
  return state;
}

describe('board layout', () => {
  const boxes = boardLayout();

  it('has all 65 positions in board order, inside the image, without overlaps', () => {
    expect(boxes.map((box) => box.index)).toEqual(Array.from({ length: 65 }, (_, index) => index));
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(BOARD_WIDTH);
      expect(box.y + box.height).toBeLessThanOrEqual(BOARD_HEIGHT);
    }
    for (const a of boxes) for (const b of boxes) if (a.index < b.index) expect(overlaps(a, b)).toBe(false);
  });

  it('winds: each square is next to the one before it, in the same row or straight below', () => {
    for (let index = 2; index < FINISH; index++) {
      const before = squareRect(index - 1);
      const here = squareRect(index);
      const sameRow = before.y === here.y && Math.abs(before.x - here.x) < here.width * 1.2;
      const below = before.x === here.x && here.y > before.y && here.y - before.y < here.height * 1.5;
      expect(sameRow || below, `square ${index}`).toBe(true);
    }
  });

  it('makes the start and the finish wider than a square, so several runners fit', () => {
    expect(squareRect(START).width).toBeGreaterThan(2 * squareRect(1).width);
    expect(squareRect(FINISH).width).toBeGreaterThan(2 * squareRect(1).width);
  });

  it('keeps the seat cards below the track and apart from each other', () => {
    const cards = Array.from({ length: 6 }, (_, seat) => seatCardRect(seat));
    for (const card of cards) {
      for (const box of boxes) expect(overlaps(card, box)).toBe(false);
      expect(card.y + card.height).toBeLessThanOrEqual(BOARD_HEIGHT);
    }
    for (const a of cards) for (const b of cards) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('rejects positions off the board', () => {
    expect(() => squareCenter(65)).toThrow(RangeError);
    expect(() => squareCenter(-1)).toThrow(RangeError);
  });
});

describe('token placement', () => {
  function expectApartAndInside(state: GameState): void {
    const placements = tokenPlacements(state);
    expect(placements.map((p) => p.seat)).toEqual(state.seats.map((_, index) => index));
    for (const placement of placements) {
      const rect = squareRect(state.seats[placement.seat]?.position ?? -1);
      expect(inside(rect, placement.center, placement.radius - 1)).toBe(true);
      expect(placement.radius).toBeGreaterThanOrEqual(15);
      expect(tokenCenter(state, placement.seat)).toEqual(placement.center);
    }
    for (const a of placements) {
      for (const b of placements) {
        if (a.seat >= b.seat) continue;
        const distance = Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y);
        expect(distance).toBeGreaterThanOrEqual(a.radius + b.radius);
      }
    }
  }

  it('shows all six runners on the start, each in its own place', () => {
    expectApartAndInside(withPositions(6, [0, 0, 0, 0, 0, 0]));
  });

  it('shows all six runners on the finish, in finishing order from the left', () => {
    const state = withPositions(6, [64, 64, 64, 64, 64, 64], [3, 0, 5, 1, 4, 2]);
    expectApartAndInside(state);
    const xs = state.finishOrder.map((seat) => tokenCenter(state, seat).x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('keeps a seat in the same place on the start while the others leave', () => {
    const before = tokenCenter(withPositions(4, [0, 0, 0, 0]), 2);
    const after = tokenCenter(withPositions(4, [5, 9, 0, 0]), 2);
    expect(after).toEqual(before);
  });

  // The rules never let two runners share a square between the start and the finish.
  it('centres a lone runner on its square', () => {
    const state = withPositions(3, [17, 30, 0]);
    const lone = tokenCenter(state, 0);
    expect(Math.abs(lone.x - squareCenter(17).x)).toBeLessThan(1);
    expect(Math.abs(lone.y - squareCenter(17).y)).toBeLessThan(10);
    expectApartAndInside(state);
  });

  it('rejects an unknown seat', () => {
    expect(() => tokenCenter(withPositions(2, [0, 0]), 2)).toThrow(RangeError);
  });
});
