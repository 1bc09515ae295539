/** The simulator's image: a histogram of game length, its mean, median and longest game, and wins by seat. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { niceAxis } from '../../draw/chart';
import { ensureFonts, font } from '../../draw/fonts';
import { CARD, CARD_EDGE, COST, INK, MUTED_INK, PAGE, seatColor } from '../../draw/palette';
import { encodeOpaquePng } from '../../draw/png';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import type { Rect } from '../../draw/geometry';
import type { SimulationResult } from '../simulate';
import { percent, type SimulationImageRequest } from '../tools';
import type { Language } from '../../../i18n/index';
import { drawFittedText } from '../../draw/fitted-text';
import { decimal, plainNumber, words, type Translate } from '../candyland-words';

const WIDTH = 800;
const BAR = '#e0457b';

function verticalMark(ctx: Context, x: number, plot: Rect, color: string, dashed: boolean): void {
  ctx.beginPath();
  ctx.moveTo(x, plot.y);
  ctx.lineTo(x, plot.y + plot.height);
  ctx.lineWidth = 3;
  ctx.strokeStyle = color;
  ctx.setLineDash(dashed ? [8, 6] : []);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawHistogram(
  t: Translate,
  language: Language | undefined,
  ctx: Context,
  result: SimulationResult,
  rect: Rect,
): void {
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  drawText(
    ctx,
    t('simulation.byLength'),
    { x: rect.x + 16, y: rect.y + 34 },
    { size: 24, weight: 'bold', color: INK },
  );
  const histogram = result.rounds.histogram;
  const xAxis = niceAxis(result.rounds.max + 1, 8);
  const yAxis = niceAxis(Math.max(...histogram), 4);
  const tick = { size: 22, color: MUTED_INK };
  const yLabels: string[] = [];
  for (let value = 0; value <= yAxis.max; value += yAxis.step)
    yLabels.push(value.toLocaleString(language ?? 'en'));
  // The plot starts right of the widest count ("10,000"), clear of the card's frame.
  ctx.font = font(tick.size);
  const labelWidth = Math.max(...yLabels.map((label) => ctx.measureText(label).width));
  const left = Math.max(70, Math.ceil(labelWidth) + 30);
  const plot = { x: rect.x + left, y: rect.y + 56, width: rect.width - left - 26, height: rect.height - 110 };
  const barWidth = plot.width / xAxis.max;
  const x = (rounds: number): number => plot.x + rounds * barWidth;
  const y = (count: number): number => plot.y + plot.height - (count / yAxis.max) * plot.height;
  ctx.fillStyle = BAR;
  histogram.forEach((count, rounds) => {
    if (count > 0)
      ctx.fillRect(
        x(rounds) - barWidth / 2 + 0.5,
        y(count),
        Math.max(1, barWidth - 1),
        plot.y + plot.height - y(count),
      );
  });
  yLabels.forEach((label, index) =>
    drawText(ctx, label, { x: plot.x - 10, y: y(index * yAxis.step) + 7 }, { ...tick, align: 'right' }),
  );
  for (let value = 0; value <= xAxis.max; value += xAxis.step)
    drawText(ctx, String(value), { x: x(value), y: plot.y + plot.height + 26 }, { ...tick, align: 'center' });
  drawText(
    ctx,
    t('simulation.roundsAxis'),
    { x: plot.x + plot.width, y: plot.y + plot.height + 50 },
    { ...tick, align: 'right' },
  );
  ctx.beginPath();
  ctx.moveTo(plot.x - barWidth / 2, plot.y + plot.height);
  ctx.lineTo(plot.x + plot.width, plot.y + plot.height);
  ctx.lineWidth = 2;
  ctx.strokeStyle = INK;
  ctx.stroke();
  verticalMark(ctx, x(result.rounds.mean), plot, INK, false);
  verticalMark(ctx, x(result.rounds.median), plot, COST, true);
  const right = plot.x + plot.width;
  drawText(
    ctx,
    t('simulation.mean', { value: decimal(result.rounds.mean, language, 1) }),
    { x: right, y: plot.y + 18 },
    { size: 22, weight: 'bold', color: INK, align: 'right' },
  );
  drawText(
    ctx,
    t('simulation.median', { value: plainNumber(result.rounds.median, language) }),
    { x: right, y: plot.y + 46 },
    { size: 22, weight: 'bold', color: COST, align: 'right' },
  );
  drawText(
    ctx,
    t('simulation.longest', { value: result.rounds.max }),
    { x: right, y: plot.y + 74 },
    { size: 22, weight: 'bold', color: MUTED_INK, align: 'right' },
  );
}

function drawWins(
  t: Translate,
  language: Language | undefined,
  ctx: Context,
  result: SimulationResult,
  top: number,
): void {
  drawText(
    ctx,
    t('simulation.shareOfWins'),
    { x: 24, y: top + 26 },
    { size: 24, weight: 'bold', color: INK },
  );
  const scale = (WIDTH - 300) / Math.max(0.6, ...result.winsBySeat);
  result.winsBySeat.forEach((share, seat) => {
    const y = top + 44 + seat * 44;
    drawToken(ctx, seat, { x: 42, y: y + 18 }, 16);
    drawFittedText(
      ctx,
      t('simulation.seat', { seat: seat + 1 }),
      { x: 68, y: y + 26 },
      { size: 22, weight: 'bold', color: INK },
      96,
    );
    fillRoundRect(
      ctx,
      { x: 170, y: y + 4, width: Math.max(4, share * scale), height: 28 },
      6,
      seatColor(seat),
    );
    drawText(
      ctx,
      percent(share, language),
      { x: 180 + share * scale, y: y + 26 },
      { size: 22, weight: 'bold', color: INK },
    );
  });
}

export function drawSimulation(result: SimulationResult, language?: Language): Canvas {
  ensureFonts();
  const t = words(language);
  // A row of 44 pixels per seat's wins, and a page margin under the last bar.
  const height = 540 + result.seats * 44;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  const games = t('simulation.games', { count: result.games });
  drawText(
    ctx,
    t('simulation.title', { games, seats: result.seats }),
    { x: 24, y: 44 },
    { size: 30, weight: 'bold', color: INK, maxWidth: WIDTH - 48 },
  );
  drawText(
    ctx,
    t('simulation.perGame', { mean: decimal(result.draws.mean, language, 1) }),
    { x: 24, y: 78 },
    { size: 22, color: MUTED_INK },
  );
  drawHistogram(t, language, ctx, result, { x: 20, y: 96, width: WIDTH - 40, height: 380 });
  drawWins(t, language, ctx, result, 484);
  return canvas;
}

export function renderSimulation(request: unknown): Uint8Array {
  const { kind, result, language } = request as SimulationImageRequest;
  if (kind !== 'candyland-simulation') throw new Error(`not a Candy Land image request: ${String(kind)}`);
  return encodeOpaquePng(drawSimulation(result, language));
}
