/**
 * The seat panel under the track: one card per seat, two to a row, and the key to the squares below them.
 * The card frames, their icons and the key are painted once per rule set and seat count and reused.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Language } from '../../../i18n/index';
import { FINISH, raceRank, type GameState, type RulesName, type SeatState } from '../rules/index';
import { hareWords, type HareWords } from '../hare-words';
import {
  drawPill,
  drawText,
  drawToken,
  fillRoundRect,
  inset,
  strokeRoundRect,
  type Context,
} from '../../draw/shapes';
import { font } from '../../draw/fonts';
import { drawCarrot, drawLettuce } from './icons';
import { drawSquareLegend } from './legend';
import {
  BOARD_WIDTH,
  boardHeight,
  legendRect,
  MIN_TEXT_SIZE,
  PANEL_TOP,
  seatCardRect,
  type Rect,
} from './layout';
import { CARD, CARD_EDGE, INK, MUTED_INK, PAGE, seatColor, withAlpha } from './palette';
import { displayName, seatDisplay } from './seats';
import type { SeatDisplay } from './types';
import type { Visibility } from './visibility';

const PLACE_COLORS = ['#e8b923', '#b8bec7', '#c98a4b'];
const OTHER_PLACE_COLOR = '#d9d4c5';
const NAME_SIZE = 22;
const FIGURE_SIZE = 23;
const PILL_SIZE = MIN_TEXT_SIZE;

function panelArea(seatCount: number): Rect {
  return { x: 0, y: PANEL_TOP, width: BOARD_WIDTH, height: boardHeight(seatCount) - PANEL_TOP };
}

function nameBaseline(rect: Rect): number {
  return rect.y + 30;
}

function figuresBaseline(rect: Rect): number {
  return rect.y + rect.height - 11;
}

function paintCardFrame(ctx: Context, rect: Rect): void {
  fillRoundRect(ctx, rect, 10, CARD);
  strokeRoundRect(ctx, inset(rect, 0.5), 10, CARD_EDGE, 1.5);
  const baseline = figuresBaseline(rect);
  drawLettuce(ctx, rect.x + 20, baseline - 8, 24);
  drawCarrot(ctx, rect.x + 74, baseline - 8, 26);
}

function paintPanel(rules: RulesName, seatCount: number, language: Language): Canvas {
  const area = panelArea(seatCount);
  const canvas = createCanvas(area.width, area.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, area.width, area.height);
  ctx.translate(-area.x, -area.y);
  for (let seat = 0; seat < seatCount; seat++) paintCardFrame(ctx, seatCardRect(seat));
  drawSquareLegend(ctx, rules, legendRect(seatCount), language);
  return canvas;
}

const panels = new Map<string, Canvas>();

/** The empty cards and the key for a game, painted once. */
function panelBackground(rules: RulesName, seatCount: number, language: Language): Canvas {
  const key = `${rules}:${seatCount}:${language}`;
  let panel = panels.get(key);
  if (!panel) {
    panel = paintPanel(rules, seatCount, language);
    panels.set(key, panel);
  }
  return panel;
}

/** The pill at the right of the name line, if any: the place won, "to act" or a missed turn. */
function statusPill(
  state: GameState,
  seatIndex: number,
  words: HareWords,
): { text: string; fill: string } | null {
  const { t } = words;
  const seat = state.seats[seatIndex] as SeatState;
  if (seat.place !== null) {
    const text = t('board.place', { place: words.ordinal(seat.place, true) });
    return { text, fill: PLACE_COLORS[seat.place - 1] ?? OTHER_PLACE_COLOR };
  }
  if (!state.over && seatIndex === state.current) return { text: t('board.pillToAct'), fill: '#1b1b1b' };
  if (seat.missTurns > 0) return { text: t('board.missesTurn'), fill: '#f3c5c0' };
  return null;
}

function pillWidth(ctx: Context, text: string): number {
  ctx.font = font(PILL_SIZE, 'bold');
  return ctx.measureText(text).width + 12;
}

function whereText(state: GameState, seatIndex: number, words: HareWords): string {
  const { t } = words;
  const seat = state.seats[seatIndex] as SeatState;
  if (seat.place !== null)
    return seat.position === FINISH ? t('board.finished') : t('board.on', { square: seat.position });
  const where = seat.position === 0 ? t('board.atStart') : t('board.on', { square: seat.position });
  return t('board.inRace', { where, rank: words.ordinal(raceRank(state, seatIndex)) });
}

/** The seat's name, and "you" for the viewer. */
function nameText(display: SeatDisplay, isViewer: boolean, words: HareWords): string {
  const name = displayName(display, words.language);
  return isViewer ? words.t('board.you', { name }) : name;
}

function drawNameLine(
  ctx: Context,
  state: GameState,
  seatIndex: number,
  rect: Rect,
  name: string,
  words: HareWords,
): void {
  const right = rect.x + rect.width - 8;
  const pill = statusPill(state, seatIndex, words);
  const reserved = pill ? pillWidth(ctx, pill.text) + 8 : 0;
  drawToken(ctx, seatIndex, { x: rect.x + 24, y: rect.y + 22 }, 18);
  const at = { x: rect.x + 48, y: nameBaseline(rect) };
  drawText(ctx, name, at, { size: NAME_SIZE, weight: 'bold', color: INK, maxWidth: right - at.x - reserved });
  if (pill) drawPill(ctx, pill.text, right, rect.y + 22, { fill: pill.fill, size: PILL_SIZE });
}

function drawFigures(
  ctx: Context,
  state: GameState,
  seatIndex: number,
  rect: Rect,
  seen: Visibility,
  words: HareWords,
): void {
  const seat = state.seats[seatIndex] as SeatState;
  const baseline = figuresBaseline(rect);
  const figure = { size: FIGURE_SIZE, weight: 'bold' as const, color: INK };
  drawText(ctx, `${seat.lettuces}`, { x: rect.x + 36, y: baseline }, figure);
  const carrotsAt = { x: rect.x + 90, y: baseline };
  if (seen.carrotsVisible(seatIndex)) drawText(ctx, `${seat.carrots}`, carrotsAt, figure);
  else drawText(ctx, words.t('board.hidden'), carrotsAt, { size: MIN_TEXT_SIZE + 1, color: MUTED_INK });
  const whereAt = { x: rect.x + rect.width - 10, y: baseline };
  drawText(ctx, whereText(state, seatIndex, words), whereAt, {
    size: MIN_TEXT_SIZE + 1,
    color: INK,
    align: 'right',
    maxWidth: rect.width - 170,
  });
}

/** The seat to act: its card tinted and framed in its colour (the tint lies lightly over the icons too). */
function highlightCard(ctx: Context, rect: Rect, seatIndex: number): void {
  const color = seatColor(seatIndex);
  fillRoundRect(ctx, rect, 10, withAlpha(color, 0.16));
  strokeRoundRect(ctx, inset(rect, 2), 10, color, 4);
}

function drawSeatCard(
  ctx: Context,
  state: GameState,
  seatIndex: number,
  name: string,
  seen: Visibility,
  words: HareWords,
): void {
  const rect = seatCardRect(seatIndex);
  if (!state.over && seatIndex === state.current) highlightCard(ctx, rect, seatIndex);
  drawNameLine(ctx, state, seatIndex, rect, name, words);
  drawFigures(ctx, state, seatIndex, rect, seen, words);
}

export function drawSeatPanel(
  ctx: Context,
  state: GameState,
  seats: readonly SeatDisplay[],
  viewer: number | null,
  seen: Visibility,
  language?: Language,
): void {
  const words = hareWords(language);
  const area = panelArea(state.seats.length);
  ctx.save();
  // 'copy' skips blending (the panel is opaque) but clears everything outside the clip.
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.width, area.height);
  ctx.clip();
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(panelBackground(state.rules, state.seats.length, words.language), area.x, area.y);
  ctx.restore();
  state.seats.forEach((_, seatIndex) => {
    const name = nameText(seatDisplay(seats, seatIndex, language), viewer === seatIndex, words);
    drawSeatCard(ctx, state, seatIndex, name, seen, words);
  });
}
