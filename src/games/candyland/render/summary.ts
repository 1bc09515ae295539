/**
 * The summary image: places, each pawn's progress per round, each seat's chance to win after every turn (pure
 * luck, exact) with the turning point and each one's luck, and the figures.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { SummaryImageInput } from '../../contract';
import { drawLineChart } from '../../draw/chart';
import { ensureFonts } from '../../draw/fonts';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE } from '../../draw/palette';
import { encodeOpaquePng } from '../../draw/png';
import {
  drawText,
  drawToken,
  fillRoundRect,
  ordinal,
  strokeRoundRect,
  type Context,
} from '../../draw/shapes';
import { standings } from '../rules/game';
import { drawFittedText } from './fitted-text';
import { figures } from '../texts';
import { CASTLE } from '../rules/track';
import type { GameState } from '../rules/types';
import { drawWinCard, winCardHeight } from '../../draw/win-chart';
import { candyStory } from '../win/story';

const WIDTH = 800;
const ROW = 42;
/** Column headers for the figures of texts.figures, in the same order. */
const FIGURE_HEADERS = ['Cards', 'Shortcuts', 'Licorice', 'Sent back'];

function title(input: SummaryImageInput<GameState>): string {
  if (input.stoppedBy) return `Stopped by ${input.stoppedBy}`;
  const { state } = input;
  if (state.winner !== null) return `${input.seats[state.winner]?.name ?? `Player ${state.winner + 1}`} wins`;
  return 'Turn limit reached: no winner';
}

function nameOf(input: SummaryImageInput<GameState>, seat: number): string {
  return input.seats[seat]?.name ?? `Player ${seat + 1}`;
}

function drawPlaces(ctx: Context, input: SummaryImageInput<GameState>, top: number): number {
  const { state } = input;
  const order = standings(state).sort((a, b) => a.place - b.place || a.seat - b.seat);
  order.forEach(({ seat, place }, i) => {
    const y = top + i * ROW;
    drawText(
      ctx,
      input.stoppedBy ? '' : ordinal(place),
      { x: 24, y: y + 29 },
      { size: 24, weight: 'bold', color: INK },
    );
    drawToken(ctx, seat, { x: 96, y: y + 21 }, 16);
    drawFittedText(
      ctx,
      nameOf(input, seat),
      { x: 124, y: y + 29 },
      { size: 24, weight: 'bold', color: INK },
      440,
    );
    const position = state.positions[seat] ?? 0;
    const where = position === CASTLE ? 'Candy Castle' : position === 0 ? 'start' : `space ${position}`;
    drawText(ctx, where, { x: WIDTH - 24, y: y + 29 }, { size: 24, color: MUTED_INK, align: 'right' });
  });
  return top + order.length * ROW;
}

function drawFigures(ctx: Context, input: SummaryImageInput<GameState>, top: number): number {
  const { state } = input;
  const rect = { x: 20, y: top, width: WIDTH - 40, height: ROW * (state.seats + 1) + 12 };
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  const columnX = (i: number): number => 330 + i * 124;
  FIGURE_HEADERS.forEach((label, i) =>
    drawText(
      ctx,
      label,
      { x: columnX(i), y: top + 34 },
      { size: 22, weight: 'bold', color: MUTED_INK, align: 'center' },
    ),
  );
  for (let seat = 0; seat < state.seats; seat++) {
    const y = top + ROW * (seat + 1) + 6;
    drawToken(ctx, seat, { x: 50, y: y + 14 }, 15);
    drawFittedText(
      ctx,
      nameOf(input, seat),
      { x: 74, y: y + 22 },
      { size: 22, weight: 'bold', color: INK },
      216,
    );
    figures(state, seat).forEach((figure, i) =>
      drawText(
        ctx,
        String(figure.value),
        { x: columnX(i), y: y + 22 },
        { size: 24, color: INK, align: 'center' },
      ),
    );
  }
  return rect.y + rect.height;
}

export function drawSummary(input: SummaryImageInput<GameState>): Canvas {
  ensureFonts();
  const { state } = input;
  const chartHeight = 330;
  const story = input.stoppedBy === null ? candyStory(state) : null;
  const storyHeight = story ? winCardHeight(state.seats, story.luck !== null) + 16 : 0;
  const height =
    70 + state.seats * ROW + 16 + chartHeight + 16 + storyHeight + ROW * (state.seats + 1) + 12 + 20;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  drawText(
    ctx,
    `Candy Land · ${title(input)}`,
    { x: 24, y: 46 },
    { size: 32, weight: 'bold', color: INK, maxWidth: WIDTH - 48 },
  );
  const placesEnd = drawPlaces(ctx, input, 64);
  const series = Array.from({ length: state.seats }, (_, seat) =>
    state.progress.map((row) => row[seat] ?? 0),
  );
  const chartRect = { x: 20, y: placesEnd + 16, width: WIDTH - 40, height: chartHeight };
  drawLineChart(ctx, {
    title: 'Space reached after each round',
    rect: chartRect,
    series,
    xLabel: 'round',
    yMax: CASTLE,
    mark: { value: CASTLE, label: 'castle' },
    tickSize: 22,
  });
  let next = chartRect.y + chartHeight + 16;
  if (story) {
    const names = Array.from({ length: state.seats }, (_, seat) => nameOf(input, seat));
    next = drawWinCard(ctx, story, names, { left: 20, top: next, width: WIDTH - 40 }) + 16;
  }
  drawFigures(ctx, input, next);
  return canvas;
}

export function renderSummary(input: SummaryImageInput<GameState>): Uint8Array {
  return encodeOpaquePng(drawSummary(input));
}
