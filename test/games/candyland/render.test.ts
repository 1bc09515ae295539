import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { applyAction, createGame } from '../../../src/games/candyland/rules/game';
import { simulate } from '../../../src/games/candyland/simulate';
import {
  BOARD_WIDTH,
  BRIDGES,
  PATH_LENGTH,
  PATH_WIDTH,
  STEP,
  TRACK_BOTTOM,
  cellCenter,
  pawnSpots,
  pointAt,
} from '../../../src/games/candyland/render/layout';
import { bend } from '../../../src/games/candyland/render/track-view';
import { CASTLE, SHORTCUTS } from '../../../src/games/candyland/rules/track';
import { PAGE, seatColor } from '../../../src/games/draw/palette';
import type { GameEvent, GameState } from '../../../src/games/candyland/rules/types';
import { loadGameRenderer } from '../../../src/workers/render-pool';

const seats = ['Ada', 'Bo', 'Cy', 'Di'].map((name) => ({ name, kind: 'human' }));

function decode(png: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(png));
}

function play(seed: string, draws: number): { state: GameState; events: GameEvent[] } {
  let state = createGame({ seats: 4, seed });
  let events: GameEvent[] = [];
  for (let i = 0; i < draws && !state.over; i++) ({ state, events } = applyAction(state, { type: 'draw' }));
  return { state, events };
}

describe('the renderer', () => {
  it('draws the board, the summary and the simulation as opaque PNGs about 800 px wide', async () => {
    const renderer = await loadGameRenderer(game);
    const { state, events } = play('render', 9);
    const board = decode(renderer.board({ state, seats, recentEvents: events, viewerSeat: null }));
    expect(board.width).toBe(800);
    let end = state;
    while (!end.over) end = applyAction(end, { type: 'draw' }).state;
    const summary = decode(renderer.summary({ state: end, seats, stoppedBy: null }));
    expect(summary.width).toBe(800);
    const stopped = renderer.summary({ state: end, seats, stoppedBy: 'Bo' });
    expect(
      Buffer.from(stopped).equals(Buffer.from(renderer.summary({ state: end, seats, stoppedBy: null }))),
    ).toBe(false);
    const result = simulate({ seats: 3, games: 300, seed: 'img' });
    const tool = decode(renderer.tool!({ kind: 'candyland-simulation', result }));
    expect(tool.width).toBe(800);
    for (const image of [board, summary, tool]) expect(image.data[3]).toBe(255);
  });

  it('shows every pawn, even four on one space, in its seat colour', async () => {
    const renderer = await loadGameRenderer(game);
    const state = createGame({ seats: 4, seed: 'shared' });
    state.positions = [50, 50, 50, 50];
    const image = decode(renderer.board({ state, seats, recentEvents: [], viewerSeat: null }));
    pawnSpots(50, 4).forEach((spot, seat) => {
      const x = Math.round(spot.at.x - spot.radius * 0.55);
      const y = Math.round(spot.at.y);
      const offset = (y * image.width + x) * 4;
      const hex = `#${[0, 1, 2].map((i) => image.data[offset + i]!.toString(16).padStart(2, '0')).join('')}`;
      expect(hex.toUpperCase(), `seat ${seat}`).toBe(seatColor(seat).toUpperCase());
    });
  });

  it('keeps shared pawns apart on a space', () => {
    const spots = pawnSpots(50, 4).map((s) => `${s.at.x},${s.at.y}`);
    expect(new Set(spots).size).toBe(4);
  });
});

describe('the candy path', () => {
  const spaces = Array.from({ length: CASTLE + 1 }, (_, space) => space);
  const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y);

  function pixel(image: PNG, at: { x: number; y: number }): string {
    const offset = (Math.round(at.y) * image.width + Math.round(at.x)) * 4;
    return `#${[0, 1, 2].map((i) => image.data[offset + i]!.toString(16).padStart(2, '0')).join('')}`;
  }

  async function emptyBoard(): Promise<PNG> {
    const renderer = await loadGameRenderer(game);
    const state = createGame({ seats: 2, seed: 'path' });
    state.positions = [0, 0];
    return decode(renderer.board({ state, seats: seats.slice(0, 2), recentEvents: [], viewerSeat: null }));
  }

  it('joins every space to the next one along the path, and keeps the others apart', () => {
    for (const space of spaces.slice(0, -1)) {
      const step = distance(cellCenter(space), cellCenter(space + 1));
      expect(step, `from ${space} to ${space + 1}`).toBeLessThanOrEqual(STEP + 0.01);
      expect(step, `from ${space} to ${space + 1}`).toBeGreaterThan(STEP * 0.85);
    }
    for (const a of spaces)
      for (const b of spaces.filter((b) => b > a + 1))
        expect(distance(cellCenter(a), cellCenter(b)), `${a} and ${b}`).toBeGreaterThan(PATH_WIDTH);
    for (const space of spaces) {
      const { x, y } = cellCenter(space);
      expect(x - PATH_WIDTH / 2, `space ${space}`).toBeGreaterThanOrEqual(0);
      expect(x + PATH_WIDTH / 2, `space ${space}`).toBeLessThanOrEqual(BOARD_WIDTH);
      expect(y + PATH_WIDTH / 2, `space ${space}`).toBeLessThanOrEqual(TRACK_BOTTOM);
    }
  });

  it('draws the path without a break from the start to the castle, with the page between its lanes', async () => {
    const image = await emptyBoard();
    for (let along = 0; along <= PATH_LENGTH; along += 2)
      expect(pixel(image, pointAt(along)), `${along} px along the path`).not.toBe(PAGE.toLowerCase());
    // Midway between the first two lanes, in the middle of the board, is the page: the lanes are apart.
    const between = { x: BOARD_WIDTH / 2, y: (cellCenter(0).y + cellCenter(20).y) / 2 };
    expect(pixel(image, between)).toBe(PAGE.toLowerCase());
  });

  it('draws each shortcut as a bridge from its space to its end space', async () => {
    const image = await emptyBoard();
    expect(BRIDGES.map((b) => b.shortcut)).toEqual(SHORTCUTS);
    for (const { shortcut, route } of BRIDGES) {
      expect(route[0]).toEqual(cellCenter(shortcut.from));
      expect(route.at(-1)).toEqual(cellCenter(shortcut.to));
    }
    const [rainbow, gumdrop] = BRIDGES;
    const [from, to] = [rainbow!.route[0]!, rainbow!.route.at(-1)!];
    const via = bend(from, to, PATH_WIDTH * 0.9);
    const top = { x: (from.x + 2 * via.x + to.x) / 4, y: (from.y + 2 * via.y + to.y) / 4 };
    const rainbowColors = ['#f2c230', '#3a9e4a', '#2e6fd8', '#f08a24', '#7b4fb3', '#d7263d'];
    expect(rainbowColors).toContain(pixel(image, top));
    // The Gumdrop Pass runs between two lanes, where the page shows otherwise.
    const [, corner, otherCorner] = gumdrop!.route;
    const middle = { x: (corner!.x + otherCorner!.x) / 2, y: corner!.y };
    expect(['#e0457b', '#ffffff']).toContain(pixel(image, middle));
  });
});
