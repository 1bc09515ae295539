/**
 * The seat panel under the track: one card per seat, and a key to the squares when there is room. The card
 * frames, their icons and the key are painted once per rule set and seat count and reused.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { FINISH, raceRank, type GameState, type RulesName, type SeatState } from '../rules/index';
import {
  drawPill,
  drawText,
  drawToken,
  fillRoundRect,
  inset,
  ordinal,
  strokeRoundRect,
  type Context,
} from '../../draw/shapes';
import { drawCarrot, drawLettuce } from './icons';
import { drawSquareLegend } from './legend';
import { BOARD_HEIGHT, BOARD_WIDTH, PANEL_COLUMNS, PANEL_TOP, seatCardRect, type Rect } from './layout';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE, seatColor, withAlpha } from './palette';
import { kindLabel, seatDisplay } from './seats';
import type { SeatDisplay } from './types';
import type { Visibility } from './visibility';

const PLACE_COLORS = ['#e8b923', '#b8bec7', '#c98a4b'];
const OTHER_PLACE_COLOR = '#d9d4c5';
const PANEL_AREA = { x: 0, y: PANEL_TOP, width: BOARD_WIDTH, height: BOARD_HEIGHT - PANEL_TOP };

function figuresBaseline(rect: Rect): number {
  return rect.y + rect.height - 18;
}

function secondPanelRow(): Rect {
  const first = seatCardRect(PANEL_COLUMNS);
  const last = seatCardRect(2 * PANEL_COLUMNS - 1);
  return { x: first.x, y: first.y, width: last.x + last.width - first.x, height: first.height };
}

function paintCardFrame(ctx: Context, rect: Rect): void {
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, inset(rect, 0.5), 12, CARD_EDGE, 1.5);
  const baseline = figuresBaseline(rect);
  drawLettuce(ctx, rect.x + 22, baseline - 7, 24);
  drawCarrot(ctx, rect.x + 78, baseline - 7, 26);
}

function paintPanel(rules: RulesName, seatCount: number): Canvas {
  const canvas = createCanvas(PANEL_AREA.width, PANEL_AREA.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, PANEL_AREA.width, PANEL_AREA.height);
  ctx.translate(-PANEL_AREA.x, -PANEL_AREA.y);
  for (let seat = 0; seat < seatCount; seat++) paintCardFrame(ctx, seatCardRect(seat));
  if (seatCount <= PANEL_COLUMNS) drawSquareLegend(ctx, rules, secondPanelRow());
  return canvas;
}

const panels = new Map<string, Canvas>();

/** The empty cards (and the key) for a game, painted once. */
function panelBackground(rules: RulesName, seatCount: number): Canvas {
  const key = `${rules}:${seatCount}`;
  let panel = panels.get(key);
  if (!panel) {
    panel = paintPanel(rules, seatCount);
    panels.set(key, panel);
  }
  return panel;
}

function drawStatus(ctx: Context, state: GameState, seatIndex: number, rect: Rect): void {
  const seat = state.seats[seatIndex] as SeatState;
  const right = rect.x + rect.width - 10;
  const middle = rect.y + 22;
  if (seat.place !== null) {
    const fill = PLACE_COLORS[seat.place - 1] ?? OTHER_PLACE_COLOR;
    drawPill(ctx, `${ordinal(seat.place)} place`, right, middle, { fill, size: 15 });
  } else if (!state.over && seatIndex === state.current) {
    drawPill(ctx, 'TO ACT', right, middle, { fill: '#1b1b1b', size: 15 });
  } else if (seat.missTurns > 0) {
    drawPill(ctx, 'misses a turn', right, middle, { fill: '#f3c5c0', size: 15 });
  }
}

function whereText(state: GameState, seatIndex: number): string {
  const seat = state.seats[seatIndex] as SeatState;
  if (seat.place !== null) return seat.position === FINISH ? 'finished' : `on ${seat.position}`;
  const where = seat.position === 0 ? 'at the start' : `on ${seat.position}`;
  return `${where} · ${ordinal(raceRank(state, seatIndex))} in race`;
}

function drawFigures(ctx: Context, state: GameState, seatIndex: number, rect: Rect, seen: Visibility): void {
  const seat = state.seats[seatIndex] as SeatState;
  const baseline = figuresBaseline(rect);
  const figure = { size: 22, weight: 'bold' as const, color: INK };
  drawText(ctx, `${seat.lettuces}`, { x: rect.x + 40, y: baseline }, figure);
  const carrotsAt = { x: rect.x + 94, y: baseline };
  if (seen.carrotsVisible(seatIndex)) drawText(ctx, `${seat.carrots}`, carrotsAt, figure);
  else drawText(ctx, 'hidden', carrotsAt, { size: 18, color: MUTED_INK });
  const whereAt = { x: rect.x + rect.width - 12, y: baseline };
  drawText(ctx, whereText(state, seatIndex), whereAt, {
    size: 18,
    color: MUTED_INK,
    align: 'right',
    maxWidth: rect.width - 170,
  });
}

/** The seat to act: its card tinted and framed in its colour (the tint lies lightly over the icons too). */
function highlightCard(ctx: Context, rect: Rect, seatIndex: number): void {
  const color = seatColor(seatIndex);
  fillRoundRect(ctx, rect, 12, withAlpha(color, 0.16));
  strokeRoundRect(ctx, inset(rect, 2), 12, color, 4);
}

function drawSeatCard(
  ctx: Context,
  state: GameState,
  seatIndex: number,
  display: SeatDisplay,
  viewer: number | null,
  seen: Visibility,
): void {
  const rect = seatCardRect(seatIndex);
  if (!state.over && seatIndex === state.current) highlightCard(ctx, rect, seatIndex);
  drawToken(ctx, seatIndex, { x: rect.x + 34, y: rect.y + 36 }, 22);
  const nameAt = { x: rect.x + 66, y: rect.y + 31 };
  drawText(ctx, display.name, nameAt, { size: 22, weight: 'bold', color: INK, maxWidth: rect.width - 184 });
  const kind = `${kindLabel(display)}${viewer === seatIndex ? ' · you' : ''}`;
  const kindAt = { x: rect.x + 66, y: rect.y + 56 };
  drawText(ctx, kind, kindAt, { size: 18, color: MUTED_INK, maxWidth: rect.width - 76 });
  drawStatus(ctx, state, seatIndex, rect);
  drawFigures(ctx, state, seatIndex, rect, seen);
}

export function drawSeatPanel(
  ctx: Context,
  state: GameState,
  seats: readonly SeatDisplay[],
  viewer: number | null,
  seen: Visibility,
): void {
  ctx.save();
  // 'copy' skips blending (the panel is opaque) but clears everything outside the clip.
  ctx.beginPath();
  ctx.rect(PANEL_AREA.x, PANEL_AREA.y, PANEL_AREA.width, PANEL_AREA.height);
  ctx.clip();
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(panelBackground(state.rules, state.seats.length), PANEL_AREA.x, PANEL_AREA.y);
  ctx.restore();
  state.seats.forEach((_, seatIndex) =>
    drawSeatCard(ctx, state, seatIndex, seatDisplay(seats, seatIndex), viewer, seen),
  );
}
