/** The game-summary image: the final ranking with key figures, and charts of positions and carrots by turn. */
import { drawWinCard, winCardHeight } from '../../draw/win-chart';
import { hareStory } from '../win/story';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { count, FINISH, STARTING_CARROTS, raceRank, type GameState } from '../rules/index';
import { drawText, drawToken, type Context } from '../../draw/shapes';
import { ensureFonts } from '../../draw/fonts';
import type { Point, Rect } from './layout';
import { INK, MUTED_INK, PAGE } from './palette';
import { encodeOpaquePng } from '../../draw/png';
import { rulesLabel, seatDisplay } from './seats';
import { drawChart, niceAxis, plotArea } from './summary-chart';
import { drawRankingTable, PLACE_WIDTH, ROW_HEIGHT, TABLE_HEADER } from './summary-table';
import type { SeatDisplay, SummaryRenderOptions } from './types';

/** Drawn for chat size like the board: no text under 19 px on an image 800 px wide. */
export const SUMMARY_WIDTH = 800;

const MARGIN = 12;
const TABLE_TOP = 82;
const CHART_GAP = 10;
const CHART_HEIGHT = 300;
const LEGEND_ROW = 32;
const LEGEND_ENTRY_WIDTH = 190;
const LEGEND_FIRST_X = 90;
const TEXT_SIZE = 19;

export interface SummaryLayout {
  table: Rect;
  /** The centre of the token in each table row, best place first. */
  rowTokens: Point[];
  legendY: number;
  positionChart: Rect;
  carrotChart: Rect;
  /** The frames of the axes inside the charts. */
  positionPlot: Rect;
  carrotPlot: Rect;
}

/** The legend's entries per row, after its "Lines:" label. */
const LEGEND_PER_ROW = Math.floor((SUMMARY_WIDTH - MARGIN - LEGEND_FIRST_X) / LEGEND_ENTRY_WIDTH);

/** Where the table, the legend and the two charts go for a game of `seatCount` seats. */
export function summaryLayout(seatCount: number): SummaryLayout {
  const tableHeight = TABLE_HEADER + seatCount * ROW_HEIGHT + 8;
  const table = { x: MARGIN, y: TABLE_TOP, width: SUMMARY_WIDTH - 2 * MARGIN, height: tableHeight };
  const rowTokens = Array.from({ length: seatCount }, (_, row) => ({
    x: MARGIN + PLACE_WIDTH + 14,
    y: TABLE_TOP + TABLE_HEADER + row * ROW_HEIGHT + ROW_HEIGHT / 2,
  }));
  const legendY = table.y + table.height + 24;
  const legendRows = Math.max(1, Math.ceil(seatCount / LEGEND_PER_ROW));
  const chartTop = legendY + (legendRows - 1) * LEGEND_ROW + 24;
  const width = (SUMMARY_WIDTH - 2 * MARGIN - CHART_GAP) / 2;
  const height = CHART_HEIGHT;
  const positionChart = { x: MARGIN, y: chartTop, width, height };
  const carrotChart = { x: MARGIN + width + CHART_GAP, y: chartTop, width, height };
  const positionPlot = plotArea(positionChart);
  const carrotPlot = plotArea(carrotChart);
  return { table, rowTokens, legendY, positionChart, carrotChart, positionPlot, carrotPlot };
}

/** The summary grows with the table's rows, and with how the game was won when it shows it. */
export function summaryHeight(seatCount: number, withStory = true, withLuck = true): number {
  const { positionChart } = summaryLayout(seatCount);
  // a row per seat for its luck (not measured in games stored before the state kept its actions)
  const story = withStory ? winCardHeight(seatCount, withLuck) + MARGIN : 0;
  return positionChart.y + positionChart.height + MARGIN + story;
}

/** The title and the line under it: who won, or who stopped the game. */
export function summaryHeadline(
  state: GameState,
  seats: readonly SeatDisplay[],
  stoppedBy: string | null,
): { title: string; notes: string } {
  const lastTurn = state.history.at(-1)?.turn ?? 0;
  if (stoppedBy)
    return {
      title: `Stopped by ${stoppedBy} at turn ${state.turn}`,
      notes: 'No winner: the standings when the game was stopped',
    };
  const title = state.over
    ? `Game over after ${count(lastTurn, 'turn')}`
    : `Game in progress · turn ${state.turn}`;
  const winner = state.seats.findIndex((seat) => seat.place === 1);
  const limitReached = state.over && state.turnLimit !== null && lastTurn >= state.turnLimit;
  const notes = [
    winner >= 0 ? `Winner: ${seatDisplay(seats, winner).name}` : '',
    limitReached ? `the turn limit (${state.turnLimit}) ended the game` : '',
  ].filter(Boolean);
  const joined = notes.join(' · ');
  return { title, notes: `${joined.charAt(0).toUpperCase()}${joined.slice(1)}` };
}

/** The places of a stopped game: those who finished keep theirs, the others by the race at that moment. */
export function standingPlaces(state: GameState, stoppedBy: string | null): number[] | null {
  if (!stoppedBy) return null;
  return state.seats.map((seat, index) => seat.place ?? raceRank(state, index));
}

function drawTitle(
  ctx: Context,
  state: GameState,
  seats: readonly SeatDisplay[],
  stoppedBy: string | null,
): void {
  const { title, notes } = summaryHeadline(state, seats, stoppedBy);
  const titleStyle = { size: 28, weight: 'bold' as const, color: INK, maxWidth: 560 };
  const width = drawText(ctx, title, { x: MARGIN, y: 36 }, titleStyle);
  const rulesAt = { x: MARGIN + width + 10, y: 36 };
  drawText(ctx, `· ${rulesLabel(state.rules)}`, rulesAt, { size: 21, color: MUTED_INK });
  const notesAt = { x: MARGIN, y: 66 };
  drawText(ctx, notes, notesAt, { size: 21, color: INK, maxWidth: SUMMARY_WIDTH - 2 * MARGIN });
}

/** The key to the chart lines: each seat's token and name, wrapping onto more rows when needed. */
function drawLegend(ctx: Context, state: GameState, seats: readonly SeatDisplay[], y: number): void {
  const labelStyle = {
    size: TEXT_SIZE,
    weight: 'bold' as const,
    color: MUTED_INK,
    baseline: 'middle' as const,
  };
  drawText(ctx, 'Lines:', { x: MARGIN + 6, y: y + 1 }, labelStyle);
  state.seats.forEach((_, seatIndex) => {
    const x = MARGIN + LEGEND_FIRST_X + (seatIndex % LEGEND_PER_ROW) * LEGEND_ENTRY_WIDTH;
    const rowY = y + Math.floor(seatIndex / LEGEND_PER_ROW) * LEGEND_ROW;
    drawToken(ctx, seatIndex, { x: x + 15, y: rowY }, 15);
    const name = seatDisplay(seats, seatIndex).name;
    const style = {
      size: TEXT_SIZE,
      color: INK,
      baseline: 'middle' as const,
      maxWidth: LEGEND_ENTRY_WIDTH - 44,
    };
    drawText(ctx, name, { x: x + 36, y: rowY + 1 }, style);
  });
}

function drawCharts(ctx: Context, state: GameState, layout: SummaryLayout): void {
  const { history } = state;
  const carrotMax = Math.max(STARTING_CARROTS, ...history.flatMap((point) => point.carrots));
  drawChart(
    ctx,
    {
      title: 'Position on the track',
      rect: layout.positionChart,
      values: (point) => point.positions,
      yAxis: { max: FINISH, step: 16 },
      mark: { value: FINISH, label: 'Finish' },
    },
    history,
  );
  drawChart(
    ctx,
    {
      title: 'Carrots',
      rect: layout.carrotChart,
      values: (point) => point.carrots,
      yAxis: niceAxis(carrotMax, 4),
    },
    history,
  );
}

/** Draws the summary on a new canvas (exported for tests that check pixels without encoding). */
export function drawSummary(state: GameState, options: SummaryRenderOptions): Canvas {
  ensureFonts();
  const stoppedBy = options.stoppedBy ?? null;
  const story = stoppedBy === null ? hareStory(state) : null;
  const height = summaryHeight(state.seats.length, story !== null, story?.luck != null);
  const canvas = createCanvas(SUMMARY_WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, SUMMARY_WIDTH, height);
  const layout = summaryLayout(state.seats.length);
  drawTitle(ctx, state, options.seats, stoppedBy);
  const places = standingPlaces(state, stoppedBy);
  drawRankingTable(ctx, state, options.seats, layout.table, layout.rowTokens, places);
  drawLegend(ctx, state, options.seats, layout.legendY);
  drawCharts(ctx, state, layout);
  if (story) {
    const names = state.seats.map((_, seat) => options.seats[seat]?.name ?? `Player ${seat + 1}`);
    const top = layout.positionChart.y + layout.positionChart.height + MARGIN;
    drawWinCard(ctx, story, names, { left: MARGIN, top, width: SUMMARY_WIDTH - 2 * MARGIN, xLabel: 'Turn' });
  }
  return canvas;
}

/** The summary as a PNG image of SUMMARY_WIDTH × summaryHeight(seats) pixels. */
export function renderSummary(state: GameState, options: SummaryRenderOptions): Buffer {
  return encodeOpaquePng(drawSummary(state, options));
}
