/**
 * A line chart of one value per seat over rounds (or turns), in the seat colours, for every game's summary.
 * Axes carry whole numbers only: a short game never shows "0.2 rounds".
 */
import { font } from './fonts';
import type { Point, Rect } from './geometry';
import { CARD, CARD_EDGE, INK, MUTED_INK, seatColor, withAlpha } from './palette';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from './shapes';
import { formatNumber } from './image-words';
import type { Language } from '../../i18n/index';

export interface Axis {
  max: number;
  step: number;
}

export interface LineChart {
  title: string;
  rect: Rect;
  /** series[seat][x]: the seat's value after x rounds (x = 0 is the start). A shorter series stops early. */
  series: readonly (readonly number[])[];
  /** The label under the x axis, e.g. "round" or "turn". */
  xLabel: string;
  /** The y axis' top; default: the largest value. */
  yMax?: number;
  /** The y axis' step (default: a round one for about five intervals), e.g. 16 for a track of 64 squares. */
  yStep?: number;
  /** The y axis' bottom (default 0); below 0 when a value may be negative. */
  yMin?: number;
  /** The number written at x = 0 (default 0), e.g. 1 when the first point is the first game. */
  xStart?: number;
  /** Whether each line ends in its seat's numbered token (default true). */
  endTokens?: boolean;
  /** A value marked with a dashed line and a label, e.g. the target score. */
  mark?: { value: number; label: string };
  /** Text size of the ticks (default 15). */
  tickSize?: number;
  /** The language the numbers are written in (absent: English). */
  language?: Language;
}

/** A round whole step (1, 2 or 5 × 10^n, never below 1) cutting `max` into about `parts` intervals. */
export function niceAxis(max: number, parts: number): Axis {
  const top = Math.max(1, Math.ceil(max));
  const raw = Math.max(1, top / parts);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power);
  return { max: Math.ceil(top / step) * step, step };
}

/** A y range from `min` to `max` in round steps, its ends on the steps (0 stays a tick when in range). */
interface Range extends Axis {
  min: number;
}

function rangeAxis(min: number, max: number, parts: number): Range {
  const step = niceAxis(Math.max(1, max - min), parts).step;
  const low = Math.floor(min / step) * step;
  const high = Math.max(low + step, Math.ceil(max / step) * step);
  return { min: low, max: high, step };
}

/** The y range in the chart's own step when it has one, else in a round step. */
function yAxis(min: number, max: number, step: number | undefined): Range {
  if (step === undefined) return rangeAxis(min, max, 5);
  const low = Math.floor(min / step) * step;
  return { min: low, max: Math.max(low + step, Math.ceil(max / step) * step), step };
}

const AXIS_LINE = '#8a8472';
const GRID_LINE = '#e4dfd0';

interface Scale {
  x: (at: number) => number;
  y: (value: number) => number;
}

/** The plot inside the card, with room on the left for the widest y label (e.g. "20,000"). */
function plotArea(rect: Rect, tickSize: number, widestYLabel: number): Rect {
  const left = Math.max(Math.round(tickSize * 3.6), Math.ceil(widestYLabel) + 20);
  const top = Math.round(tickSize * 3);
  const bottom = Math.round(tickSize * 2.9);
  return {
    x: rect.x + left,
    y: rect.y + top,
    width: rect.width - left - 20,
    height: rect.height - top - bottom,
  };
}

function line(ctx: Context, from: Point, to: Point, color: string, width = 1): void {
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

function drawAxes(
  ctx: Context,
  chart: LineChart,
  plot: Rect,
  axes: { x: Axis; y: Range },
  scale: Scale,
): void {
  const tick = { size: chart.tickSize ?? 15, color: MUTED_INK };
  const right = plot.x + plot.width;
  const bottom = plot.y + plot.height;
  for (let value = axes.y.min; value <= axes.y.max; value += axes.y.step) {
    const y = scale.y(value);
    line(ctx, { x: plot.x, y }, { x: right, y }, value === 0 ? AXIS_LINE : GRID_LINE);
    drawText(
      ctx,
      formatNumber(value, chart.language),
      { x: plot.x - 8, y },
      { ...tick, align: 'right', baseline: 'middle' },
    );
  }
  for (let at = 0; at <= axes.x.max; at += axes.x.step) {
    const x = scale.x(at);
    line(ctx, { x, y: plot.y }, { x, y: bottom }, at === 0 ? AXIS_LINE : GRID_LINE);
    const label = formatNumber(at + (chart.xStart ?? 0), chart.language);
    drawText(ctx, label, { x, y: bottom + tick.size * 1.2 }, { ...tick, align: 'center' });
  }
  drawText(
    ctx,
    chart.xLabel,
    { x: right, y: bottom + tick.size * 2.5 },
    { ...tick, weight: 'bold', align: 'right' },
  );
  if (chart.mark) {
    const y = scale.y(chart.mark.value);
    ctx.save();
    ctx.setLineDash([6, 4]);
    line(ctx, { x: plot.x, y }, { x: right, y }, INK, 1.5);
    ctx.restore();
  }
}

/** The mark's label over the lines, on a patch of the card's colour so that no line hides it. */
function drawMarkLabel(ctx: Context, chart: LineChart, plot: Rect, scale: Scale): void {
  if (!chart.mark) return;
  const size = chart.tickSize ?? 15;
  const y = scale.y(chart.mark.value);
  // Above its line, unless the line runs along the plot's top, where the label would meet the title.
  const at = { x: plot.x + 8, y: y - plot.y > size * 1.5 ? y - 7 : y + size + 4 };
  ctx.font = font(size, 'bold');
  const width = ctx.measureText(chart.mark.label).width;
  fillRoundRect(
    ctx,
    { x: at.x - 4, y: at.y - size, width: width + 8, height: size + 6 },
    4,
    withAlpha(CARD, 0.9),
  );
  drawText(ctx, chart.mark.label, at, { size, weight: 'bold', color: INK });
}

function drawSeries(ctx: Context, chart: LineChart, scale: Scale): void {
  const ends: { seat: number; at: Point }[] = [];
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  chart.series.forEach((values, seat) => {
    const points = values.map((value, at) => ({ x: scale.x(at), y: scale.y(value) }));
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
  });
  // Each line ends in the seat's numbered token, so lines are told apart without the colours too.
  if (chart.endTokens ?? true) for (const end of ends) drawToken(ctx, end.seat, end.at, 10);
}

export function drawLineChart(ctx: Context, chart: LineChart): void {
  const tickSize = chart.tickSize ?? 15;
  fillRoundRect(ctx, chart.rect, 12, CARD);
  strokeRoundRect(ctx, chart.rect, 12, CARD_EDGE, 1.5);
  const titleAt = { x: chart.rect.x + 16, y: chart.rect.y + tickSize * 1.9 };
  drawText(ctx, chart.title, titleAt, { size: Math.round(tickSize * 1.3), weight: 'bold', color: INK });
  const longest = Math.max(1, ...chart.series.map((values) => values.length - 1));
  const highest = chart.yMax ?? Math.max(1, ...chart.series.flat(), chart.mark?.value ?? 0);
  const axes = { x: niceAxis(longest, 8), y: yAxis(chart.yMin ?? 0, highest, chart.yStep) };
  ctx.font = font(tickSize);
  const widestYLabel = Math.max(
    ctx.measureText(formatNumber(axes.y.min, chart.language)).width,
    ctx.measureText(formatNumber(axes.y.max, chart.language)).width,
  );
  const plot = plotArea(chart.rect, tickSize, widestYLabel);
  const scale: Scale = {
    x: (at) => plot.x + (at / axes.x.max) * plot.width,
    y: (value) => plot.y + plot.height - ((value - axes.y.min) / (axes.y.max - axes.y.min)) * plot.height,
  };
  drawAxes(ctx, chart, plot, axes, scale);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x - 14, plot.y - 14, plot.width + 28, plot.height + 28);
  ctx.clip();
  drawSeries(ctx, chart, scale);
  ctx.restore();
  drawMarkLabel(ctx, chart, plot, scale);
}
