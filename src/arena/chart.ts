/** The arena's chart: each entrant's conservative rating (μ − 3σ) after each game, with a legend. */
import { createCanvas } from '@napi-rs/canvas';
import { drawLineChart } from '../games/draw/chart';
import { ensureFonts } from '../games/draw/fonts';
import { INK, PAGE } from '../games/draw/palette';
import { encodeOpaquePng } from '../games/draw/png';
import { drawText, drawToken } from '../games/draw/shapes';
import type { ArenaReport } from './standings';

const WIDTH = 760;
const CHART_HEIGHT = 380;
const LEGEND_ROW = 28;

export function drawArenaChart(report: ArenaReport): Uint8Array {
  ensureFonts();
  const height = CHART_HEIGHT + 16 + LEGEND_ROW * report.entrants.length;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  const values = report.ratingHistory.flat();
  drawLineChart(ctx, {
    title: `${report.game} arena: rating (μ − 3σ) after each game, seed "${report.seed}"`.slice(0, 80),
    rect: { x: 8, y: 8, width: WIDTH - 16, height: CHART_HEIGHT - 16 },
    series: report.ratingHistory,
    xLabel: 'game',
    yMin: Math.floor(Math.min(0, ...values)),
    yMax: Math.ceil(Math.max(1, ...values)),
    endTokens: true,
  });
  report.entrants.forEach((entrant, index) => {
    const y = CHART_HEIGHT + 8 + LEGEND_ROW * index + LEGEND_ROW / 2;
    drawToken(ctx, index, { x: 30, y }, 9);
    const label = `${entrant.name}${entrant.kind === 'program' ? ' (program)' : ''}: ${entrant.wins} wins in ${entrant.games} games, μ − 3σ ${entrant.rating.ordinal.toFixed(1)}`;
    drawText(ctx, label, { x: 48, y: y + 6 }, { size: 16, color: INK, maxWidth: WIDTH - 60 });
  });
  return encodeOpaquePng(canvas);
}
