/** Board and game-summary images (PNG) drawn with @napi-rs/canvas. */
export { renderBoard, drawBoard } from './board';
export {
  renderSummary,
  drawSummary,
  summaryLayout,
  SUMMARY_WIDTH,
  SUMMARY_HEIGHT,
  type SummaryLayout,
} from './summary';
export {
  BOARD_WIDTH,
  BOARD_HEIGHT,
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
