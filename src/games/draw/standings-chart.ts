/**
 * A tournament's chart: each entrant's rating after each game, one line per entrant in its token's colour, and
 * a legend of the entrants (each with its token). Every word comes written in the tournament's language.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Language } from '../../i18n/index';
import { drawLineChart } from './chart';
import { ensureFonts } from './fonts';
import { INK, PAGE } from './palette';
import { encodeOpaquePng } from './png';
import { drawText, drawToken } from './shapes';

export interface StandingsChartInput {
  title: string;
  /** The label under the x axis ("game"). */
  xLabel: string;
  /** series[entrant][game]: the entrant's rating after that many games (0: before the first). */
  series: readonly (readonly number[])[];
  /** One line per entrant, in the series' order (e.g. "Advanced: 5 points, rating 12.3"). */
  legend: readonly string[];
  language?: Language;
}

const WIDTH = 760;
const CHART_HEIGHT = 380;
const LEGEND_ROW = 28;

export function drawStandingsChart(input: StandingsChartInput): Uint8Array {
  ensureFonts();
  const height = CHART_HEIGHT + 16 + LEGEND_ROW * input.legend.length;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  const values = input.series.flat();
  drawLineChart(ctx, {
    title: input.title,
    rect: { x: 8, y: 8, width: WIDTH - 16, height: CHART_HEIGHT - 16 },
    series: input.series,
    xLabel: input.xLabel,
    yMin: Math.floor(Math.min(0, ...values)),
    yMax: Math.ceil(Math.max(1, ...values)),
    endTokens: true,
    ...(input.language ? { language: input.language } : {}),
  });
  input.legend.forEach((line, index) => {
    const y = CHART_HEIGHT + 8 + LEGEND_ROW * index + LEGEND_ROW / 2;
    drawToken(ctx, index, { x: 30, y }, 9);
    drawText(ctx, line, { x: 48, y: y + 6 }, { size: 16, color: INK, maxWidth: WIDTH - 60 });
  });
  return encodeOpaquePng(canvas);
}
