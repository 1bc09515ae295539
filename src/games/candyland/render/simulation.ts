/** The simulator's image: a histogram of game length, its mean, median and longest game, and wins by seat. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { niceAxis } from '../../draw/chart';
import { ensureFonts } from '../../draw/fonts';
import { CARD, CARD_EDGE, COST, INK, MUTED_INK, PAGE, seatColor } from '../../draw/palette';
import { encodeOpaquePng } from '../../draw/png';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import type { Rect } from '../../draw/geometry';
import type { SimulationResult } from '../simulate';
import type { SimulationImageRequest } from '../tools';

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

function drawHistogram(ctx: Context, result: SimulationResult, rect: Rect): void {
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  drawText(
    ctx,
    'Games by length in rounds',
    { x: rect.x + 16, y: rect.y + 34 },
    { size: 24, weight: 'bold', color: INK },
  );
  const plot = { x: rect.x + 70, y: rect.y + 56, width: rect.width - 96, height: rect.height - 110 };
  const histogram = result.rounds.histogram;
  const xAxis = niceAxis(result.rounds.max + 1, 8);
  const yAxis = niceAxis(Math.max(...histogram), 4);
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
  const tick = { size: 22, color: MUTED_INK };
  for (let value = 0; value <= yAxis.max; value += yAxis.step)
    drawText(
      ctx,
      value.toLocaleString('en'),
      { x: plot.x - 10, y: y(value) + 7 },
      { ...tick, align: 'right' },
    );
  for (let value = 0; value <= xAxis.max; value += xAxis.step)
    drawText(ctx, String(value), { x: x(value), y: plot.y + plot.height + 26 }, { ...tick, align: 'center' });
  drawText(
    ctx,
    'rounds',
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
    `Mean ${result.rounds.mean.toFixed(1)}`,
    { x: right, y: plot.y + 18 },
    { size: 22, weight: 'bold', color: INK, align: 'right' },
  );
  drawText(
    ctx,
    `Median ${result.rounds.median}`,
    { x: right, y: plot.y + 46 },
    { size: 22, weight: 'bold', color: COST, align: 'right' },
  );
  drawText(
    ctx,
    `Longest ${result.rounds.max}`,
    { x: right, y: plot.y + 74 },
    { size: 22, weight: 'bold', color: MUTED_INK, align: 'right' },
  );
}

function drawWins(ctx: Context, result: SimulationResult, top: number): void {
  drawText(ctx, 'Share of wins by seat', { x: 24, y: top + 26 }, { size: 24, weight: 'bold', color: INK });
  const scale = (WIDTH - 300) / Math.max(0.6, ...result.winsBySeat);
  result.winsBySeat.forEach((share, seat) => {
    const y = top + 44 + seat * 44;
    drawToken(ctx, seat, { x: 42, y: y + 18 }, 16);
    drawText(ctx, `Seat ${seat + 1}`, { x: 68, y: y + 26 }, { size: 22, weight: 'bold', color: INK });
    fillRoundRect(
      ctx,
      { x: 170, y: y + 4, width: Math.max(4, share * scale), height: 28 },
      6,
      seatColor(seat),
    );
    drawText(
      ctx,
      `${(share * 100).toFixed(1)}%`,
      { x: 180 + share * scale, y: y + 26 },
      { size: 22, weight: 'bold', color: INK },
    );
  });
}

export function drawSimulation(result: SimulationResult): Canvas {
  ensureFonts();
  const height = 520 + result.seats * 44;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  const games = result.games === 1 ? '1 game' : `${result.games.toLocaleString('en')} games`;
  drawText(
    ctx,
    `Candy Land · ${games} · ${result.seats} players`,
    { x: 24, y: 44 },
    { size: 30, weight: 'bold', color: INK, maxWidth: WIDTH - 48 },
  );
  drawText(
    ctx,
    `${result.draws.mean.toFixed(1)} cards drawn per game on average`,
    { x: 24, y: 78 },
    { size: 22, color: MUTED_INK },
  );
  drawHistogram(ctx, result, { x: 20, y: 96, width: WIDTH - 40, height: 380 });
  drawWins(ctx, result, 484);
  return canvas;
}

export function renderSimulation(request: unknown): Uint8Array {
  const { kind, result } = request as SimulationImageRequest;
  if (kind !== 'candyland-simulation') throw new Error(`not a Candy Land image request: ${String(kind)}`);
  return encodeOpaquePng(drawSimulation(result));
}
