import { describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../../src/games/contract';
import { scratchCanvas } from '../../../src/games/draw/scratch-canvas';
import { GAMES } from '../../../src/games/index';
import { randomlyPlayed } from '../../support/random-play';
import { loadGameRenderer } from '../../../src/workers/render-pool';

describe('scratchCanvas', () => {
  it('gives the same canvas again for a size, blank and in its default state', () => {
    const first = scratchCanvas(20, 10);
    const ctx = first.getContext('2d');
    ctx.translate(5, 5);
    ctx.globalAlpha = 0.5;
    ctx.fillStyle = 'red';
    ctx.font = '30px serif';
    ctx.fillRect(0, 0, 10, 5);

    const again = scratchCanvas(20, 10);
    expect(again).toBe(first);
    expect([...again.data()].every((byte) => byte === 0)).toBe(true);
    const reset = again.getContext('2d');
    expect(reset.globalAlpha).toBe(1);
    expect(reset.fillStyle).toBe('#000000');
    expect(reset.font).toBe('10px sans-serif');
    expect(reset.getTransform().e).toBe(0);
  });

  it('keeps a canvas per size, forgetting the least recently used beyond eight sizes', () => {
    const kept = scratchCanvas(30, 30);
    for (let other = 0; other < 7; other++) scratchCanvas(40 + other, 40);
    expect(scratchCanvas(30, 30)).toBe(kept); // eight sizes: all kept, and this one is now the latest used
    for (let other = 0; other < 7; other++) scratchCanvas(60 + other, 40);
    expect(scratchCanvas(30, 30)).toBe(kept);
    for (let other = 0; other < 8; other++) scratchCanvas(80 + other, 40);
    expect(scratchCanvas(30, 30)).not.toBe(kept);
  });
});

function seatViews(count: number): SeatView[] {
  return Array.from({ length: count }, (_, seat) => ({ name: `Player ${seat + 1}`, kind: 'human' as const }));
}

function boardAfter(module: AnyGameModule, actions: number) {
  const { state, events } = randomlyPlayed(module, actions, `scratch:${module.key}`);
  return { state, seats: seatViews(module.seats.max), recentEvents: events, viewerSeat: 0 };
}

describe.each(GAMES.all.map((module) => [module.key, module] as const))('%s boards', (_key, module) => {
  it('come out the same on a reused canvas as on the first one drawn', async () => {
    const renderer = await loadGameRenderer(module);
    const early = boardAfter(module, 3);
    const late = boardAfter(module, 30);
    const firstEarly = Buffer.from(renderer.board(early));
    const firstLate = Buffer.from(renderer.board(late));
    expect(firstLate.equals(firstEarly)).toBe(false);
    expect(Buffer.from(renderer.board(early)).equals(firstEarly)).toBe(true);
    expect(Buffer.from(renderer.board(late)).equals(firstLate)).toBe(true);
  });
});
