/** The last card, big and in colour, and the lines telling what it did. */
import type { BoardImageInput } from '../../contract';
import type { Rect } from '../../draw/geometry';
import { COST, INK, MUTED_INK } from '../../draw/palette';
import { font } from '../../draw/fonts';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { cardName, type Card } from '../rules/cards';
import { CASTLE } from '../rules/track';
import type { GameEvent, GameState } from '../rules/types';
import { plural } from '../texts';
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

function nameOf(input: BoardImageInput<GameState, GameEvent>, seat: number): string {
  return input.seats[seat]?.name ?? `Player ${seat + 1}`;
}

function spaceText(space: number): string {
  if (space === 0) return 'start';
  return space === CASTLE ? 'Candy Castle' : String(space);
}

/** Short notes of what the recent events did beyond the move itself. */
function notes(input: BoardImageInput<GameState, GameEvent>): { text: string; color: string }[] {
  const found: { text: string; color: string }[] = [];
  for (const event of input.recentEvents) {
    if (event.type === 'draw' && 'picture' in event.card && event.landing < event.from)
      found.push({ text: `Sent back from ${event.from} to ${event.landing}`, color: COST });
    if (event.type === 'shortcut') found.push({ text: `${event.name} to ${event.to}`, color: '#b0245e' });
    if (event.type === 'licorice')
      found.push({ text: 'Stuck on licorice: loses the next turn', color: COST });
    if (event.type === 'lostTurn')
      found.push({ text: `${nameOf(input, event.seat)} loses a turn`, color: COST });
    if (event.type === 'reshuffle') found.push({ text: 'Discards reshuffled', color: MUTED_INK });
  }
  return found;
}

function footLine(input: BoardImageInput<GameState, GameEvent>): string {
  const { state } = input;
  if (state.over && state.winner !== null) return `${nameOf(input, state.winner)} wins!`;
  if (state.over) return `Turn limit reached after ${plural(state.round, 'round')}: no winner`;
  const limit = state.turnLimit ? ` of ${state.turnLimit}` : '';
  return `Round ${state.round + 1}${limit} · ${nameOf(input, state.current)} to draw`;
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
  const last = input.state.lastDraw;
  const width = rect.width;
  const title = last ? `${nameOf(input, last.seat)} drew ${cardName(last.card)}` : 'No card drawn yet';
  drawFittedText(ctx, title, { x: rect.x, y: rect.y + 30 }, { size: 30, weight: 'bold', color: INK }, width);
  if (last) {
    const move = `${spaceText(last.from)} → ${spaceText(last.to)}`;
    drawText(
      ctx,
      move,
      { x: rect.x, y: rect.y + 66 },
      { size: 28, weight: 'bold', color: INK, maxWidth: width },
    );
  }
  const found = notes(input);
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
    footLine(input),
    { x: rect.x, y: rect.y + 144 },
    { size: 22, weight: over ? 'bold' : 'regular', color: over ? '#b0245e' : MUTED_INK },
    width,
  );
}
