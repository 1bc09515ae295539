import { describe, expect, it } from 'vitest';
import {
  createGame,
  legalActions,
  type GameEvent,
  type GameState,
} from '../../../../src/games/hare/rules/index';
import {
  boardHeight,
  legendRect,
  BOARD_WIDTH,
  drawBoard,
  renderBoard,
  seatCardRect,
  seatColor,
  squareRect,
  type BoardRenderOptions,
  type SeatDisplay,
} from '../../../../src/games/hare/render/index';
import { canvasImage, countColor, decodePng, isColorAt, regionsDiffer, type Image } from './pixels';
import { readPngHeader } from './png-header';
import { imageReader, misplacedTokens } from './tokens';

const TARGET_RING = '#ffffff';
const COST = '#b3261e';
const GAIN = '#1d7a3a';

const SEATS: SeatDisplay[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Bram', kind: 'novice' },
  { name: 'Cleo', kind: 'intermediate' },
  { name: 'Dario', kind: 'advanced' },
  { name: 'Eun-ji', kind: 'human' },
  { name: 'Farah', kind: 'novice' },
];

function game(rules: 'standard' | 'classic', positions: number[], current = 0): GameState {
  const state = createGame({ rules, seats: positions.length, seed: 'board-test' });
  positions.forEach((position, index) => {
    const seat = state.seats[index];
    if (seat) seat.position = position;
  });
  state.current = current;
  return state;
}

function draw(state: GameState, options: Partial<BoardRenderOptions> = {}): Image {
  return canvasImage(drawBoard(state, { seats: SEATS, ...options }));
}

function expectTokensInTheirColours(state: GameState, image: Image): void {
  expect(misplacedTokens(state, imageReader(image))).toEqual([]);
}

function targetMarked(image: Image, square: number): boolean {
  const rect = squareRect(square);
  return isColorAt(image, rect.x + 1, rect.y + rect.height / 2, TARGET_RING, 6);
}

/** The fill of the cost or gain badge on the bottom edge of a ringed square, at its right end. */
function badgeIs(image: Image, square: number, hex: string): boolean {
  const rect = squareRect(square);
  return isColorAt(image, rect.x + rect.width - 6, rect.y + rect.height - 3, hex, 6);
}

describe('renderBoard', () => {
  it('returns a PNG of the board size whose tokens are in their seat colours', () => {
    const state = game('classic', [0, 7, 12, 64]);
    state.finishOrder = [3];
    (state.seats[3] as { place: number | null }).place = 1;
    const png = renderBoard(state, { seats: SEATS });
    expect(readPngHeader(png)).toMatchObject({ width: BOARD_WIDTH, height: boardHeight(4) });
    expect(png.length).toBeLessThan(500 * 1024);
    expectTokensInTheirColours(state, decodePng(png));
  });

  it('shows six runners on the start and six on the finish in six colours', () => {
    const start = game('standard', [0, 0, 0, 0, 0, 0]);
    expectTokensInTheirColours(start, draw(start));
    const finish = game('standard', [64, 64, 64, 64, 64, 64], 0);
    finish.finishOrder = [5, 4, 3, 2, 1, 0];
    finish.seats.forEach((seat, index) => (seat.place = 6 - index));
    finish.over = true;
    expectTokensInTheirColours(finish, draw(finish));
  });

  it('marks exactly the legal targets of the seat to act, with costs and the tortoise gain', () => {
    const state = game('classic', [20, 3, 40]);
    const image = draw(state);
    const targets = new Set(legalActions(state).flatMap((a) => (a.type === 'move' ? [a.to] : [])));
    expect(targets.has(19)).toBe(true);
    expect(targets.has(21)).toBe(true);
    for (let square = 1; square < 64; square++) {
      expect(targetMarked(image, square), `square ${square}`).toBe(targets.has(square));
    }
    expect(badgeIs(image, 19, GAIN)).toBe(true);
    expect(badgeIs(image, 21, COST)).toBe(true);
  });

  it('hides the targets by default when they would reveal hidden carrots, and shows them to their owner', () => {
    const state = game('standard', [0, 0, 0]);
    expect(targetMarked(draw(state), 2)).toBe(false);
    expect(targetMarked(draw(state, { viewerSeat: 1 }), 2)).toBe(false);
    expect(targetMarked(draw(state, { viewerSeat: 0 }), 2)).toBe(true);
    expect(targetMarked(draw(state, { showTargets: true }), 2)).toBe(true);
    expect(targetMarked(draw(state, { viewerSeat: 0, showTargets: false }), 2)).toBe(false);
    expect(targetMarked(draw(state, { hideCarrots: false }), 2)).toBe(true);
  });

  it('shows a seat its own carrots and hides the others’ under the standard rules', () => {
    const state = game('standard', [4, 9, 13]);
    (state.seats[0] as { carrots: number }).carrots = 31;
    (state.seats[2] as { carrots: number }).carrots = 48;
    const hidden = draw(state, { viewerSeat: 1 });
    const open = draw(state, { viewerSeat: 1, hideCarrots: false });
    expect(regionsDiffer(hidden, open, seatCardRect(0))).toBe(true);
    expect(regionsDiffer(hidden, open, seatCardRect(1))).toBe(false);
    expect(regionsDiffer(hidden, open, seatCardRect(2))).toBe(true);
  });

  it('shows every seat’s carrots once the game is over', () => {
    const state = game('standard', [64, 40, 64]);
    state.over = true;
    state.finishOrder = [0, 2];
    state.seats.forEach((seat, index) => (seat.place = [1, 3, 2][index] ?? null));
    const byDefault = draw(state);
    const open = draw(state, { hideCarrots: false });
    const hidden = draw(state, { hideCarrots: true });
    for (const seat of [0, 1, 2]) {
      expect(regionsDiffer(byDefault, open, seatCardRect(seat))).toBe(false);
      expect(regionsDiffer(byDefault, hidden, seatCardRect(seat))).toBe(true);
    }
  });

  it('highlights the card of the seat to act in its colour', () => {
    const state = game('classic', [3, 5, 8], 1);
    const image = draw(state);
    state.seats.forEach((_, seat) => {
      const card = seatCardRect(seat);
      const onBorder = isColorAt(image, card.x + 2, card.y + card.height / 2, seatColor(seat), 6);
      expect(onBorder, `seat ${seat}`).toBe(seat === 1);
    });
  });

  it('draws the last moves from the recent events: the square left is ringed in the mover’s colour', () => {
    const state = game('classic', [9, 14, 2], 0);
    const moves: GameEvent[] = [
      { type: 'move', seat: 1, from: 5, to: 14, cost: 45, carrotsBefore: 65, carrotsAfter: 20 },
      { type: 'move-back', seat: 0, from: 15, to: 11, gain: 40, carrotsBefore: 10, carrotsAfter: 50 },
    ];
    const withMoves = draw(state, { recentEvents: moves });
    const without = draw(state);
    expect(countColor(withMoves, squareRect(5), seatColor(1))).toBeGreaterThan(60);
    expect(countColor(without, squareRect(5), seatColor(1))).toBe(0);
    expect(countColor(withMoves, squareRect(15), seatColor(0))).toBeGreaterThan(60);
    // The path of the newest move runs through the squares between (13 lies between 15 and 11).
    expect(countColor(withMoves, squareRect(13), seatColor(0))).toBeGreaterThan(20);
    expect(countColor(without, squareRect(13), seatColor(0))).toBe(0);
  });

  it('draws no targets and no seat to act once the game is over', () => {
    const state = game('classic', [64, 30]);
    state.over = true;
    state.finishOrder = [0];
    (state.seats[0] as { place: number | null }).place = 1;
    (state.seats[1] as { place: number | null }).place = 2;
    const image = draw(state, { showTargets: true });
    for (let square = 1; square < 64; square++) expect(targetMarked(image, square)).toBe(false);
    const card = seatCardRect(0);
    expect(isColorAt(image, card.x + 2, card.y + card.height / 2, seatColor(0), 6)).toBe(false);
  });

  it('explains its squares with a key under the seat cards, whatever the seat count', () => {
    for (let seats = 2; seats <= 6; seats++) {
      const state = game(
        'standard',
        Array.from({ length: seats }, () => 0),
      );
      const image = draw(state);
      const key = legendRect(seats);
      expect(key.y).toBeGreaterThanOrEqual(seatCardRect(seats - 1).y + seatCardRect(seats - 1).height);
      expect(key.y + key.height).toBeLessThanOrEqual(boardHeight(seats));
      // The key's card, with its icons and words on it (a fifth of its pixels or more are not the card's).
      const card = countColor(image, key, '#fffdf7');
      expect(card).toBeGreaterThan(key.width * key.height * 0.5);
      expect(card).toBeLessThan(key.width * key.height * 0.95);
    }
  });

  it('copes with missing seat names and an empty event list', () => {
    const state = game('standard', [0, 0, 0, 0]);
    const png = renderBoard(state, { seats: [], recentEvents: [] });
    expect(readPngHeader(png)).toMatchObject({ width: BOARD_WIDTH, height: boardHeight(4) });
  });
});
