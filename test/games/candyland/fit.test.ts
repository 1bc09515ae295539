/**
 * Every text on Candy Land's images is shown whole (never cut with "…") for the names players really have:
 * the computers' short names and long display names. The texts are caught where the canvas draws them.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candylandModule as game } from '../../../src/games/candyland/index';
import { createGame } from '../../../src/games/candyland/rules/game';
import type { GameEvent } from '../../../src/games/candyland/rules/types';
import { draw, playToEnd } from './helpers';
import { loadGameRenderer } from '../../../src/workers/render-pool';

const prototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;
const originalFillText = prototype.fillText;
let drawn: string[] = [];

beforeAll(() => {
  prototype.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    drawn.push(text);
    return originalFillText.call(this, text, x, y, maxWidth);
  };
});

afterAll(() => {
  prototype.fillText = originalFillText;
});

const COMPUTERS = ['Computer 1', 'Computer 2', 'Computer 3', 'Computer 4'].map((name) => ({
  name,
  kind: 'auto',
}));
const PEOPLE = ['Alexandra Whitmore', 'Computer 2', 'Bartholomew Jones', 'Computer 4'].map((name) => ({
  name,
  kind: name.startsWith('Computer') ? 'auto' : 'human',
}));

function cut(): string[] {
  return drawn.filter((text) => text.includes('…'));
}

describe('Candy Land images at their width', () => {
  it('show every seat card whole: the name and where the pawn is, licorice and castle included', async () => {
    const renderer = await loadGameRenderer(game);
    for (const seats of [COMPUTERS, PEOPLE]) {
      const state = createGame({ seats: 4, seed: 'fit' });
      state.positions = [133, 45, 0, 76];
      state.loseTurn = [false, true, false, true];
      state.over = true;
      state.winner = 0;
      drawn = [];
      renderer.board({ state, seats, recentEvents: [], viewerSeat: null });
      expect(drawn).toContain('In the Candy Castle');
      expect(cut()).toEqual([]);
    }
  });

  it('show the headline whole after the busiest turn: licorice, the next lost turn and a reshuffle', async () => {
    const renderer = await loadGameRenderer(game);
    const state = createGame({ seats: 4, seed: 'fit' });
    const turns: GameEvent[][] = [
      [
        { type: 'draw', seat: 1, card: { color: 'blue', count: 1 }, from: 40, landing: 45 },
        { type: 'licorice', seat: 1, space: 45 },
        { type: 'lostTurn', seat: 2 },
        { type: 'reshuffle', cards: 60 },
      ],
      [
        { type: 'draw', seat: 1, card: { picture: 'gingerbread' }, from: 80, landing: 69 },
        { type: 'lostTurn', seat: 2 },
        { type: 'reshuffle', cards: 60 },
      ],
      [
        { type: 'draw', seat: 3, card: { color: 'purple', count: 1 }, from: 0, landing: 4 },
        { type: 'shortcut', seat: 3, name: 'Rainbow Trail', from: 4, to: 60 },
        { type: 'lostTurn', seat: 0 },
      ],
    ];
    for (const events of turns) {
      drawn = [];
      renderer.board({ state: draw(state).state, seats: PEOPLE, recentEvents: events, viewerSeat: null });
      expect(cut()).toEqual([]);
    }
  });

  it('show every name and figure of the summary whole', async () => {
    const renderer = await loadGameRenderer(game);
    for (const seats of [COMPUTERS, PEOPLE]) {
      drawn = [];
      renderer.summary({ state: playToEnd(createGame({ seats: 4, seed: 'fit' })), seats, stoppedBy: null });
      expect(drawn.some((text) => text.startsWith(seats[0]!.name))).toBe(true);
      expect(cut()).toEqual([]);
    }
  });
});
