/** A player's rating over their last games, as a small line chart for `/<game> stats`. */
import { createCanvas } from '@napi-rs/canvas';
import { drawLineChart } from './chart';
import { ensureFonts } from './fonts';
import { PAGE } from './palette';
import { encodeOpaquePng } from './png';
import { imageWords } from './image-words';
import type { Language } from '../../i18n/index';

export interface RatingChartInput {
  /** e.g. "Alice's rating, last 12 games". */
  title: string;
  /** The conservative rating after each game, oldest first. */
  ratings: readonly number[];
  /** The number of the first game shown among the player's games (1 when the chart starts at their first). */
  firstGame: number;
  /** The language of the axis' label and numbers (absent: English); the title comes written. */
  language?: Language;
}

export const RATING_CHART_WIDTH = 520;
const HEIGHT = 260;

export function drawRatingChart(input: RatingChartInput): Uint8Array {
  ensureFonts();
  const canvas = createCanvas(RATING_CHART_WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, RATING_CHART_WIDTH, HEIGHT);
  const values = input.ratings.length > 0 ? input.ratings : [0];
  drawLineChart(ctx, {
    title: input.title,
    rect: { x: 8, y: 8, width: RATING_CHART_WIDTH - 16, height: HEIGHT - 16 },
    series: [values],
    xLabel: imageWords(input.language)('images.game'),
    ...(input.language ? { language: input.language } : {}),
    xStart: input.firstGame,
    yMin: Math.min(0, Math.floor(Math.min(...values))),
    yMax: Math.max(1, Math.ceil(Math.max(...values))),
    endTokens: false,
    tickSize: 15,
  });
  return encodeOpaquePng(canvas);
}
