/** The table image of a running game: the latest roll, the turn, and every player's banked score. */
import type { BoardImageInput, SeatView } from '../../contract';
import { ensureFonts } from '../../draw/fonts';
import { CARD, CARD_EDGE, COST, GAIN, INK, MUTED_INK, PAGE, seatColor, withAlpha } from '../../draw/palette';
import { encodeBoardPng } from '../../draw/board-png';
import { scratchCanvas } from '../../draw/scratch-canvas';
import {
  drawPill,
  drawText,
  drawToken,
  fillRoundRect,
  strokeRoundRect,
  type Context,
} from '../../draw/shapes';
import { awaitsEntry } from '../rules/game';
import { scoreRoll } from '../rules/scoring';
import type { GameEvent, GameState } from '../rules/types';
import type { Translate } from '../../../i18n/index';
import { formatNumber } from '../../draw/image-words';
import { drawFittedText } from '../../draw/fitted-text';
import { font } from '../../draw/fonts';
import { diceWord, greedWords } from '../greed-words';
import { drawDie } from './dice';
import { drawNamedLine } from './named-line';

export const WIDTH = 800;
const MARGIN = 20;
const HEADER = 70;
const ROLL_PANEL = 250;
const TURN_PANEL = 84;
const PLAYER_ROW = 58;
const HOT = '#c48a00';

function nameOf(seats: readonly SeatView[], seat: number, t: Translate): string {
  return seats[seat]?.name ?? t('player', { number: seat + 1 });
}

/** The width a pill of `text` takes (drawPill's padding included). */
function pillWidth(ctx: Context, text: string, size: number): number {
  ctx.font = font(size, 'bold');
  return ctx.measureText(text).width + 12;
}

/**
 * The round on the left; on the right the target, with the final round's badge before it on the same line.
 * The round shrinks to fit what is left of the line (a longer title or word in another language).
 */
function drawHeader(ctx: Context, state: GameState, t: Translate): void {
  const round = state.round + (state.over ? 0 : 1);
  const limit = state.options.turnLimit;
  const target = t('table.target', { target: state.options.target });
  ctx.font = font(24, 'bold');
  const targetWidth = ctx.measureText(target).width;
  const badge = t('table.finalRound');
  const badgeWidth = state.finalRound ? pillWidth(ctx, badge, 22) + 16 : 0;
  drawFittedText(
    ctx,
    limit
      ? t('table.headerOf', { title: t('title'), round, limit })
      : t('table.header', { title: t('title'), round }),
    { x: MARGIN, y: 46 },
    { size: 30, weight: 'bold', color: INK },
    WIDTH - 2 * MARGIN - targetWidth - badgeWidth - 16,
  );
  drawText(
    ctx,
    target,
    { x: WIDTH - MARGIN, y: 45 },
    { size: 24, weight: 'bold', color: MUTED_INK, align: 'right' },
  );
  if (state.finalRound) drawPill(ctx, badge, WIDTH - MARGIN - targetWidth - 16, 36, { fill: COST, size: 22 });
}

function hotDiceRolled(events: readonly GameEvent[]): boolean {
  return events.some((event) => event.type === 'roll' && event.hotDice);
}

function lostInBust(events: readonly GameEvent[]): number | null {
  const bust = events.findLast((event) => event.type === 'bust');
  return bust && bust.type === 'bust' ? bust.lost : null;
}

function diceRow(
  ctx: Context,
  dice: readonly number[],
  style: 'scoring' | 'free' | 'bust',
  x: number,
  y: number,
  size: number,
): number {
  dice.forEach((face, i) => drawDie(ctx, face, { x: x + i * (size + 10), y }, size, style));
  return dice.length * (size + 10) - 10;
}

function drawRollPanel(
  ctx: Context,
  input: BoardImageInput<GameState, GameEvent>,
  top: number,
  t: Translate,
): void {
  const { state, seats } = input;
  const panel = { x: MARGIN, y: top, width: WIDTH - 2 * MARGIN, height: ROLL_PANEL };
  const roll = state.lastRoll;
  fillRoundRect(ctx, panel, 16, roll?.bust ? '#fdf0ee' : CARD);
  strokeRoundRect(ctx, panel, 16, roll?.bust ? COST : CARD_EDGE, roll?.bust ? 4 : 2);
  if (!roll) {
    drawText(
      ctx,
      t('table.noRoll'),
      { x: WIDTH / 2, y: top + ROLL_PANEL / 2 },
      { size: 30, color: MUTED_INK, align: 'center', baseline: 'middle' },
    );
    return;
  }
  drawToken(ctx, roll.seat, { x: MARGIN + 36, y: top + 38 }, 17);
  const lost = lostInBust(input.recentEvents);
  const loses = roll.bust && lost !== null && lost > 0 ? t('table.loses', { lost }) : null;
  const hot = !roll.bust && hotDiceRolled(input.recentEvents) ? t('table.hotDice') : null;
  ctx.font = font(26, 'bold');
  // what stands on the right of the line leaves the rest to the name and what it did
  const right = loses ? ctx.measureText(loses).width : hot ? pillWidth(ctx, hot, 24) : 0;
  drawNamedLine(
    ctx,
    nameOf(seats, roll.seat, t),
    roll.bust ? t('table.busts') : t('table.rolled', { score: roll.score }),
    { x: MARGIN + 64, y: top + 48 },
    {
      size: 30,
      weight: 'bold',
      color: roll.bust ? COST : INK,
      maxWidth: Math.min(470, WIDTH - 2 * MARGIN - 20 - right - 16 - 64),
    },
  );
  if (loses)
    drawText(
      ctx,
      loses,
      { x: WIDTH - MARGIN - 20, y: top + 48 },
      { size: 26, weight: 'bold', color: COST, align: 'right' },
    );
  else if (hot) drawPill(ctx, hot, WIDTH - MARGIN - 20, top + 38, { fill: HOT, size: 24 });
  const count = roll.dice.length;
  const size = Math.min(76, Math.floor((panel.width - 80 - (count - 1) * 10) / count));
  const diceTop = top + 86;
  if (roll.bust) {
    const width = count * (size + 10) - 10;
    diceRow(ctx, roll.dice, 'bust', WIDTH / 2 - width / 2, diceTop, size);
    drawText(
      ctx,
      roll.score > 0
        ? t('table.shortOfEntry', { score: roll.score, entry: state.options.entry })
        : t('table.nothingScores'),
      { x: WIDTH / 2, y: diceTop + size + 44 },
      { size: 24, color: COST, align: 'center' },
    );
    return;
  }
  const { scoring, free } = scoreRoll(roll.dice, state.options.faces);
  const gap = free.length ? 60 : 0;
  const scoringWidth = scoring.length * (size + 10) - 10;
  const freeWidth = free.length ? free.length * (size + 10) - 10 : 0;
  const left = WIDTH / 2 - (scoringWidth + gap + freeWidth) / 2;
  diceRow(ctx, scoring, 'scoring', left, diceTop, size);
  const labelY = diceTop + size + 40;
  drawText(
    ctx,
    t('table.setAside'),
    { x: left + scoringWidth / 2, y: labelY },
    { size: 22, weight: 'bold', color: HOT, align: 'center' },
  );
  if (free.length) {
    const freeLeft = left + scoringWidth + gap;
    ctx.strokeStyle = CARD_EDGE;
    ctx.lineWidth = 3;
    ctx.setLineDash([8, 8]);
    ctx.beginPath();
    ctx.moveTo(freeLeft - gap / 2, diceTop - 6);
    ctx.lineTo(freeLeft - gap / 2, diceTop + size + 6);
    ctx.stroke();
    ctx.setLineDash([]);
    diceRow(ctx, free, 'free', freeLeft, diceTop, size);
    drawText(
      ctx,
      t('table.free'),
      { x: freeLeft + freeWidth / 2, y: labelY },
      { size: 22, weight: 'bold', color: MUTED_INK, align: 'center' },
    );
  }
}

function drawTurnPanel(
  ctx: Context,
  input: BoardImageInput<GameState, GameEvent>,
  top: number,
  t: Translate,
): void {
  const { state, seats } = input;
  if (state.over) {
    drawText(ctx, t('table.gameOver'), { x: MARGIN, y: top + 52 }, { size: 32, weight: 'bold', color: INK });
    return;
  }
  const seat = state.current;
  drawToken(ctx, seat, { x: MARGIN + 20, y: top + 40 }, 17);
  drawNamedLine(
    ctx,
    nameOf(seats, seat, t),
    state.rolled ? t('table.turnTotal', { total: state.turnTotal }) : t('table.toRoll'),
    { x: MARGIN + 48, y: top + 52 },
    { size: 32, weight: 'bold', color: INK, maxWidth: 470 },
  );
  const size = 30;
  const right = WIDTH - MARGIN;
  const cupWidth = state.diceInCup * (size + 6) - 6;
  for (let i = 0; i < state.diceInCup; i++)
    drawDie(ctx, null, { x: right - cupWidth + i * (size + 6), y: top + 22 }, size, 'cup');
  drawText(
    ctx,
    t('table.inCup', { dice: diceWord(t, state.diceInCup) }),
    { x: right, y: top + 78 },
    {
      size: 22,
      color: MUTED_INK,
      align: 'right',
    },
  );
}

function drawPlayers(
  ctx: Context,
  input: BoardImageInput<GameState, GameEvent>,
  top: number,
  t: Translate,
): void {
  const { state, seats, language } = input;
  const notEntered = t('table.notEntered');
  const pillLeft = 540 - pillWidth(ctx, notEntered, 20);
  const leader = Math.max(...state.scores);
  state.scores.forEach((score, seat) => {
    const y = top + seat * PLAYER_ROW;
    const row = { x: MARGIN, y, width: WIDTH - 2 * MARGIN, height: PLAYER_ROW - 6 };
    const active = !state.over && seat === state.current;
    fillRoundRect(ctx, row, 12, active ? withAlpha(seatColor(seat), 0.22) : CARD);
    if (active) strokeRoundRect(ctx, row, 12, seatColor(seat), 3);
    drawToken(ctx, seat, { x: MARGIN + 28, y: y + 26 }, 16);
    const entering = awaitsEntry(state, seat);
    // A computer's name already says its level ("Steady 2"); it leaves room for a longer "not entered".
    drawText(
      ctx,
      nameOf(seats, seat, t),
      { x: MARGIN + 54, y: y + 35 },
      {
        size: 24,
        weight: 'bold',
        color: INK,
        maxWidth: entering ? Math.min(330, pillLeft - 8 - (MARGIN + 54)) : 330,
      },
    );
    if (entering) drawPill(ctx, notEntered, 540, y + 26, { fill: '#8a8472', size: 20 });
    const barLeft = 556;
    const barWidth = 100;
    fillRoundRect(ctx, { x: barLeft, y: y + 20, width: barWidth, height: 12 }, 6, '#e4dfd0');
    const share = Math.min(1, score / state.options.target);
    if (share > 0)
      fillRoundRect(
        ctx,
        { x: barLeft, y: y + 20, width: Math.max(12, barWidth * share), height: 12 },
        6,
        seatColor(seat),
      );
    const color = score === leader && score > 0 ? GAIN : INK;
    drawText(
      ctx,
      formatNumber(score, language),
      { x: WIDTH - MARGIN - 14, y: y + 36 },
      { size: 28, weight: 'bold', color, align: 'right' },
    );
  });
}

export function tableHeight(seats: number): number {
  return HEADER + ROLL_PANEL + TURN_PANEL + seats * PLAYER_ROW + 14;
}

export function renderTable(input: BoardImageInput<GameState, GameEvent>): Uint8Array {
  const t = greedWords(input.language);
  ensureFonts();
  const canvas = scratchCanvas(WIDTH, tableHeight(input.state.seats));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawHeader(ctx, input.state, t);
  drawRollPanel(ctx, input, HEADER, t);
  drawTurnPanel(ctx, input, HEADER + ROLL_PANEL, t);
  drawPlayers(ctx, input, HEADER + ROLL_PANEL + TURN_PANEL, t);
  return encodeBoardPng(canvas);
}
