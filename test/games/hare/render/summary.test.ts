import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../../src/games/hare/computer/index';
import { applyAction, createGame, seedRng, type GameState } from '../../../../src/games/hare/rules/index';
import {
  drawSummary,
  renderSummary,
  seatColor,
  summaryHeight,
  SUMMARY_WIDTH,
  summaryLayout,
  type SeatDisplay,
} from '../../../../src/games/hare/render/index';
import { canvasImage, countColor, decodePng, isColorAt } from './pixels';
import { readPngHeader } from './png-header';

const SEATS: SeatDisplay[] = ['Ada', 'Bram', 'Cleo', 'Dario', 'Eun-ji', 'Farah'].map((name) => ({
  name,
  kind: 'novice',
}));

function playedGame(rules: 'standard' | 'classic', seats: number, seed: string): GameState {
  let state = createGame({ rules, seats, seed, turnLimit: 300 });
  const rng = seedRng(`${seed}-ai`);
  while (!state.over) state = applyAction(state, chooseAction(state, 'novice', rng)).state;
  return state;
}

describe('renderSummary', () => {
  it('returns a PNG of the summary size under 500 KB', () => {
    const png = renderSummary(playedGame('standard', 6, 'summary-size'), { seats: SEATS });
    expect(readPngHeader(png)).toMatchObject({ width: SUMMARY_WIDTH, height: summaryHeight(6) });
    expect(png.length).toBeLessThan(500 * 1024);
  });

  it('lists the seats by finishing place, each row with its seat’s token colour', () => {
    for (const [rules, seats] of [
      ['standard', 5],
      ['classic', 4],
    ] as const) {
      const state = playedGame(rules, seats, `summary-order-${rules}`);
      const image = decodePng(renderSummary(state, { seats: SEATS }));
      const byPlace = state.seats
        .map((seat, index) => ({ index, place: seat.place ?? 99 }))
        .sort((a, b) => a.place - b.place || a.index - b.index);
      summaryLayout(seats).rowTokens.forEach((center, row) => {
        const seat = byPlace[row]?.index ?? -1;
        expect(isColorAt(image, center.x - 7, center.y, seatColor(seat)), `row ${row}`).toBe(true);
      });
    }
  });

  it('draws every seat’s line in its colour on both charts', () => {
    const state = playedGame('standard', 6, 'summary-lines');
    const image = canvasImage(drawSummary(state, { seats: SEATS }));
    const layout = summaryLayout(6);
    for (let seat = 0; seat < 6; seat++) {
      expect(
        countColor(image, layout.positionPlot, seatColor(seat)),
        `position, seat ${seat}`,
      ).toBeGreaterThan(150);
      expect(countColor(image, layout.carrotPlot, seatColor(seat)), `carrots, seat ${seat}`).toBeGreaterThan(
        150,
      );
    }
  });

  it('puts the lines at the history values: position on a 0–64 axis, more carrots higher up', () => {
    const state = createGame({ rules: 'classic', seats: 2, seed: 'summary-history' });
    state.history = Array.from({ length: 21 }, (_, turn) => ({
      turn,
      positions: [16, 48],
      carrots: [10, 60],
    }));
    const image = canvasImage(drawSummary(state, { seats: SEATS }));
    const { positionPlot, carrotPlot } = summaryLayout(2);
    const middleOf = (plot: typeof positionPlot) => plot.x + plot.width / 2;
    const positionY = (value: number) => positionPlot.y + positionPlot.height * (1 - value / 64);
    expect(isColorAt(image, middleOf(positionPlot), positionY(16), seatColor(0))).toBe(true);
    expect(isColorAt(image, middleOf(positionPlot), positionY(48), seatColor(1))).toBe(true);
    expect(isColorAt(image, middleOf(positionPlot), positionY(32), seatColor(0))).toBe(false);
    const column = (seat: number) => {
      for (let y = carrotPlot.y; y < carrotPlot.y + carrotPlot.height; y++) {
        if (isColorAt(image, middleOf(carrotPlot), y, seatColor(seat))) return y;
      }
      return -1;
    };
    expect(column(0)).toBeGreaterThan(column(1));
    expect(column(1)).toBeGreaterThan(carrotPlot.y);
  });

  it('draws nothing for seats that are not in the game', () => {
    const state = playedGame('classic', 2, 'summary-two');
    const image = canvasImage(drawSummary(state, { seats: SEATS }));
    const layout = summaryLayout(2);
    for (const absent of [2, 3, 4, 5])
      expect(countColor(image, layout.positionPlot, seatColor(absent))).toBe(0);
  });

  it('renders a game that has not started or not ended', () => {
    const fresh = createGame({ rules: 'standard', seats: 3, seed: 'fresh' });
    expect(readPngHeader(renderSummary(fresh, { seats: [] }))).toMatchObject({ width: SUMMARY_WIDTH });
  });
});

describe('the summary chart axes', () => {
  it('count whole turns and whole carrots, even for a game of one or two turns', async () => {
    const { niceAxis } = await import('../../../../src/games/hare/render/summary-chart');
    for (let max = 0; max <= 12; max++) {
      const axis = niceAxis(max, 8);
      expect(Number.isInteger(axis.step)).toBe(true);
      expect(axis.step).toBeGreaterThanOrEqual(1);
      expect(axis.max).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('a stopped game', () => {
  it('says who stopped it, names no winner and places everyone by the race at that moment', async () => {
    const { summaryHeadline, standingPlaces } = await import('../../../../src/games/hare/render/summary');
    let state = createGame({ rules: 'standard', seats: 3, seed: 'stopped' });
    const rng = seedRng('stopped-ai');
    for (let i = 0; i < 6; i++) state = applyAction(state, chooseAction(state, 'novice', rng)).state;
    const seats = [
      { name: 'Ada', kind: 'human' as const },
      { name: 'Bo', kind: 'human' as const },
      { name: 'Cy', kind: 'novice' as const },
    ];
    const headline = summaryHeadline(state, seats, 'Mod');
    expect(headline.title).toMatch(/^Stopped by Mod at turn \d+$/);
    expect(headline.notes).toBe('No winner: the standings when the game was stopped');
    expect(headline.title).not.toMatch(/in progress/);
    const places = standingPlaces(state, 'Mod')!;
    expect(places.every((place) => Number.isInteger(place) && place >= 1)).toBe(true);
    expect(standingPlaces(state, null)).toBeNull();
    const png = renderSummary(state, { seats, stoppedBy: 'Mod' });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
