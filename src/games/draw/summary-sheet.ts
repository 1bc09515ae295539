/**
 * The summary image most games share: a title, the places (no places when the game was stopped), a line
 * chart per seat, how the game was won (each seat's chance to win after every turn, when the game tells it),
 * and a table of figures per seat.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { drawLineChart, type LineChart } from './chart';
import { ensureFonts } from './fonts';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE } from './palette';
import { drawText, drawToken, fillRoundRect, ordinal, strokeRoundRect, type Context } from './shapes';
import { drawWinCard, winCardHeight } from './win-chart';
import type { WinStory } from './win-story';

export interface SummarySheet {
  title: string;
  /** A stopped game shows its standings without places. */
  stopped: boolean;
  /** Best first: each seat's place, name and a short detail on the right (e.g. "5,250", "space 97"). */
  places: readonly { seat: number; place: number; name: string; detail: string }[];
  chart: Omit<LineChart, 'rect' | 'tickSize'>;
  figureHeaders: readonly string[];
  /** By seat. */
  figures: readonly { seat: number; name: string; values: readonly (string | number)[] }[];
  /** How the game was won (absent: not shown, e.g. a stopped game). */
  story?: WinStory;
}

const WIDTH = 800;
const ROW = 42;
const CHART_HEIGHT = 330;

function drawPlaces(ctx: Context, sheet: SummarySheet, top: number): number {
  sheet.places.forEach(({ seat, place, name, detail }, i) => {
    const y = top + i * ROW;
    if (!sheet.stopped)
      drawText(ctx, ordinal(place), { x: 24, y: y + 29 }, { size: 24, weight: 'bold', color: INK });
    drawToken(ctx, seat, { x: 96, y: y + 21 }, 16);
    drawText(ctx, name, { x: 124, y: y + 29 }, { size: 24, weight: 'bold', color: INK, maxWidth: 420 });
    drawText(ctx, detail, { x: WIDTH - 24, y: y + 29 }, { size: 24, color: MUTED_INK, align: 'right' });
  });
  return top + sheet.places.length * ROW;
}

function drawFigures(ctx: Context, sheet: SummarySheet, top: number): number {
  const rect = { x: 20, y: top, width: WIDTH - 40, height: ROW * (sheet.figures.length + 1) + 12 };
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  const columns = sheet.figureHeaders.length;
  const firstColumn = 330;
  const columnWidth = (WIDTH - 40 - firstColumn) / Math.max(1, columns);
  const columnX = (i: number): number => firstColumn + columnWidth * (i + 0.5);
  sheet.figureHeaders.forEach((label, i) =>
    drawText(
      ctx,
      label,
      { x: columnX(i), y: top + 34 },
      { size: 22, weight: 'bold', color: MUTED_INK, align: 'center', maxWidth: columnWidth - 6 },
    ),
  );
  sheet.figures.forEach(({ seat, name, values }, row) => {
    const y = top + ROW * (row + 1) + 6;
    drawToken(ctx, seat, { x: 50, y: y + 14 }, 15);
    drawText(ctx, name, { x: 74, y: y + 22 }, { size: 22, weight: 'bold', color: INK, maxWidth: 240 });
    values.forEach((value, i) =>
      drawText(
        ctx,
        typeof value === 'number' ? value.toLocaleString('en-US') : value,
        { x: columnX(i), y: y + 22 },
        { size: 24, color: INK, align: 'center' },
      ),
    );
  });
  return rect.y + rect.height;
}

export function drawSummarySheet(sheet: SummarySheet): Canvas {
  ensureFonts();
  const storyHeight = sheet.story
    ? winCardHeight(sheet.figures.length, sheet.story.luck !== null || sheet.story.givenAway !== null) + 16
    : 0;
  const height =
    70 +
    sheet.places.length * ROW +
    16 +
    CHART_HEIGHT +
    16 +
    storyHeight +
    ROW * (sheet.figures.length + 1) +
    12 +
    20;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  drawText(
    ctx,
    sheet.title,
    { x: 24, y: 46 },
    { size: 32, weight: 'bold', color: INK, maxWidth: WIDTH - 48 },
  );
  const placesEnd = drawPlaces(ctx, sheet, 64);
  const chartRect = { x: 20, y: placesEnd + 16, width: WIDTH - 40, height: CHART_HEIGHT };
  drawLineChart(ctx, { ...sheet.chart, rect: chartRect, tickSize: 22 });
  let next = chartRect.y + CHART_HEIGHT + 16;
  if (sheet.story) {
    const names = [...sheet.figures].sort((a, b) => a.seat - b.seat).map((figure) => figure.name);
    next = drawWinCard(ctx, sheet.story, names, { left: 20, top: next, width: WIDTH - 40 }) + 16;
  }
  drawFigures(ctx, sheet, next);
  return canvas;
}

/** A seat's name as the images show it ("Player 3" when the seat has none). */
export function seatName(seats: readonly { name: string }[], seat: number): string {
  return seats[seat]?.name ?? `Player ${seat + 1}`;
}

/** The sheet's place rows from a game's standings, best first, with a detail per seat. */
export function placeRows(
  standings: readonly { seat: number; place: number }[],
  seats: readonly { name: string }[],
  detail: (seat: number) => string,
): SummarySheet['places'] {
  return [...standings]
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map(({ seat, place }) => ({ seat, place, name: seatName(seats, seat), detail: detail(seat) }));
}
