/**
 * The board the platform draws for a module without a renderer, from the contract alone: the title and whose
 * turn it is (or the result), every seat with its place and figures, the module's grid when it has one, its
 * status lines, and the latest log lines. Drawn 800 px wide with text of 22 px or more, so that it reads at a
 * phone's 350 px.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { AnyGameModule, BoardImageInput } from '../contract';
import { ensureFonts } from './fonts';
import { figureText, gameTitle, plainText, resultText, seatCount, textContextOf } from './game-words';
import type { Rect } from './geometry';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE, seatColor, withAlpha } from './palette';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from './shapes';
import { drawTextGrid, gridHeight, type TextGrid } from './text-grid';
import { wrapText } from './wrap-text';
import { imageWords, placeText } from './image-words';

const WIDTH = 800;
const MARGIN = 24;
const ROW = 46;
const TEXT = 24;
const LINE = 32;
const GAP = 20;
/** The grid takes at most this width, centred. */
const GRID_WIDTH = 560;
const LATEST_LINES = 4;

interface BoardContent {
  title: string;
  headline: string;
  rows: { seat: number; name: string; place: string; detail: string; toPlay: boolean }[];
  grid: TextGrid | null;
  status: string[];
  latest: string[];
  /** The heading of the latest lines. */
  latestHeading: string;
}

let measuring: Context | null = null;

/** A context to measure text on before the image's height is known. */
function measure(): Context {
  measuring ??= createCanvas(1, 1).getContext('2d');
  return measuring;
}

function contentOf(module: AnyGameModule, input: BoardImageInput<unknown, unknown>): BoardContent {
  const { state, language } = input;
  const t = imageWords(language);
  const count = seatCount(module, state);
  const ctx = textContextOf(input.seats, count, input.viewerSeat, language);
  const over = module.rules.isOver(state);
  const current = module.rules.currentSeat(state);
  const places = new Map(module.rules.standings(state).map((standing) => [standing.seat, standing.place]));
  // While the game runs, places mean something only when they differ (a race), not when all share the first.
  const showPlaces = over || new Set(places.values()).size > 1;
  const width = WIDTH - 2 * MARGIN - 32;
  const lines = (texts: readonly string[], maxLines: number) =>
    texts.flatMap((text) => wrapText(measure(), plainText(text), width, TEXT, maxLines));
  const latest = input.recentEvents
    .map((event) => module.texts.describeEvent(event, state, ctx))
    .filter((line): line is string => line !== null)
    .slice(-LATEST_LINES);
  return {
    title: gameTitle(module, language),
    headline: over
      ? resultText(module, state, ctx.names, language)
      : t('images.toPlay', { name: ctx.names[current ?? 0]! }),
    rows: ctx.names.map((name, seat) => ({
      seat,
      name,
      place: showPlaces ? placeText(places.get(seat) ?? count, language) : '',
      detail: module.texts
        .figures(state, seat, language)
        .map((figure) => figureText(figure, language))
        .join(', '),
      toPlay: !over && seat === current,
    })),
    grid: module.boardGrid?.(state) ?? null,
    status: lines(module.texts.status(state, ctx), 3).slice(0, 6),
    latest: lines(latest, 2),
    latestHeading: t('images.latest'),
  };
}

function cardHeight(lines: number): number {
  return lines === 0 ? 0 : 20 + lines * LINE + 12;
}

function boardHeight(content: BoardContent): number {
  const parts = [
    content.rows.length * ROW + 16,
    content.grid ? gridHeight(content.grid, GRID_WIDTH) : 0,
    cardHeight(content.status.length),
    content.latest.length > 0 ? cardHeight(content.latest.length + 1) : 0,
  ].filter((height) => height > 0);
  return 100 + parts.reduce((sum, height) => sum + height + GAP, 0);
}

function drawSeats(ctx: Context, content: BoardContent, top: number): number {
  const rect = { x: MARGIN, y: top, width: WIDTH - 2 * MARGIN, height: content.rows.length * ROW + 16 };
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  content.rows.forEach((row, i) => {
    const middle = top + 8 + i * ROW + ROW / 2;
    if (row.toPlay) {
      const band = { x: rect.x + 4, y: middle - ROW / 2 + 2, width: rect.width - 8, height: ROW - 4 };
      fillRoundRect(ctx, band, 8, withAlpha(seatColor(row.seat), 0.22));
      drawTurnMarker(ctx, { x: rect.x + 64, y: middle });
    }
    const text = { size: TEXT, color: INK, baseline: 'middle' as const };
    drawText(ctx, row.place, { x: rect.x + 14, y: middle + 1 }, { ...text, weight: 'bold' });
    drawToken(ctx, row.seat, { x: rect.x + 106, y: middle }, 16);
    drawText(ctx, row.name, { x: rect.x + 134, y: middle + 1 }, { ...text, weight: 'bold', maxWidth: 300 });
    const detailAt = { x: rect.x + rect.width - 16, y: middle + 1 };
    drawText(ctx, row.detail, detailAt, { ...text, color: MUTED_INK, align: 'right', maxWidth: 280 });
  });
  return rect.y + rect.height;
}

/** A triangle pointing at the seat to play. */
function drawTurnMarker(ctx: Context, at: { x: number; y: number }): void {
  ctx.beginPath();
  ctx.moveTo(at.x, at.y - 10);
  ctx.lineTo(at.x + 14, at.y);
  ctx.lineTo(at.x, at.y + 10);
  ctx.closePath();
  ctx.fillStyle = INK;
  ctx.fill();
}

function drawLines(ctx: Context, lines: readonly string[], rect: Rect, heading?: string): void {
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  const all = heading ? [heading, ...lines] : lines;
  all.forEach((line, i) =>
    drawText(
      ctx,
      line,
      { x: rect.x + 16, y: rect.y + 20 + i * LINE + TEXT - 2 },
      {
        size: TEXT,
        weight: heading && i === 0 ? 'bold' : 'regular',
        color: heading && i === 0 ? MUTED_INK : INK,
        maxWidth: rect.width - 32,
      },
    ),
  );
}

/** The default board of `module` on a new canvas. */
export function drawDefaultBoard(module: AnyGameModule, input: BoardImageInput<unknown, unknown>): Canvas {
  ensureFonts();
  const content = contentOf(module, input);
  const height = boardHeight(content);
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, WIDTH, height);
  drawText(
    ctx,
    content.title,
    { x: MARGIN, y: 46 },
    { size: 32, weight: 'bold', color: INK, maxWidth: WIDTH - 2 * MARGIN },
  );
  drawText(
    ctx,
    content.headline,
    { x: MARGIN, y: 82 },
    { size: TEXT, color: MUTED_INK, maxWidth: WIDTH - 2 * MARGIN },
  );
  let top = drawSeats(ctx, content, 100) + GAP;
  if (content.grid) {
    const area = { x: (WIDTH - GRID_WIDTH) / 2, y: top, width: GRID_WIDTH, height: 0 };
    drawTextGrid(ctx, content.grid, area);
    top += gridHeight(content.grid, GRID_WIDTH) + GAP;
  }
  const card = (lines: number) => ({
    x: MARGIN,
    y: top,
    width: WIDTH - 2 * MARGIN,
    height: cardHeight(lines),
  });
  if (content.status.length > 0) {
    drawLines(ctx, content.status, card(content.status.length));
    top += cardHeight(content.status.length) + GAP;
  }
  if (content.latest.length > 0)
    drawLines(ctx, content.latest, card(content.latest.length + 1), content.latestHeading);
  return canvas;
}
