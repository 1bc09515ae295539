/**
 * Hare & Tortoise's images behind the platform's GameRenderer contract (hareRenderer), and the board and
 * game-summary drawing (PNG, @napi-rs/canvas) with its layout for tests and tools.
 */
import type { GameRenderer, SeatView } from '../../contract';
import type { GameEvent, GameState } from '../rules/index';
import { renderBoard } from './board';
import { renderSummary } from './summary';
import type { SeatDisplay } from './types';

export { renderBoard, drawBoard } from './board';
export { renderSummary, drawSummary, hareSummarySheet, SUMMARY_WIDTH } from './summary';
export {
  BOARD_WIDTH,
  BOARD_HEIGHT,
  MIN_TEXT_SIZE,
  boardHeight,
  legendRect,
  TOKEN_RADIUS,
  boardLayout,
  squareCenter,
  squareRect,
  tokenCenter,
  tokenPlacements,
  seatCardRect,
  type Point,
  type Rect,
  type SquareBox,
  type TokenPlacement,
} from './layout';
export { SEAT_COLORS, seatColor } from './palette';
export { encodeOpaquePng } from '../../draw/png';
export type { BoardRenderOptions, SeatDisplay, SeatKind, SummaryRenderOptions } from './types';

function displays(seats: readonly SeatView[]): SeatDisplay[] {
  return seats.map((seat) => ({ name: seat.name, kind: seat.kind as SeatDisplay['kind'] }));
}

export const hareRenderer: GameRenderer<GameState, GameEvent> = {
  board: (input) =>
    renderBoard(input.state, {
      seats: displays(input.seats),
      recentEvents: input.recentEvents,
      viewerSeat: input.viewerSeat,
      ...(input.language ? { language: input.language } : {}),
    }),
  summary: (input) =>
    renderSummary(input.state, {
      seats: displays(input.seats),
      stoppedBy: input.stoppedBy,
      forfeitSeat: input.forfeitSeat ?? null,
      ...(input.language ? { language: input.language } : {}),
    }),
};
