/**
 * The winding candy path: a white road with a coloured stretch per space, the pictures, licorice and the castle
 * along it, and the two shortcuts as bridges over it.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { drawText, type Context } from '../../draw/shapes';
import type { Language } from '../../../i18n/index';
import { words, type Translate } from '../candyland-words';
import { INK, PAGE, textColorOn } from '../../draw/palette';
import type { Point } from '../../draw/geometry';
import { CASTLE, TRACK, isLicorice } from '../rules/track';
import { CANDY, CASTLE_PINK, PICTURE_CELL, TRAIL } from './colors';
import {
  BOARD_WIDTH,
  BRIDGES,
  PATH_EDGE,
  PATH_LENGTH,
  PATH_WIDTH,
  STEP,
  TRACK_BOTTOM,
  TRACK_TOP,
  cellCenter,
  legendArea,
  pathPieces,
  spaceStart,
} from './layout';
import { drawCastle, drawLicorice, drawPicture } from './symbols';

const RAINBOW = ['#d7263d', '#f08a24', '#f2c230', '#3a9e4a', '#2e6fd8', '#7b4fb3'];
export const ROAD = '#fffaf2';
const ROAD_OUTLINE = '#8a5a44';
const BRIDGE_RAIL = '#3a2a2a';
/** The white joint left between two spaces along the path. */
const JOINT = 3;

/** Adds the centre line from `from` to `to` (distances along the path) to a new path. */
function traceCentreLine(ctx: Context, from: number, to: number): void {
  ctx.beginPath();
  pathPieces(from, to).forEach((piece, i) => {
    if (piece.kind === 'line') {
      if (i === 0) ctx.moveTo(piece.from.x, piece.from.y);
      ctx.lineTo(piece.to.x, piece.to.y);
    } else {
      ctx.arc(piece.center.x, piece.center.y, piece.radius, piece.start, piece.end, piece.anticlockwise);
    }
  });
}

function strokeStretch(ctx: Context, from: number, to: number, width: number, color: string): void {
  traceCentreLine(ctx, from, to);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
}

function drawRoad(ctx: Context): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  strokeStretch(ctx, 0, PATH_LENGTH, PATH_WIDTH + 2 * PATH_EDGE + 4, ROAD_OUTLINE);
  strokeStretch(ctx, 0, PATH_LENGTH, PATH_WIDTH + 2 * PATH_EDGE, ROAD);
  ctx.lineCap = 'butt';
}

/** A space's stretch of path, `inset` shorter at each end and `width` across. */
function fillSpace(ctx: Context, space: number, color: string, inset = 0, width = PATH_WIDTH): void {
  const start = spaceStart(space) + JOINT / 2 + inset;
  strokeStretch(ctx, start, start + STEP - JOINT - 2 * inset, width, color);
}

function drawSpace(t: Translate, ctx: Context, space: number): void {
  const found = TRACK[space];
  const center = cellCenter(space);
  if (!found) return;
  if (found.kind === 'color') {
    const fill = CANDY[found.color];
    fillSpace(ctx, space, fill);
    if (isLicorice(space)) drawLicorice(ctx, center, PATH_WIDTH * 0.36);
    // Every fifth space is numbered, large enough to read on a phone: a ruler along the path.
    else if (space % 5 === 0)
      drawText(ctx, String(space), center, {
        size: 19,
        weight: 'bold',
        color: textColorOn(fill),
        align: 'center',
        baseline: 'middle',
      });
    return;
  }
  if (found.kind === 'picture') {
    fillSpace(ctx, space, CASTLE_PINK);
    fillSpace(ctx, space, PICTURE_CELL, 3, PATH_WIDTH - 6);
    drawPicture(ctx, found.picture, { x: center.x, y: center.y + 2 }, PATH_WIDTH * 0.3);
    return;
  }
  if (found.kind === 'castle') {
    fillSpace(ctx, space, CASTLE_PINK);
    fillSpace(ctx, space, '#ffe3ef', 3, PATH_WIDTH - 6);
    drawCastle(ctx, { x: center.x, y: center.y - 3 }, PATH_WIDTH * 0.5, CASTLE_PINK);
    return;
  }
  fillSpace(ctx, space, INK);
  fillSpace(ctx, space, '#ffffff', 2, PATH_WIDTH - 4);
  drawText(ctx, t('board.go'), center, {
    size: 20,
    weight: 'bold',
    color: INK,
    align: 'center',
    baseline: 'middle',
  });
}

/** A curve from one space to another, bulging sideways so it does not run along the track. */
export function bend(from: Point, to: Point, bulge: number): Point {
  const mx = (from.x + to.x) / 2;
  const my = (from.y + to.y) / 2;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.max(1, Math.hypot(dx, dy));
  return { x: mx - (dy / length) * bulge, y: my + (dx / length) * bulge };
}

/** A bridge's route as a path: an arch for two points, rounded corners for more. */
function traceRoute(ctx: Context, route: readonly Point[]): void {
  const [first, ...rest] = route;
  const last = route.at(-1);
  if (!first || !last) return;
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  if (rest.length === 1) {
    const via = bend(first, last, PATH_WIDTH * 0.9);
    ctx.quadraticCurveTo(via.x, via.y, last.x, last.y);
    return;
  }
  for (let i = 0; i < rest.length - 1; i++) {
    const corner = rest[i]!;
    const next = rest[i + 1]!;
    ctx.arcTo(corner.x, corner.y, next.x, next.y, 18);
  }
  ctx.lineTo(last.x, last.y);
}

function strokeRoute(ctx: Context, route: readonly Point[], width: number, color: string): void {
  traceRoute(ctx, route);
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
}

/** A bridge: a shadow on the path below, dark rails, then its deck; the Rainbow Trail's deck is a rainbow. */
function drawBridge(ctx: Context, route: readonly Point[], rainbow: boolean): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.save();
  ctx.translate(3, 5);
  strokeRoute(ctx, route, 20, 'rgba(0, 0, 0, 0.25)');
  ctx.restore();
  strokeRoute(ctx, route, 20, BRIDGE_RAIL);
  strokeRoute(ctx, route, 15, '#ffffff');
  if (rainbow) {
    RAINBOW.forEach((color, i) => strokeRoute(ctx, route, 13 - i * 2.2, color));
  } else {
    strokeRoute(ctx, route, 11, TRAIL);
    ctx.setLineDash([2, 12]);
    strokeRoute(ctx, route, 6, '#ffffff');
    ctx.setLineDash([]);
  }
  ctx.lineCap = 'butt';
  for (const end of [route[0], route.at(-1)]) {
    if (!end) continue;
    ctx.beginPath();
    ctx.arc(end.x, end.y, 7, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = BRIDGE_RAIL;
    ctx.stroke();
  }
}

function drawLegend(t: Translate, ctx: Context): void {
  const { left, y } = legendArea();
  const style = { size: 20, weight: 'bold' as const, color: INK, baseline: 'middle' as const };
  drawLicorice(ctx, { x: left + 18, y: y - 13 }, 14);
  drawText(ctx, t('board.licoriceKey'), { x: left + 44, y: y - 13 }, style);
  const bridge = [0, 18, 36].map((dx) => ({ x: left + dx, y: y + 16 }));
  drawBridge(ctx, bridge, true);
  drawText(ctx, t('board.bridgeKey'), { x: left + 44, y: y + 15 }, style);
}

function drawWholeTrack(t: Translate, ctx: Context): void {
  drawRoad(ctx);
  for (let space = 0; space <= CASTLE; space++) drawSpace(t, ctx, space);
  BRIDGES.forEach(({ route }, i) => drawBridge(ctx, route, i === 0));
  drawLegend(t, ctx);
}

/** The track never changes: it is drawn once per thread and language and copied onto every board. */
const drawnTracks = new Map<Language, Canvas>();

/** The track between TRACK_TOP and TRACK_BOTTOM, on the page colour, its words in `language`. */
export function drawTrack(ctx: Context, language: Language = 'en'): void {
  let drawnTrack = drawnTracks.get(language);
  if (!drawnTrack) {
    drawnTrack = createCanvas(BOARD_WIDTH, TRACK_BOTTOM - TRACK_TOP);
    const layer = drawnTrack.getContext('2d');
    layer.fillStyle = PAGE;
    layer.fillRect(0, 0, BOARD_WIDTH, TRACK_BOTTOM - TRACK_TOP);
    layer.translate(0, -TRACK_TOP);
    drawWholeTrack(words(language), layer);
    drawnTracks.set(language, drawnTrack);
  }
  ctx.drawImage(drawnTrack, 0, TRACK_TOP);
}
