/**
 * The last moves on the board: a dashed ring on each square left, and a line along the track to where the
 * runner went, in the seat's colour (the newest bold, older ones thin).
 */
import { FINISH, START, type GameEvent } from '../rules/index';
import { inset, strokeRoundRect, type Context } from '../../draw/shapes';
import {
  BOARD_WIDTH,
  CELL,
  squareCenter,
  squareRect,
  TOKEN_OFFSET_Y,
  TOKEN_RADIUS,
  TRACK_LEFT,
  type Point,
  type Rect,
} from './layout';
import { seatColor } from './palette';

const MAX_MOVES = 6;
const TOKEN_CLEARANCE = TOKEN_RADIUS + 4;
const OUTLINE = '#1b1b1b';
const NEWEST_LINE = { outline: 8, line: 4.5, head: 15, alpha: 1 };
const OLDER_LINE = { outline: 5, line: 2.5, head: 11, alpha: 0.8 };

interface Movement {
  seat: number;
  from: number;
  to: number;
  /** Drawn as a line along the track (a restart only rings the square left). */
  alongTrack: boolean;
}

function movementsOf(events: readonly GameEvent[]): Movement[] {
  const movements: Movement[] = [];
  for (const event of events) {
    if (event.type === 'move' || event.type === 'move-back' || event.type === 'hare-roll') {
      if (event.from === event.to) continue;
      movements.push({ seat: event.seat, from: event.from, to: event.to, alongTrack: true });
    } else if (event.type === 'restart') {
      movements.push({ seat: event.seat, from: event.from, to: START, alongTrack: false });
    }
  }
  return movements.slice(-MAX_MOVES);
}

/** How far a line is moved sideways in a square: to the outer edge at the ends of the rows (the turns). */
function turnOffset(square: number): number {
  const rect = squareRect(square);
  if (square === START || square === FINISH) return 0;
  if (rect.x <= TRACK_LEFT) return -(CELL / 2 - 9);
  if (rect.x + rect.width >= BOARD_WIDTH - TRACK_LEFT) return CELL / 2 - 9;
  return 0;
}

/** Where a line passes through a square: near its bottom, in the seat's own lane, below the symbols. */
function waypoint(square: number, seat: number): Point {
  const rect = squareRect(square);
  const center = squareCenter(square);
  const y = center.y + 14 + 2.5 * seat;
  if (square === START) return { x: rect.x + rect.width - CELL / 2, y };
  if (square === FINISH) return finishEdge(rect, y);
  return { x: center.x + turnOffset(square), y };
}

/** A line into the finish stops at the edge it comes in by, clear of the tokens. */
function finishEdge(finish: Rect, y: number): Point {
  const comesFromTheRight = squareRect(FINISH - 1).x > finish.x;
  return { x: comesFromTheRight ? finish.x + finish.width + 2 : finish.x - 2, y };
}

/** The squares a move passes, in the order it passes them. */
function squaresPassed(movement: Movement): number[] {
  const step = movement.to > movement.from ? 1 : -1;
  const squares: number[] = [];
  for (let square = movement.from; square !== movement.to + step; square += step) squares.push(square);
  return squares;
}

/** Where the segment a→b first comes near the token on `destination`, so the arrow head stays visible. */
function stopBeforeToken(a: Point, b: Point, destination: number): Point {
  if (destination === START || destination === FINISH) return b;
  const token = squareCenter(destination);
  const tokenY = token.y + TOKEN_OFFSET_Y;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  for (let travelled = 0; travelled <= length; travelled += 2) {
    const x = a.x + ((b.x - a.x) * travelled) / length;
    const y = a.y + ((b.y - a.y) * travelled) / length;
    if (Math.hypot(x - token.x, y - tokenY) < TOKEN_CLEARANCE) return { x, y };
  }
  return b;
}

function drawArrowHead(ctx: Context, tip: Point, angle: number, size: number, color: string): void {
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(tip.x - Math.cos(angle - 0.5) * size, tip.y - Math.sin(angle - 0.5) * size);
  ctx.lineTo(tip.x - Math.cos(angle + 0.5) * size, tip.y - Math.sin(angle + 0.5) * size);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
}

function strokePolyline(ctx: Context, points: Point[], width: number, color: string): void {
  ctx.beginPath();
  points.forEach((point, index) =>
    index === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y),
  );
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.stroke();
}

function drawMoveLine(ctx: Context, movement: Movement, newest: boolean): void {
  const style = newest ? NEWEST_LINE : OLDER_LINE;
  const points = squaresPassed(movement).map((square) => waypoint(square, movement.seat));
  const beforeLast = points[points.length - 2] as Point;
  const tip = stopBeforeToken(beforeLast, points[points.length - 1] as Point, movement.to);
  const angle = Math.atan2(tip.y - beforeLast.y, tip.x - beforeLast.x);
  const bodyEnd = {
    x: tip.x - Math.cos(angle) * style.head * 0.6,
    y: tip.y - Math.sin(angle) * style.head * 0.6,
  };
  const body = [...points.slice(0, -1), bodyEnd];
  const color = seatColor(movement.seat);
  ctx.save();
  ctx.globalAlpha = style.alpha;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  strokePolyline(ctx, body, style.outline, OUTLINE);
  strokePolyline(ctx, body, style.line, color);
  drawArrowHead(ctx, tip, angle, style.head, color);
  ctx.restore();
}

function ringDeparture(ctx: Context, movement: Movement): void {
  ctx.save();
  ctx.setLineDash([7, 5]);
  strokeRoundRect(ctx, inset(squareRect(movement.from), 3), 8, seatColor(movement.seat), 4);
  ctx.restore();
}

/** Draws the moves found in `events` (oldest first); returns whether there were any. */
export function drawLastMoves(ctx: Context, events: readonly GameEvent[]): boolean {
  const movements = movementsOf(events);
  movements.forEach((movement) => ringDeparture(ctx, movement));
  movements.forEach((movement, index) => {
    if (movement.alongTrack) drawMoveLine(ctx, movement, index === movements.length - 1);
  });
  return movements.length > 0;
}
