/** Board and game-summary images (PNG) drawn with @napi-rs/canvas. */
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
