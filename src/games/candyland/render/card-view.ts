/** The last card, big and in colour, and the lines telling what it did. */
import type { BoardImageInput } from '../../contract';
import type { Rect } from '../../draw/geometry';
import { COST, INK, MUTED_INK } from '../../draw/palette';
import { font } from '../../draw/fonts';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import type { Card } from '../rules/cards';
import { CASTLE } from '../rules/track';
import type { GameEvent, GameState } from '../rules/types';
import { cardName, seatName, shortcutName, words, type Translate } from '../candyland-words';
import { CANDY, PICTURE_CELL } from './colors';
import { drawFittedText } from '../../draw/fitted-text';
import { drawPicture } from './symbols';

export function drawCardFace(ctx: Context, card: Card | null, rect: Rect): void {
  const fill = card === null ? '#ece6d6' : 'picture' in card ? PICTURE_CELL : '#ffffff';
  fillRoundRect(ctx, rect, 12, fill);
  strokeRoundRect(ctx, rect, 12, INK, 3);
  const cx = rect.x + rect.width / 2;
  if (card === null) {
    drawText(
      ctx,
      '?',
      { x: cx, y: rect.y + rect.height / 2 },
      {
        size: 56,
        weight: 'bold',
        color: MUTED_INK,
        align: 'center',
        baseline: 'middle',
      },
    );
    return;
  }
  if ('picture' in card) {
    drawPicture(ctx, card.picture, { x: cx, y: rect.y + rect.height / 2 }, rect.width * 0.36);
    return;
  }
  const markHeight = 40;
  const gap = 16;
  const total = card.count * markHeight + (card.count - 1) * gap;
  const top = rect.y + (rect.height - total) / 2;
  for (let i = 0; i < card.count; i++) {
    const mark = {
      x: rect.x + 14,
      y: top + i * (markHeight + gap),
      width: rect.width - 28,
      height: markHeight,
    };
    fillRoundRect(ctx, mark, 10, CANDY[card.color]);
    strokeRoundRect(ctx, mark, 10, INK, 2);
  }
}

function nameOf(t: Translate, input: BoardImageInput<GameState, GameEvent>, seat: number): string {
  return seatName(
    t,
    input.seats.map((view) => view.name),
    seat,
  );
}

function spaceText(t: Translate, space: number): string {
  if (space === 0) return t('board.startShort');
  return space === CASTLE ? t('board.castleShort') : String(space);
}

/** Short notes of what the recent events did beyond the move itself. */
function notes(
  t: Translate,
  input: BoardImageInput<GameState, GameEvent>,
): { text: string; color: string }[] {
  const found: { text: string; color: string }[] = [];
  for (const event of input.recentEvents) {
    if (event.type === 'draw' && 'picture' in event.card && event.landing < event.from)
      found.push({ text: t('board.sentBack', { from: event.from, to: event.landing }), color: COST });
    if (event.type === 'shortcut')
      found.push({
        text: t('board.shortcut', { shortcut: shortcutName(t, event.name), to: event.to }),
        color: '#b0245e',
      });
    if (event.type === 'licorice') found.push({ text: t('board.licorice'), color: COST });
    if (event.type === 'lostTurn')
      found.push({ text: t('board.lostTurn', { name: nameOf(t, input, event.seat) }), color: COST });
    if (event.type === 'reshuffle') found.push({ text: t('board.reshuffled'), color: MUTED_INK });
  }
  return found;
}

function footLine(t: Translate, input: BoardImageInput<GameState, GameEvent>): string {
  const { state } = input;
  if (state.over && state.winner !== null) return t('board.wins', { name: nameOf(t, input, state.winner) });
  if (state.over) return t('board.turnLimit', { count: state.round });
  const round = state.turnLimit
    ? t('board.roundOf', { round: state.round + 1, limit: state.turnLimit })
    : t('board.round', { round: state.round + 1 });
  return t('board.toDraw', { round, name: nameOf(t, input, state.current) });
}

/** The size of the notes under the move; they shrink to fit, down to MIN_FITTED_SIZE. */
const NOTE_SIZE = 21;

/** The notes packed into at most `lines` lines of `width`; the oldest left out when they cannot fit. */
function packNotes(ctx: Context, texts: readonly string[], width: number, lines: number): string[] {
  ctx.font = font(NOTE_SIZE, 'bold');
  for (let first = 0; first < texts.length; first++) {
    const packed: string[] = [];
    for (const text of texts.slice(first)) {
      const last = packed.at(-1);
      if (last !== undefined && ctx.measureText(`${last} · ${text}`).width <= width)
        packed[packed.length - 1] = `${last} · ${text}`;
      else packed.push(text);
    }
    if (packed.length <= lines && packed.every((line) => ctx.measureText(line).width <= width)) return packed;
  }
  return texts.slice(-1);
}

export function drawHeadline(ctx: Context, input: BoardImageInput<GameState, GameEvent>, rect: Rect): void {
  const t = words(input.language);
  const last = input.state.lastDraw;
  const width = rect.width;
  const title = last
    ? t('board.drew', { name: nameOf(t, input, last.seat), card: cardName(t, last.card) })
    : t('board.noCard');
  drawFittedText(ctx, title, { x: rect.x, y: rect.y + 30 }, { size: 30, weight: 'bold', color: INK }, width);
  if (last) {
    const move = `${spaceText(t, last.from)} → ${spaceText(t, last.to)}`;
    drawText(
      ctx,
      move,
      { x: rect.x, y: rect.y + 66 },
      { size: 28, weight: 'bold', color: INK, maxWidth: width },
    );
  }
  const found = notes(t, input);
  const noteColor = found[0]?.color ?? MUTED_INK;
  packNotes(
    ctx,
    found.map((n) => n.text),
    width,
    2,
  ).forEach((line, i) =>
    drawFittedText(
      ctx,
      line,
      { x: rect.x, y: rect.y + 96 + i * 24 },
      { size: NOTE_SIZE, weight: 'bold', color: noteColor },
      width,
    ),
  );
  const over = input.state.over && input.state.winner !== null;
  drawFittedText(
    ctx,
    footLine(t, input),
    { x: rect.x, y: rect.y + 144 },
    { size: 22, weight: over ? 'bold' : 'regular', color: over ? '#b0245e' : MUTED_INK },
    width,
  );
}
