/**
 * The summary image every game shares: a title, the places (no places when the game was stopped), a picture
 * of the final position (the default summary's grid), line charts of a value per seat, how the game was won
 * (each seat's chance to win after every turn, when the game tells it), and a table of figures per seat.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { drawLineChart, type LineChart } from './chart';
import { drawFittedText } from './fitted-text';
import type { Rect } from './geometry';
import { ensureFonts } from './fonts';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE } from './palette';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from './shapes';
import { drawWinCard, winCardHeight } from './win-chart';
import type { WinStory } from './win-story';
import { formatNumber, placeText, unnamedSeat } from './image-words';
import type { Language } from '../../i18n/index';

export interface SummarySheet {
  title: string;
  /** A line under the title (e.g. who won and how the game ended); absent: none. */
  subtitle?: string;
  /** A stopped game shows its standings without places. */
  stopped: boolean;
  /** Best first: each seat's place, name and a short detail on the right (e.g. "5,250", "space 97"). */
  places: readonly { seat: number; place: number; name: string; detail: string }[];
  /** A drawing of the final position, `height` tall across the sheet (absent: none). */
  picture?: { height: number; draw: (ctx: Context, area: Rect) => void };
  /** One chart across the sheet, or two side by side (absent: none). */
  chart?: SheetChart | readonly [SheetChart, SheetChart];
  /** The figures' column titles (a "\n" breaks one in two lines); none: no table of figures. */
  figureHeaders: readonly string[];
  /** By seat. */
  figures: readonly { seat: number; name: string; values: readonly (string | number)[] }[];
  /** How the game was won (absent: not shown, e.g. a stopped game). */
  story?: WinStory;
  /** The x axis' label of the chances to win (default: the story's unit, "turn"). */
  storyXLabel?: string;
  /** The language of the sheet's own words and numbers (absent: English); the caller's texts come written. */
  language?: Language;
}

export type SheetChart = Omit<LineChart, 'rect' | 'tickSize'>;

const WIDTH = 800;
const GAP = 16;
const ROW = 42;
const CHART_HEIGHT = 330;

function drawPlaces(ctx: Context, sheet: SummarySheet, top: number): number {
  sheet.places.forEach(({ seat, place, name, detail }, i) => {
    const y = top + i * ROW;
    if (!sheet.stopped)
      drawText(
        ctx,
        placeText(place, sheet.language),
        { x: 24, y: y + 29 },
        { size: 24, weight: 'bold', color: INK },
      );
    drawToken(ctx, seat, { x: 96, y: y + 21 }, 16);
    drawFittedText(ctx, name, { x: 124, y: y + 29 }, { size: 24, weight: 'bold', color: INK }, 420);
    drawText(ctx, detail, { x: WIDTH - 24, y: y + 29 }, { size: 24, color: MUTED_INK, align: 'right' });
  });
  return top + sheet.places.length * ROW;
}

/** A figure header may take two lines ("Carrots\nspent"): the header row grows by this much for the second. */
const HEADER_LINE = 24;

function headerLines(sheet: SummarySheet): number {
  return Math.max(1, ...sheet.figureHeaders.map((header) => header.split('\n').length));
}

function figuresHeight(sheet: SummarySheet): number {
  if (sheet.figureHeaders.length === 0) return 0;
  return ROW * (sheet.figures.length + 1) + (headerLines(sheet) - 1) * HEADER_LINE + 12;
}

function drawFigures(ctx: Context, sheet: SummarySheet, top: number): number {
  const rect = { x: 20, y: top, width: WIDTH - 40, height: figuresHeight(sheet) };
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  const columns = sheet.figureHeaders.length;
  // The names take x 74–314 (cut to 240 px); the figure columns share the rest.
  const firstColumn = 314;
  const columnWidth = (WIDTH - 40 - firstColumn) / Math.max(1, columns);
  const columnX = (i: number): number => firstColumn + columnWidth * (i + 0.5);
  const header = { size: 22, weight: 'bold' as const, color: MUTED_INK, align: 'center' as const };
  sheet.figureHeaders.forEach((label, i) =>
    label.split('\n').forEach((line, n) => {
      const at = { x: columnX(i), y: top + 34 + n * HEADER_LINE };
      drawFittedText(ctx, line, at, header, columnWidth - 4);
    }),
  );
  const rowsTop = top + (headerLines(sheet) - 1) * HEADER_LINE;
  sheet.figures.forEach(({ seat, name, values }, row) => {
    const y = rowsTop + ROW * (row + 1) + 6;
    drawToken(ctx, seat, { x: 50, y: y + 14 }, 15);
    drawFittedText(ctx, name, { x: 74, y: y + 22 }, { size: 22, weight: 'bold', color: INK }, 240);
    values.forEach((value, i) =>
      drawText(
        ctx,
        typeof value === 'number' ? formatNumber(value, sheet.language) : value,
        { x: columnX(i), y: y + 22 },
        { size: 24, color: INK, align: 'center' },
      ),
    );
  });
  return rect.y + rect.height;
}

function chartsOf(sheet: SummarySheet): readonly SheetChart[] {
  if (!sheet.chart) return [];
  return 'series' in sheet.chart ? [sheet.chart] : sheet.chart;
}

function drawCharts(ctx: Context, sheet: SummarySheet, top: number): void {
  const charts = chartsOf(sheet);
  const width = (WIDTH - 40 - GAP * (charts.length - 1)) / charts.length;
  charts.forEach((chart, i) => {
    const rect = { x: 20 + i * (width + GAP), y: top, width, height: CHART_HEIGHT };
    // Two charts side by side have half the room for their ticks: 20 px is still 8.75 px at a phone's 350 px.
    const language = sheet.language ? { language: sheet.language } : {};
    drawLineChart(ctx, { ...chart, ...language, rect, tickSize: charts.length > 1 ? 20 : 22 });
  });
}

/** The height of each part after the places, in order (0: the part is left out). */
function partHeights(sheet: SummarySheet) {
  const story = sheet.story;
  return {
    picture: sheet.picture?.height ?? 0,
    charts: chartsOf(sheet).length > 0 ? CHART_HEIGHT : 0,
    story: story ? winCardHeight(sheet.figures.length, story) : 0,
    figures: figuresHeight(sheet),
  };
}

/** The sheet's height in pixels (its width is always 800). */
export function sheetHeight(sheet: SummarySheet): number {
  const parts = partHeights(sheet);
  const partsHeight = Object.values(parts).reduce((sum, height) => sum + (height > 0 ? height + GAP : 0), 0);
  return titleHeight(sheet) + sheet.places.length * ROW + partsHeight + 20;
}

function titleHeight(sheet: SummarySheet): number {
  return sheet.subtitle ? 100 : 70;
}

export function drawSummarySheet(sheet: SummarySheet): Canvas {
  ensureFonts();
  const parts = partHeights(sheet);
  const height = sheetHeight(sheet);
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  const titleStyle = { size: 32, weight: 'bold' as const, color: INK, maxWidth: WIDTH - 48 };
  drawText(ctx, sheet.title, { x: 24, y: 46 }, titleStyle);
  if (sheet.subtitle)
    drawText(ctx, sheet.subtitle, { x: 24, y: 80 }, { size: 24, color: MUTED_INK, maxWidth: WIDTH - 48 });
  let next = drawPlaces(ctx, sheet, titleHeight(sheet) - 6) + GAP;
  if (sheet.picture) {
    sheet.picture.draw(ctx, { x: 20, y: next, width: WIDTH - 40, height: parts.picture });
    next += parts.picture + GAP;
  }
  if (parts.charts > 0) {
    drawCharts(ctx, sheet, next);
    next += parts.charts + GAP;
  }
  if (sheet.story) {
    const names = [...sheet.figures].sort((a, b) => a.seat - b.seat).map((figure) => figure.name);
    const area = { left: 20, top: next, width: WIDTH - 40 };
    const xLabel = sheet.storyXLabel ? { xLabel: sheet.storyXLabel } : {};
    const language = sheet.language ? { language: sheet.language } : {};
    next = drawWinCard(ctx, sheet.story, names, { ...area, ...xLabel, ...language }) + GAP;
  }
  if (parts.figures > 0) drawFigures(ctx, sheet, next);
  return canvas;
}

/** A seat's name as the images show it ("Player 3" when the seat has none). */
export function seatName(seats: readonly { name: string }[], seat: number, language?: Language): string {
  return seats[seat]?.name ?? unnamedSeat(seat, language);
}

/** The sheet's place rows from a game's standings, best first, with a detail per seat. */
export function placeRows(
  standings: readonly { seat: number; place: number }[],
  seats: readonly { name: string }[],
  detail: (seat: number) => string,
  language?: Language,
): SummarySheet['places'] {
  return [...standings]
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .map(({ seat, place }) => ({ seat, place, name: seatName(seats, seat, language), detail: detail(seat) }));
}
