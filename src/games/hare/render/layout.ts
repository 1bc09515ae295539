/**
 * Where everything sits on the board image, drawn for chat size: Discord shows it about 350 px wide on a phone,
 * so the image is 800 px wide and no text on it is smaller than MIN_TEXT_SIZE. The track is a serpentine of six
 * rows of twelve cells: the start fills the first four cells of the top row, the finish the last five of the
 * bottom row. Under the track: one card per seat, two to a row, then the key to the squares.
 */
import type { Point, Rect } from '../../draw/geometry';
import { FINISH, START, type GameState } from '../rules/index';

export const BOARD_WIDTH = 800;
/** The smallest text on the board: 19 px here is 8.3 px on a phone, where the image is 350 px wide. */
export const MIN_TEXT_SIZE = 19;

export const CELL = 60;
export const CELL_GAP = 5;
export const ROW_GAP = 10;
export const COLUMNS = 12;
export const ROWS = 6;
const START_CELLS = 4;
const FINISH_CELLS = 5;

export const HEADER_HEIGHT = 112;
export const TRACK_LEFT = Math.round((BOARD_WIDTH - (COLUMNS * CELL + (COLUMNS - 1) * CELL_GAP)) / 2);
export const TRACK_TOP = HEADER_HEIGHT;
export const TRACK_BOTTOM = TRACK_TOP + ROWS * CELL + (ROWS - 1) * ROW_GAP;

export const PANEL_TOP = TRACK_BOTTOM + 16;
export const PANEL_COLUMNS = 2;
export const PANEL_GAP = 6;
export const CARD_WIDTH = Math.floor(
  (BOARD_WIDTH - 2 * TRACK_LEFT - (PANEL_COLUMNS - 1) * PANEL_GAP) / PANEL_COLUMNS,
);
export const CARD_HEIGHT = 68;
/** Seven kinds of square and two kinds of mark, two to a row. */
const LEGEND_ROWS = 5;
export const LEGEND_ROW_HEIGHT = 28;
const BOTTOM_MARGIN = 8;

function panelRows(seatCount: number): number {
  return Math.ceil(seatCount / PANEL_COLUMNS);
}

/** The key to the squares, under the seat cards. */
export function legendRect(seatCount: number): Rect {
  const y = PANEL_TOP + panelRows(seatCount) * (CARD_HEIGHT + PANEL_GAP) + 2;
  return {
    x: TRACK_LEFT,
    y,
    width: BOARD_WIDTH - 2 * TRACK_LEFT,
    height: LEGEND_ROWS * LEGEND_ROW_HEIGHT + 12,
  };
}

/** The image grows by a row of cards for every two seats. */
export function boardHeight(seatCount: number): number {
  const legend = legendRect(seatCount);
  return legend.y + legend.height + BOTTOM_MARGIN;
}

/** The tallest board (six seats): every part of any board lies within BOARD_WIDTH × BOARD_HEIGHT. */
export const BOARD_HEIGHT = boardHeight(6);

/** The radius of a runner alone on a square; crowded squares (start, finish) use smaller tokens. */
export const TOKEN_RADIUS = 20;
/** A lone runner sits a little below its square's centre, leaving the square's number visible. */
export const TOKEN_OFFSET_Y = 7;

export type { Point, Rect } from '../../draw/geometry';

export interface SquareBox extends Rect {
  index: number;
  /** The cell's row in the serpentine (0 at the top). */
  row: number;
  center: Point;
}

/** The grid cell (row, first column, width in cells) of each board position, in board order. */
function cellSpans(): { row: number; column: number; span: number }[] {
  const spans = [{ row: 0, column: 0, span: START_CELLS }];
  let row = 0;
  let column = START_CELLS;
  for (let index = 1; index < FINISH; index++) {
    spans.push({ row, column, span: 1 });
    const leftToRight = row % 2 === 0;
    const nextColumn = leftToRight ? column + 1 : column - 1;
    if (nextColumn < 0 || nextColumn >= COLUMNS) row += 1;
    else column = nextColumn;
  }
  const leftToRight = row % 2 === 0;
  spans.push({ row, column: leftToRight ? column : column - FINISH_CELLS + 1, span: FINISH_CELLS });
  return spans;
}

function cellX(column: number): number {
  return TRACK_LEFT + column * (CELL + CELL_GAP);
}

function cellY(row: number): number {
  return TRACK_TOP + row * (CELL + ROW_GAP);
}

function buildLayout(): readonly SquareBox[] {
  return cellSpans().map(({ row, column, span }, index) => {
    const x = cellX(column);
    const y = cellY(row);
    const width = span * CELL + (span - 1) * CELL_GAP;
    return { index, row, x, y, width, height: CELL, center: { x: x + width / 2, y: y + CELL / 2 } };
  });
}

const LAYOUT = buildLayout();

/** The box of every board position 0..64, in board order. */
export function boardLayout(): readonly SquareBox[] {
  return LAYOUT;
}

function squareBox(index: number): SquareBox {
  const box = LAYOUT[index];
  if (!box) throw new RangeError(`no square ${index}`);
  return box;
}

export function squareCenter(index: number): Point {
  return squareBox(index).center;
}

export function squareRect(index: number): Rect {
  return squareBox(index);
}

export interface TokenPlacement {
  seat: number;
  center: Point;
  radius: number;
}

/** The area of a square that its runners may use. */
function tokenArea(index: number): Rect {
  const box = squareBox(index);
  // The finish keeps its chequered ends clear.
  const side = index === FINISH ? 18 : 2;
  return { x: box.x + side, y: box.y + 2, width: box.width - 2 * side, height: box.height - 4 };
}

/** Centres for `count` equal tokens in `area`, on the grid that lets them be largest. */
function gridSlots(area: Rect, count: number, maxRadius: number): { centers: Point[]; radius: number } {
  let best = { columns: 1, rows: count, radius: 0 };
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns);
    const radius = Math.min(area.width / columns, area.height / rows) / 2 - 1.5;
    if (radius > best.radius) best = { columns, rows, radius };
  }
  const radius = Math.min(maxRadius, best.radius);
  const pitchX = area.width / best.columns;
  const pitchY = area.height / best.rows;
  const centers: Point[] = [];
  for (let slot = 0; slot < count; slot++) {
    const column = slot % best.columns;
    const row = Math.floor(slot / best.columns);
    const rowCount = Math.min(best.columns, count - row * best.columns);
    const rowOffset = ((best.columns - rowCount) * pitchX) / 2;
    centers.push({
      x: area.x + rowOffset + pitchX * (column + 0.5),
      y: area.y + (area.height - best.rows * pitchY) / 2 + pitchY * (row + 0.5),
    });
  }
  return { centers, radius };
}

/** The seats on `index`, in the order their tokens are laid out (finishing order on the finish). */
function occupantsInOrder(state: GameState, index: number): number[] {
  const seats = state.seats.flatMap((seat, seatIndex) => (seat.position === index ? [seatIndex] : []));
  if (index !== FINISH) return seats;
  const finished = state.finishOrder.filter((seat) => seats.includes(seat));
  return [...finished, ...seats.filter((seat) => !finished.includes(seat))];
}

/** Token slots on the start and finish: one per possible seat, so each token keeps its place. */
const END_SLOTS = 6;

function endSlot(index: number, slot: number): { center: Point; radius: number } {
  const { centers, radius } = gridSlots(tokenArea(index), Math.max(END_SLOTS, slot + 1), TOKEN_RADIUS);
  return { center: centers[slot] as Point, radius };
}

/** Where each runner's token is drawn, in seat order. */
export function tokenPlacements(state: GameState): TokenPlacement[] {
  const placements: TokenPlacement[] = [];
  const squares = new Set(state.seats.map((seat) => seat.position));
  for (const index of squares) {
    const seats = occupantsInOrder(state, index);
    if (index === START) {
      // On the start each seat has its own slot, so the tokens do not shuffle as runners leave.
      for (const seat of seats) placements.push({ seat, ...endSlot(index, seat) });
    } else if (index === FINISH) {
      seats.forEach((seat, slot) => placements.push({ seat, ...endSlot(index, slot) }));
    } else if (seats.length === 1) {
      const center = squareBox(index).center;
      const placed = { x: center.x, y: center.y + TOKEN_OFFSET_Y };
      placements.push({ seat: seats[0] as number, center: placed, radius: TOKEN_RADIUS });
    } else {
      const { centers, radius } = gridSlots(tokenArea(index), seats.length, TOKEN_RADIUS);
      seats.forEach((seat, slot) => placements.push({ seat, center: centers[slot] as Point, radius }));
    }
  }
  return placements.sort((a, b) => a.seat - b.seat);
}

/** The centre of a seat's token on the board image. */
export function tokenCenter(state: GameState, seatIndex: number): Point {
  const placement = tokenPlacements(state).find((p) => p.seat === seatIndex);
  if (!placement) throw new RangeError(`no seat ${seatIndex}`);
  return placement.center;
}

/** The panel card of a seat. */
export function seatCardRect(seatIndex: number): Rect {
  const column = seatIndex % PANEL_COLUMNS;
  const row = Math.floor(seatIndex / PANEL_COLUMNS);
  return {
    x: TRACK_LEFT + column * (CARD_WIDTH + PANEL_GAP),
    y: PANEL_TOP + row * (CARD_HEIGHT + PANEL_GAP),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  };
}
