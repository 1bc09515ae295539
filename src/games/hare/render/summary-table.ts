/** The ranking table of the summary: place, seat, player, and the key figures from `seat.stats`. */
import { formatNumber, type GameState, type SeatState } from '../rules/index';
import {
  drawText,
  drawToken,
  fillRoundRect,
  ordinal,
  strokeRoundRect,
  type Context,
  type TextStyle,
} from '../../draw/shapes';
import type { Point, Rect } from './layout';
import { CARD, CARD_EDGE, INK, MUTED_INK } from './palette';
import { displayName, seatDisplay } from './seats';
import type { SeatDisplay } from './types';

export const TABLE_HEADER = 52;
export const ROW_HEIGHT = 38;
export const PLACE_WIDTH = 60;
const NAME_WIDTH = 290;
const TEXT_SIZE = 19;
const MEDAL_COLORS = ['#e8b923', '#b8bec7', '#c98a4b'];

interface Column {
  title: [string, string];
  width: number;
  value: (seat: SeatState) => number;
}

/** Five figures fit at chat size; the game's text summary (and /hare log) carries the rest. */
const FIGURE_COLUMNS: Column[] = [
  { title: ['Turns', 'played'], width: 82, value: (seat) => seat.stats.turns },
  { title: ['Carrots', 'spent'], width: 84, value: (seat) => seat.stats.carrotsSpent },
  { title: ['Lettuces', 'eaten'], width: 88, value: (seat) => seat.stats.lettucesEaten },
  { title: ['Hare', 'results'], width: 80, value: (seat) => seat.stats.hareResults },
  { title: ['Restarts', ''], width: 84, value: (seat) => seat.stats.restarts },
];

const CENTERED: Pick<TextStyle, 'align' | 'baseline'> = { align: 'center', baseline: 'middle' };

/** Seat indices by final place (unplaced seats last, in seat order), or by `places` when given. */
export function ranking(state: GameState, places: readonly number[] | null = null): number[] {
  return state.seats
    .map((seat, index) => ({ index, place: places?.[index] ?? seat.place ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map((entry) => entry.index);
}

/** The centre x of each figure column, from the table's left edge. */
function figureCenters(tableX: number): number[] {
  let x = tableX + PLACE_WIDTH + NAME_WIDTH;
  return FIGURE_COLUMNS.map((column) => {
    const center = x + column.width / 2;
    x += column.width;
    return center;
  });
}

function drawHeader(ctx: Context, table: Rect): void {
  const style = { size: TEXT_SIZE, weight: 'bold' as const, color: MUTED_INK };
  drawText(ctx, 'Place', { x: table.x + 8, y: table.y + 42 }, style);
  drawText(ctx, 'Player', { x: table.x + PLACE_WIDTH + 10, y: table.y + 42 }, style);
  figureCenters(table.x).forEach((x, index) => {
    const [first, second] = (FIGURE_COLUMNS[index] as Column).title;
    drawText(ctx, first, { x, y: table.y + 22 }, { ...style, align: 'center' });
    drawText(ctx, second, { x, y: table.y + 42 }, { ...style, align: 'center' });
  });
}

/** A place with its medal colour, or plain (a stopped game's standing), or "–" when unplaced. */
function drawPlace(ctx: Context, place: number | null, center: Point, medals: boolean): void {
  if (place === null) {
    drawText(ctx, '–', center, { size: TEXT_SIZE + 1, color: MUTED_INK, ...CENTERED });
    return;
  }
  const medal = medals ? MEDAL_COLORS[place - 1] : undefined;
  if (medal) {
    ctx.beginPath();
    ctx.arc(center.x, center.y, 17, 0, Math.PI * 2);
    ctx.fillStyle = medal;
    ctx.fill();
  }
  const at = { x: center.x, y: center.y + 1 };
  drawText(ctx, ordinal(place), at, { size: TEXT_SIZE, weight: 'bold', color: INK, ...CENTERED });
}

function drawRow(
  ctx: Context,
  table: Rect,
  seat: SeatState,
  seatIndex: number,
  display: SeatDisplay,
  token: Point,
  standing: number | null,
) {
  const middle = token.y + 1;
  drawPlace(ctx, standing ?? seat.place, { x: table.x + 30, y: token.y }, standing === null);
  drawToken(ctx, seatIndex, token, 15);
  const nameAt = { x: token.x + 22, y: middle };
  const nameStyle = { size: TEXT_SIZE + 1, weight: 'bold' as const, color: INK, baseline: 'middle' as const };
  drawText(ctx, displayName(display), nameAt, { ...nameStyle, maxWidth: NAME_WIDTH - 50 });
  figureCenters(table.x).forEach((x, index) => {
    const value = (FIGURE_COLUMNS[index] as Column).value(seat);
    drawText(ctx, formatNumber(value), { x, y: middle }, { size: TEXT_SIZE + 1, color: INK, ...CENTERED });
  });
}

export function drawRankingTable(
  ctx: Context,
  state: GameState,
  seats: readonly SeatDisplay[],
  table: Rect,
  rowTokens: readonly Point[],
  /** A stopped game's standings by seat (drawn without medals), or null. */
  places: readonly number[] | null = null,
): void {
  fillRoundRect(ctx, table, 12, CARD);
  strokeRoundRect(ctx, table, 12, CARD_EDGE, 1.5);
  drawHeader(ctx, table);
  ranking(state, places).forEach((seatIndex, row) => {
    const token = rowTokens[row] as Point;
    if (row % 2 === 0) {
      ctx.fillStyle = 'rgba(90, 80, 40, 0.06)';
      ctx.fillRect(table.x + 2, token.y - ROW_HEIGHT / 2, table.width - 4, ROW_HEIGHT);
    }
    const display = seatDisplay(seats, seatIndex);
    drawRow(
      ctx,
      table,
      state.seats[seatIndex] as SeatState,
      seatIndex,
      display,
      token,
      places?.[seatIndex] ?? null,
    );
  });
}
