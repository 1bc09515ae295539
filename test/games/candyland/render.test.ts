import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { applyAction, createGame } from '../../../src/games/candyland/rules/game';
import { simulate } from '../../../src/games/candyland/simulate';
import { cellRect, pawnSpots } from '../../../src/games/candyland/render/layout';
import { seatColor } from '../../../src/games/draw/palette';
import type { GameEvent, GameState } from '../../../src/games/candyland/rules/types';

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
    const renderer = await game.loadRenderer();
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
    const renderer = await game.loadRenderer();
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

  it('lays out 134 distinct cells and keeps shared pawns apart', () => {
    const keys = new Set(
      Array.from({ length: 134 }, (_, space) => `${cellRect(space).x},${cellRect(space).y}`),
    );
    expect(keys.size).toBe(134);
    const spots = pawnSpots(50, 4).map((s) => `${s.at.x},${s.at.y}`);
    expect(new Set(spots).size).toBe(4);
  });
});
