import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../../src/games/hare/computer/index';
import { niceAxis } from '../../../../src/games/draw/chart';
import { sheetHeight, type SheetChart } from '../../../../src/games/draw/summary-sheet';
import {
  FINISH,
  applyAction,
  createGame,
  seedRng,
  type GameState,
} from '../../../../src/games/hare/rules/index';
import {
  hareSummarySheet,
  renderSummary,
  SUMMARY_WIDTH,
  type SeatDisplay,
} from '../../../../src/games/hare/render/index';
import { textsDrawnBy } from '../../greed/drawn-texts';
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
  it('returns a PNG of the summary sheet’s size under 500 KB', () => {
    const state = playedGame('standard', 6, 'summary-size');
    const png = renderSummary(state, { seats: SEATS });
    expect(readPngHeader(png)).toMatchObject({
      width: SUMMARY_WIDTH,
      height: sheetHeight(hareSummarySheet(state, { seats: SEATS })),
    });
    expect(png.length).toBeLessThan(500 * 1024);
  });

  it('lists the seats by finishing place, with their names and computer levels', () => {
    for (const [rules, seats] of [
      ['standard', 5],
      ['classic', 4],
    ] as const) {
      const state = playedGame(rules, seats, `summary-order-${rules}`);
      const byPlace = state.seats
        .map((seat, index) => ({ index, place: seat.place ?? 99 }))
        .sort((a, b) => a.place - b.place || a.index - b.index);
      const sheet = hareSummarySheet(state, { seats: SEATS });
      expect(sheet.places.map((row) => row.seat)).toEqual(byPlace.map((entry) => entry.index));
      expect(sheet.places.map((row) => row.place)).toEqual(byPlace.map((entry) => entry.place));
      const texts = textsDrawnBy(() => renderSummary(state, { seats: SEATS })).map((drawn) => drawn.text);
      const names = byPlace.map((entry) => `${SEATS[entry.index]!.name} (novice)`);
      // The places come first, best first, before the charts and the table repeat the names by seat.
      expect(texts.filter((text) => names.includes(text)).slice(0, seats)).toEqual(names);
    }
  });

  it('charts every seat’s position and carrots from the history, each line ending at the finish', () => {
    const state = createGame({ rules: 'classic', seats: 2, seed: 'summary-history' });
    state.history = Array.from({ length: 21 }, (_, turn) => ({
      turn,
      positions: [Math.min(FINISH, turn * 4), 48],
      carrots: [10, 60],
    }));
    const sheet = hareSummarySheet(state, { seats: SEATS });
    const [positions, carrots] = sheet.chart as readonly [SheetChart, SheetChart];
    expect(positions.series[0]).toEqual(Array.from({ length: 17 }, (_, turn) => turn * 4));
    expect(positions.series[1]).toEqual(Array.from({ length: 21 }, () => 48));
    expect([positions.yMax, positions.yStep]).toEqual([FINISH, 16]);
    expect(carrots.series).toEqual([Array(17).fill(10), Array(21).fill(60)]);
  });

  it('has a line and a row for the game’s seats only', () => {
    const state = playedGame('classic', 2, 'summary-two');
    const sheet = hareSummarySheet(state, { seats: SEATS });
    expect(sheet.places).toHaveLength(2);
    expect(sheet.figures).toHaveLength(2);
    for (const chart of sheet.chart as readonly SheetChart[]) expect(chart.series).toHaveLength(2);
  });

  it('shows each seat’s figures under two-line headers', () => {
    const state = playedGame('standard', 3, 'summary-figures');
    const sheet = hareSummarySheet(state, { seats: SEATS });
    expect(sheet.figureHeaders).toEqual([
      'Moves\nmade',
      'Carrots\nspent',
      'Carrots\nearned',
      'Lettuces\neaten',
      'Hare\nresults',
    ]);
    const { stats } = state.seats[1]!;
    expect(sheet.figures[1]!.values).toEqual([
      stats.turns,
      stats.carrotsSpent,
      stats.carrotsEarned,
      stats.lettucesEaten,
      stats.hareResults,
    ]);
  });

  it('renders a game that has not started or not ended', () => {
    const fresh = createGame({ rules: 'standard', seats: 3, seed: 'fresh' });
    expect(readPngHeader(renderSummary(fresh, { seats: [] }))).toMatchObject({ width: SUMMARY_WIDTH });
  });
});

describe('the summary chart axes', () => {
  it('count whole turns and whole carrots, even for a game of one or two turns', () => {
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
    const sheet = hareSummarySheet(state, { seats, stoppedBy: 'Mod' });
    expect(sheet.stopped).toBe(true);
    expect(sheet.story).toBeUndefined();
    const png = renderSummary(state, { seats, stoppedBy: 'Mod' });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
