/** The board image: 6 rows × 9 columns with their stacks, obstacles, the die and the rolled row, the goal count. */
import type { BoardImageInput, SeatView } from '../../contract';
import { ensureFonts, font } from '../../draw/fonts';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE, seatColor } from '../../draw/palette';
import { encodeBoardPng } from '../../draw/board-png';
import { scratchCanvas } from '../../draw/scratch-canvas';
import { drawText, drawToken, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { COLUMNS, GOAL, ROWS, TO_WIN, inGoal, obstacleHolds, stackAt } from '../rules/board';
import { forwardMoves } from '../rules/moves';
import type { GameEvent, GameState } from '../rules/types';
import { roundNumber } from '../texts';
import { drawDie } from '../../draw/die';
import { drawFittedText, MIN_FITTED_SIZE } from '../../draw/fitted-text';
import { seatName, words, type Translate } from '../hedgehogs-words';

export const WIDTH = 800;
const MARGIN = 16;
const HEADER = 84;
const ROW_LABEL = 34;
const CELL_WIDTH = (WIDTH - 2 * MARGIN - ROW_LABEL) / COLUMNS;
const CELL_HEIGHT = 92;
const GRID_TOP = HEADER + 30;
const LEGEND_ROW = 44;
const KEY_ROW = 44;
const KEY_TEXT = 22;
const ROLLED = '#ffe9a8';
const ROLLED_BAND = '#f0b400';
const GOAL_TINT = '#d9f0dc';
const START_TINT = '#ece6d6';
const OBSTACLE = '#5b4630';
const PASSED_OBSTACLE = '#cbbfa8';

function nameOf(t: Translate, seats: readonly SeatView[], seat: number): string {
  return seatName(
    t,
    seats.map((view) => view.name),
    seat,
  );
}

function cellRect(row: number, col: number) {
  return {
    x: MARGIN + ROW_LABEL + col * CELL_WIDTH,
    y: GRID_TOP + (row - 1) * CELL_HEIGHT,
    width: CELL_WIDTH,
    height: CELL_HEIGHT,
  };
}

function headline(t: Translate, state: GameState, seats: readonly SeatView[]): string {
  if (state.phase === 'over')
    return state.winner !== null
      ? t('board.wins', { name: nameOf(t, seats, state.winner) })
      : t('board.turnLimit');
  const name = nameOf(t, seats, state.current);
  if (state.phase === 'place') return t('board.placing', { name });
  if (state.phase === 'forward') return t('board.forward', { name, row: state.die! });
  return forwardMoves(state, state.current, state.die!).length
    ? t('board.sidestepOptional', { name, row: state.die! })
    : t('board.sidestepOrNothing', { name, row: state.die! });
}

function drawHeader(t: Translate, ctx: Context, state: GameState, seats: readonly SeatView[]): void {
  const round = state.phase === 'place' ? t('board.setUp') : t('board.round', { round: roundNumber(state) });
  drawFittedText(
    ctx,
    `${t('title')} · ${round}`,
    { x: MARGIN, y: 34 },
    { size: 26, weight: 'bold', color: INK },
    640,
  );
  if (state.phase !== 'over' && state.phase !== 'place')
    drawToken(ctx, state.current, { x: MARGIN + 15, y: 62 }, 15);
  const textX = state.phase !== 'over' && state.phase !== 'place' ? MARGIN + 38 : MARGIN;
  drawFittedText(
    ctx,
    headline(t, state, seats),
    { x: textX, y: 71 },
    { size: 24, weight: 'bold', color: INK },
    620,
  );
  if (state.die !== null) drawDie(ctx, state.die, { x: WIDTH - MARGIN - 66, y: 10 }, 66);
}

function drawGridBackground(t: Translate, ctx: Context, state: GameState): void {
  for (let col = 0; col < COLUMNS; col++) {
    const label = col === 0 ? t('board.start') : col === GOAL ? t('board.goal') : String(col);
    drawFittedText(
      ctx,
      label,
      { x: cellRect(1, col).x + CELL_WIDTH / 2, y: GRID_TOP - 8 },
      { size: 22, weight: 'bold', color: MUTED_INK, align: 'center' },
      CELL_WIDTH - 4,
    );
  }
  const rolled = state.phase === 'sidestep' || state.phase === 'forward' ? state.die : null;
  for (let row = 1; row <= ROWS; row++) {
    const band = { x: MARGIN, y: cellRect(row, 0).y, width: WIDTH - 2 * MARGIN, height: CELL_HEIGHT };
    if (row === rolled) {
      fillRoundRect(ctx, band, 8, ROLLED_BAND);
    }
    drawText(
      ctx,
      String(row),
      { x: MARGIN + ROW_LABEL / 2, y: band.y + CELL_HEIGHT / 2 + 9 },
      { size: 26, weight: 'bold', color: row === rolled ? INK : MUTED_INK, align: 'center' },
    );
    for (let col = 0; col < COLUMNS; col++) {
      const cell = cellRect(row, col);
      const inner = { x: cell.x + 3, y: cell.y + 3, width: cell.width - 6, height: cell.height - 6 };
      const obstacle = state.obstacles[row - 1] === col;
      const plain = row === rolled ? ROLLED : col === GOAL ? GOAL_TINT : col === 0 ? START_TINT : CARD;
      // In set-up every hedgehog starts left of every obstacle: none is passed yet, even on the empty board.
      const holds = state.phase === 'place' || obstacleHolds(state, row);
      const fill = obstacle ? (holds ? OBSTACLE : PASSED_OBSTACLE) : plain;
      fillRoundRect(ctx, inner, 8, fill);
      strokeRoundRect(ctx, inner, 8, obstacle ? OBSTACLE : CARD_EDGE, obstacle ? 3 : 1.5);
    }
  }
}

/** A stack: the hedgehogs below as coloured bars (bottom to top), the top one as a numbered token above them. */
function drawStack(ctx: Context, stack: readonly number[], row: number, col: number): void {
  if (!stack.length) return;
  const cell = cellRect(row, col);
  const below = stack.slice(0, -1);
  const barArea = CELL_HEIGHT - 52;
  const barHeight = below.length ? Math.min(10, (barArea - 2) / below.length) : 0;
  const barWidth = CELL_WIDTH - 22;
  below.forEach((seat, level) => {
    const y = cell.y + CELL_HEIGHT - 8 - (level + 1) * barHeight;
    ctx.fillStyle = seatColor(seat);
    ctx.fillRect(cell.x + 11, y, barWidth, Math.max(2, barHeight - 1.5));
    ctx.strokeStyle = '#1b1b1b';
    ctx.lineWidth = 1;
    ctx.strokeRect(cell.x + 11, y, barWidth, Math.max(2, barHeight - 1.5));
  });
  const topY = cell.y + CELL_HEIGHT - 8 - below.length * barHeight - 20;
  drawToken(
    ctx,
    stack[stack.length - 1]!,
    { x: cell.x + CELL_WIDTH / 2, y: Math.max(cell.y + 22, topY) },
    18,
  );
  if (stack.length > 1)
    drawText(
      ctx,
      `${stack.length}`,
      { x: cell.x + CELL_WIDTH - 8, y: cell.y + 22 },
      { size: 20, weight: 'bold', color: INK, align: 'right' },
    );
}

/** The circles of a seat's hedgehogs in the goal, `filled` of TO_WIN, the first centred at `x`. */
function drawGoalCircles(ctx: Context, x: number, y: number, filled: number, color: string): void {
  for (let i = 0; i < TO_WIN; i++) {
    ctx.beginPath();
    ctx.arc(x + i * 26, y, 9, 0, Math.PI * 2);
    ctx.fillStyle = i < filled ? color : '#ffffff';
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.lineWidth = 2;
    ctx.stroke();
  }
}

/** What the two obstacle shades and the goal circles mean, in one line under the players. */
function drawKey(t: Translate, ctx: Context, top: number): void {
  const middle = top + KEY_ROW / 2;
  const goalText = t('board.inGoal', { goal: TO_WIN });
  const labels = [t('board.stuck'), t('board.passed'), goalText];
  // the three labels share the line: a longer language's words are drawn smaller, never cut
  const room = WIDTH - 2 * MARGIN - 2 * (34 + 24) - 78;
  let size = KEY_TEXT;
  ctx.font = font(size, 'bold');
  while (
    size > MIN_FITTED_SIZE &&
    labels.reduce((sum, label) => sum + ctx.measureText(label).width, 0) > room
  )
    ctx.font = font(--size, 'bold');
  const style = { size, weight: 'bold' as const, color: MUTED_INK };
  let x = MARGIN;
  for (const [fill, label] of [
    [OBSTACLE, labels[0]!],
    [PASSED_OBSTACLE, labels[1]!],
  ] as const) {
    const swatch = { x, y: middle - 13, width: 26, height: 26 };
    fillRoundRect(ctx, swatch, 5, fill);
    strokeRoundRect(ctx, swatch, 5, OBSTACLE, 2);
    x += 34;
    x += drawText(ctx, label, { x, y: middle + 8 }, style) + 24;
  }
  drawGoalCircles(ctx, x + 9, middle, 1, MUTED_INK);
  drawText(ctx, goalText, { x: x + 78, y: middle + 8 }, style);
}

function drawLegend(
  t: Translate,
  ctx: Context,
  state: GameState,
  seats: readonly SeatView[],
  top: number,
): void {
  const goal = inGoal(state);
  const columnWidth = (WIDTH - 2 * MARGIN) / 2;
  goal.forEach((count, seat) => {
    const x = MARGIN + (seat % 2) * columnWidth;
    const y = top + Math.floor(seat / 2) * LEGEND_ROW;
    drawToken(ctx, seat, { x: x + 16, y: y + 20 }, 15);
    drawText(
      ctx,
      nameOf(t, seats, seat),
      { x: x + 40, y: y + 28 },
      { size: 22, weight: 'bold', color: INK, maxWidth: columnWidth - 140 },
    );
    drawGoalCircles(ctx, x + columnWidth - 80, y + 20, count, seatColor(seat));
  });
}

function legendTop(): number {
  return GRID_TOP + ROWS * CELL_HEIGHT + 12;
}

export function boardHeight(seats: number): number {
  return legendTop() + Math.ceil(seats / 2) * LEGEND_ROW + KEY_ROW + 8;
}

export function renderBoard(input: BoardImageInput<GameState, GameEvent>): Uint8Array {
  ensureFonts();
  const { state, seats } = input;
  const t = words(input.language);
  const canvas = scratchCanvas(WIDTH, boardHeight(state.seats));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawHeader(t, ctx, state, seats);
  drawGridBackground(t, ctx, state);
  for (let row = 1; row <= ROWS; row++)
    for (let col = 0; col < COLUMNS; col++) drawStack(ctx, stackAt(state, row, col), row, col);
  drawLegend(t, ctx, state, seats, legendTop());
  drawKey(t, ctx, legendTop() + Math.ceil(state.seats / 2) * LEGEND_ROW);
  return encodeBoardPng(canvas);
}
