/** The board image: the last card big, the track with every pawn, the last moves traced, the seats. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { BoardImageInput } from '../../contract';
import { ensureFonts } from '../../draw/fonts';
import type { Point } from '../../draw/geometry';
import { COST, INK, MUTED_INK, PAGE, seatColor } from '../../draw/palette';
import { encodeBoardPng } from '../../draw/board-png';
import { scratchCanvas } from '../../draw/scratch-canvas';
import { drawToken, fillRoundRect, type Context } from '../../draw/shapes';
import { CASTLE } from '../rules/track';
import type { GameEvent, GameState } from '../rules/types';
import { drawCardFace, drawHeadline } from './card-view';
import { BOARD_WIDTH, TRACK_BOTTOM, cellCenter, pawnSpots } from './layout';
import { drawFittedText } from '../../draw/fitted-text';
import { bend, drawTrack } from './track-view';
import { words, type Translate } from '../candyland-words';

const SEAT_ROW = 62;
export const BOARD_HEIGHT = TRACK_BOTTOM + 12 + 2 * SEAT_ROW + 4;

function arrow(ctx: Context, from: Point, to: Point, color: string, dashed: boolean): void {
  const via = bend(from, to, Math.min(60, Math.hypot(to.x - from.x, to.y - from.y) * 0.25) + 12);
  const angle = Math.atan2(to.y - via.y, to.x - via.x);
  const tip = { x: to.x - Math.cos(angle) * 14, y: to.y - Math.sin(angle) * 14 };
  for (const [width, stroke] of [
    [10, '#1b1b1b'],
    [6, color],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.quadraticCurveTo(via.x, via.y, tip.x, tip.y);
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.setLineDash(dashed && stroke === color ? [10, 7] : []);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(tip.x - Math.cos(angle - 0.5) * 16, tip.y - Math.sin(angle - 0.5) * 16);
  ctx.lineTo(tip.x - Math.cos(angle + 0.5) * 16, tip.y - Math.sin(angle + 0.5) * 16);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#1b1b1b';
  ctx.stroke();
}

function drawTraces(ctx: Context, events: readonly GameEvent[]): void {
  for (const event of events) {
    if (event.type === 'draw' && event.landing !== event.from) {
      const back = event.landing < event.from;
      arrow(
        ctx,
        cellCenter(event.from),
        cellCenter(event.landing),
        back ? COST : seatColor(event.seat),
        false,
      );
    }
    if (event.type === 'shortcut')
      arrow(ctx, cellCenter(event.from), cellCenter(event.to), seatColor(event.seat), true);
  }
}

function drawPawns(ctx: Context, state: GameState): void {
  const bySpace = new Map<number, number[]>();
  state.positions.forEach((space, seat) => bySpace.set(space, [...(bySpace.get(space) ?? []), seat]));
  for (const [space, seats] of bySpace) {
    const spots = pawnSpots(space, seats.length);
    seats.forEach((seat, i) => {
      const spot = spots[i];
      if (spot) drawToken(ctx, seat, spot.at, spot.radius);
      if (spot && state.loseTurn[seat]) {
        ctx.beginPath();
        ctx.arc(spot.at.x, spot.at.y, spot.radius + 3, 0, Math.PI * 2);
        ctx.lineWidth = 3;
        ctx.strokeStyle = '#1b1b1b';
        ctx.setLineDash([5, 4]);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    });
  }
}

function seatLine(t: Translate, state: GameState, seat: number): string {
  const position = state.positions[seat] ?? 0;
  const where =
    position === 0
      ? t('board.atStart')
      : position === CASTLE
        ? t('board.inCastle')
        : t('board.onSpace', { space: position });
  return state.loseTurn[seat] ? t('board.stuck', { where }) : where;
}

/** Each seat's card: its pawn, its name, and where it is on a second line, so neither needs cutting. */
function drawSeats(ctx: Context, input: BoardImageInput<GameState, GameEvent>): void {
  const { state } = input;
  const t = words(input.language);
  const top = TRACK_BOTTOM + 12;
  const columnWidth = (BOARD_WIDTH - 40) / 2;
  state.positions.forEach((_, seat) => {
    const x = 20 + (seat % 2) * columnWidth;
    const y = top + Math.floor(seat / 2) * SEAT_ROW;
    const turn = !state.over && state.current === seat;
    if (turn)
      fillRoundRect(ctx, { x: x - 6, y: y - 2, width: columnWidth - 8, height: SEAT_ROW - 4 }, 10, '#ffe3ef');
    drawToken(ctx, seat, { x: x + 18, y: y + SEAT_ROW / 2 - 2 }, 16);
    const textWidth = columnWidth - 60;
    const name = input.seats[seat]?.name ?? t('player', { number: seat + 1 });
    drawFittedText(ctx, name, { x: x + 44, y: y + 25 }, { size: 24, weight: 'bold', color: INK }, textWidth);
    drawFittedText(
      ctx,
      seatLine(t, state, seat),
      { x: x + 44, y: y + 51 },
      { size: 21, color: state.loseTurn[seat] ? COST : MUTED_INK },
      textWidth,
    );
  });
}

export function drawBoard(
  input: BoardImageInput<GameState, GameEvent>,
  canvas: Canvas = createCanvas(BOARD_WIDTH, BOARD_HEIGHT),
): Canvas {
  ensureFonts();
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
  drawCardFace(ctx, input.state.lastDraw?.card ?? null, { x: 20, y: 14, width: 104, height: 146 });
  drawHeadline(ctx, input, { x: 146, y: 14, width: BOARD_WIDTH - 166, height: 146 });
  drawTrack(ctx, input.language);
  drawTraces(ctx, input.recentEvents);
  drawPawns(ctx, input.state);
  drawSeats(ctx, input);
  return canvas;
}

export function renderBoard(input: BoardImageInput<GameState, GameEvent>): Uint8Array {
  return encodeBoardPng(drawBoard(input, scratchCanvas(BOARD_WIDTH, BOARD_HEIGHT)));
}
