/** The line charts of the summary: each seat's value per turn from `state.history`, in the seat colours. */
import { FINISH, formatNumber, type HistoryPoint } from '../rules/index';
import { niceAxis, type Axis } from '../../draw/chart';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import type { Point, Rect } from './layout';
import { CARD, CARD_EDGE, INK, MUTED_INK, seatColor, withAlpha } from './palette';
import { font } from '../../draw/fonts';

export { niceAxis, type Axis } from '../../draw/chart';

export interface Chart {
  title: string;
  rect: Rect;
  values: (point: HistoryPoint) => readonly number[];
  yAxis: Axis;
  /** A value marked with a dashed line and a label, e.g. the finish. */
  mark?: { value: number; label: string };
}

const PLOT_INSET = { left: 56, right: 18, top: 50, bottom: 42 };
const AXIS_LINE = '#8a8472';
const GRID_LINE = '#e4dfd0';
const TICK_STYLE = { size: 19, color: MUTED_INK };
const MARK_SIZE = 19;

/** The frame of the axes inside a chart's card. */
export function plotArea(rect: Rect): Rect {
  return {
    x: rect.x + PLOT_INSET.left,
    y: rect.y + PLOT_INSET.top,
    width: rect.width - PLOT_INSET.left - PLOT_INSET.right,
    height: rect.height - PLOT_INSET.top - PLOT_INSET.bottom,
  };
}

interface Scale {
  x: (turn: number) => number;
  y: (value: number) => number;
}

function line(ctx: Context, from: Point, to: Point, color: string, width = 1): void {
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

function drawAxes(ctx: Context, chart: Chart, plot: Rect, xAxis: Axis, scale: Scale): void {
  const right = plot.x + plot.width;
  const bottom = plot.y + plot.height;
  for (let value = 0; value <= chart.yAxis.max; value += chart.yAxis.step) {
    const y = scale.y(value);
    line(ctx, { x: plot.x, y }, { x: right, y }, value === 0 ? AXIS_LINE : GRID_LINE);
    drawText(
      ctx,
      formatNumber(value),
      { x: plot.x - 8, y },
      { ...TICK_STYLE, align: 'right', baseline: 'middle' },
    );
  }
  for (let turn = 0; turn <= xAxis.max; turn += xAxis.step) {
    const x = scale.x(turn);
    line(ctx, { x, y: plot.y }, { x, y: bottom }, turn === 0 ? AXIS_LINE : GRID_LINE);
    drawText(ctx, formatNumber(turn), { x, y: bottom + 22 }, { ...TICK_STYLE, align: 'center' });
  }
  drawText(ctx, 'Turn', { x: right, y: bottom + 38 }, { ...TICK_STYLE, weight: 'bold', align: 'right' });
  if (chart.mark) {
    const y = scale.y(chart.mark.value);
    ctx.save();
    ctx.setLineDash([6, 4]);
    line(ctx, { x: plot.x, y }, { x: right, y }, INK, 1.5);
    ctx.restore();
  }
}

/** The mark's label over the lines, on a patch of the card's colour so that no line hides it. */
function drawMarkLabel(ctx: Context, chart: Chart, plot: Rect, scale: Scale): void {
  if (!chart.mark) return;
  const at = { x: plot.x + 8, y: scale.y(chart.mark.value) + 22 };
  ctx.font = font(MARK_SIZE, 'bold');
  const width = ctx.measureText(chart.mark.label).width;
  const patch = { x: at.x - 4, y: at.y - MARK_SIZE, width: width + 8, height: MARK_SIZE + 6 };
  fillRoundRect(ctx, patch, 4, withAlpha(CARD, 0.9));
  drawText(ctx, chart.mark.label, at, { size: MARK_SIZE, weight: 'bold', color: INK });
}

/** A seat's points up to the turn it reached the finish (after that its line would only run flat). */
function seriesOf(history: readonly HistoryPoint[], seat: number): readonly HistoryPoint[] {
  const finished = history.findIndex((point) => point.positions[seat] === FINISH);
  return finished < 0 ? history : history.slice(0, finished + 1);
}

function drawSeries(ctx: Context, chart: Chart, history: readonly HistoryPoint[], scale: Scale): void {
  const seatCount = history[0]?.positions.length ?? 0;
  const ends: { seat: number; at: Point }[] = [];
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (let seat = 0; seat < seatCount; seat++) {
    const points = seriesOf(history, seat).map((point) => ({
      x: scale.x(point.turn),
      y: scale.y(chart.values(point)[seat] ?? 0),
    }));
    for (const [width, color] of [
      [5, 'rgba(27, 27, 27, 0.6)'],
      [3, seatColor(seat)],
    ] as const) {
      ctx.beginPath();
      points.forEach((p, index) => (index === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.lineWidth = width;
      ctx.strokeStyle = color;
      ctx.stroke();
    }
    const end = points.at(-1);
    if (end) ends.push({ seat, at: end });
  }
  // The end of each line carries the seat's token, so lines are told apart without the colours too.
  for (const end of ends) drawToken(ctx, end.seat, end.at, 10);
}

export function drawChart(ctx: Context, chart: Chart, history: readonly HistoryPoint[]): void {
  fillRoundRect(ctx, chart.rect, 12, CARD);
  strokeRoundRect(ctx, chart.rect, 12, CARD_EDGE, 1.5);
  const titleAt = { x: chart.rect.x + 16, y: chart.rect.y + 30 };
  drawText(ctx, chart.title, titleAt, { size: 21, weight: 'bold', color: INK });
  const plot = plotArea(chart.rect);
  const lastTurn = Math.max(1, history.at(-1)?.turn ?? 1);
  const xAxis = { max: lastTurn, step: niceAxis(lastTurn, 4).step };
  const scale: Scale = {
    x: (turn) => plot.x + (turn / xAxis.max) * plot.width,
    y: (value) => plot.y + plot.height - (value / chart.yAxis.max) * plot.height,
  };
  drawAxes(ctx, chart, plot, xAxis, scale);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x - 14, plot.y - 14, plot.width + 28, plot.height + 28);
  ctx.clip();
  drawSeries(ctx, chart, history, scale);
  ctx.restore();
  drawMarkLabel(ctx, chart, plot, scale);
}
