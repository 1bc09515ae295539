/**
 * Renders states from seeded random playouts of both rule sets with 2–6 seats and every kind of display
 * option. Drawing is checked on many states (every token in its colour at its place); the full PNG path
 * (draw + encode) on fewer, because encoding is most of a render's cost.
 */
import { describe, expect, it, vi } from 'vitest';
import { seedRng } from '../../../../src/games/hare/rules/index';
import {
  boardHeight,
  BOARD_WIDTH,
  drawBoard,
  encodeOpaquePng,
  renderBoard,
  renderSummary,
  hareSummarySheet,
  SUMMARY_WIDTH,
} from '../../../../src/games/hare/render/index';
import { readPngHeader } from './png-header';
import { finishedGames, randomOptions, randomSamples, randomSeats } from './playouts';
import { canvasReader, misplacedTokens } from './tokens';
import { drawSummarySheet, sheetHeight } from '../../../../src/games/draw/summary-sheet';

const GAMES = 125;
const DRAWN_STATES = 1000;
const ENCODED_STATES = 120;
const SUMMARIES = 30;

describe('rendering random states', () => {
  const samples = randomSamples('render-random', GAMES, DRAWN_STATES / GAMES);

  it('covers both rule sets, every seat count, finished games and crowded squares', () => {
    expect(samples.length).toBe(DRAWN_STATES);
    expect(new Set(samples.map((s) => s.state.rules))).toEqual(new Set(['standard', 'classic']));
    expect(new Set(samples.map((s) => s.state.seats.length))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(samples.some((s) => s.state.over)).toBe(true);
    expect(samples.some((s) => s.state.seats.filter((seat) => seat.position === 64).length >= 2)).toBe(true);
    expect(samples.some((s) => s.state.seats.filter((seat) => seat.position === 0).length >= 4)).toBe(true);
  });

  it(`draws ${DRAWN_STATES} states with every token in its colour at its place`, () => {
    const rng = seedRng('render-random-options');
    for (const [index, sample] of samples.entries()) {
      const canvas = drawBoard(sample.state, randomOptions(rng, sample));
      expect(canvas.width).toBe(BOARD_WIDTH);
      expect(canvas.height).toBe(boardHeight(sample.state.seats.length));
      expect(misplacedTokens(sample.state, canvasReader(canvas)), `sample ${index}`).toEqual([]);
    }
  });

  it(`encodes ${ENCODED_STATES} of them as PNGs of the board size`, () => {
    const rng = seedRng('render-random-png');
    const step = Math.floor(samples.length / ENCODED_STATES);
    for (let index = 0; index < ENCODED_STATES; index++) {
      const sample = samples[index * step];
      if (!sample) throw new Error('too few samples');
      const png = renderBoard(sample.state, randomOptions(rng, sample));
      expect(readPngHeader(png)).toEqual({
        width: BOARD_WIDTH,
        height: boardHeight(sample.state.seats.length),
        bitDepth: 8,
        colorType: 6,
      });
    }
  });

  it(`renders the summaries of ${SUMMARIES} finished games and of unfinished ones`, () => {
    const rng = seedRng('render-random-summary');
    const unfinished = samples.filter((s) => !s.state.over && s.state.history.length > 3).slice(0, 5);
    const fresh = samples.filter((s) => s.state.history.length === 1).slice(0, 2);
    const states = [
      ...finishedGames('render-random-summary', SUMMARIES),
      ...[...unfinished, ...fresh].map((s) => s.state),
    ];
    expect(states.length).toBe(SUMMARIES + 7);
    // The sheet (its story's playouts are most of the cost) is made once per state and drawn as renderSummary
    // draws it; renderSummary itself gives the same bytes for a finished and an unfinished state (with a clock
    // that stands still: on a busy machine the story's time bound could cut one of the two short).
    for (const [index, state] of states.entries()) {
      const seats = randomSeats(rng, state.seats.length);
      const compared = index === 0 || index === states.length - 1;
      const clock = compared ? vi.spyOn(performance, 'now').mockReturnValue(0) : null;
      try {
        const sheet = hareSummarySheet(state, { seats });
        const png = encodeOpaquePng(drawSummarySheet(sheet));
        expect(readPngHeader(png)).toMatchObject({ width: SUMMARY_WIDTH, height: sheetHeight(sheet) });
        if (compared) expect(renderSummary(state, { seats }).equals(png), `state ${index}`).toBe(true);
      } finally {
        clock?.mockRestore();
      }
    }
  });
});
