/**
 * The key under the seat cards: every board explains its squares, whatever the seat count, and then only the
 * marks it draws (the arrows of the last moves, the rings of the squares the seat to act may go to).
 */
import type { Language } from '../../../i18n/index';
import type { RulesName } from '../rules/index';
import { hareWords } from '../hare-words';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { drawCarrot, drawHare, drawLettuce, drawTortoise } from './icons';
import { LEGEND_ROW_HEIGHT, MIN_TEXT_SIZE, type Rect } from './layout';
import { CARD, CARD_EDGE, INK, SQUARE_FILL, TARGET_RING } from './palette';

type IconDrawer = (ctx: Context, x: number, y: number, size: number) => void;
type KeyEntry = [IconDrawer, string];

function drawNumberIcon(ctx: Context, x: number, y: number): void {
  const style = { size: 24, weight: 'bold' as const, color: '#34425a', align: 'center' as const };
  drawText(ctx, '3', { x, y: y + 1 }, { ...style, baseline: 'middle' });
}

function drawFlagIcon(ctx: Context, x: number, y: number): void {
  const size = 6;
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 4; column++) {
      ctx.fillStyle = (row + column) % 2 === 0 ? '#1b1b1b' : '#ffffff';
      ctx.fillRect(x - 2 * size + column * size, y - 2 * size + row * size, size, size);
    }
  }
  ctx.strokeStyle = '#1b1b1b';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x - 2 * size, y - 2 * size, 4 * size, 4 * size);
}

function iconSquare(x: number, y: number): Rect {
  return { x: x - 12, y: y - 12, width: 24, height: 24 };
}

function drawStartIcon(ctx: Context, x: number, y: number): void {
  fillRoundRect(ctx, iconSquare(x, y), 5, SQUARE_FILL.start);
  strokeRoundRect(ctx, iconSquare(x, y), 5, '#8a7a4a', 1.5);
}

/** A square ringed as the board rings a legal target. */
function drawRingIcon(ctx: Context, x: number, y: number): void {
  fillRoundRect(ctx, iconSquare(x, y), 5, SQUARE_FILL.n2);
  strokeRoundRect(ctx, iconSquare(x, y), 5, '#1b1b1b', 5);
  strokeRoundRect(ctx, iconSquare(x, y), 5, TARGET_RING, 2.5);
}

/** A dashed square left behind and an arrow out of it, as the board draws a last move. */
function drawMoveIcon(ctx: Context, x: number, y: number): void {
  ctx.save();
  ctx.setLineDash([4, 3]);
  strokeRoundRect(ctx, { x: x - 14, y: y - 9, width: 16, height: 18 }, 4, INK, 2);
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(x - 6, y);
  ctx.lineTo(x + 9, y);
  ctx.lineWidth = 3;
  ctx.strokeStyle = INK;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + 15, y);
  ctx.lineTo(x + 7, y - 6);
  ctx.lineTo(x + 7, y + 6);
  ctx.closePath();
  ctx.fillStyle = INK;
  ctx.fill();
  ctx.restore();
}

function squareEntries(rules: RulesName, language?: Language): KeyEntry[] {
  const { t } = hareWords(language);
  const standard = rules === 'standard';
  return [
    [drawHare, t(standard ? 'board.legend.hareCard' : 'board.legend.hareDie')],
    [drawCarrot, t('board.legend.carrot')],
    [drawLettuce, t('board.legend.lettuce')],
    [drawTortoise, t('board.legend.tortoise')],
    [drawNumberIcon, t('board.legend.number')],
    [drawFlagIcon, t(standard ? 'board.legend.finishStandard' : 'board.legend.finishClassic')],
    [drawStartIcon, t('board.legend.start')],
  ];
}

/** The marks an image draws over the track, which the key explains after the squares. */
export interface BoardMarks {
  /** The squares the seat to act may go to are ringed; `forViewer`: that seat is the one looking. */
  targets: { forViewer: boolean } | null;
  /** The last moves are drawn as arrows. */
  moves: boolean;
}

function markEntries(marks: BoardMarks, language?: Language): KeyEntry[] {
  const { t } = hareWords(language);
  const entries: KeyEntry[] = [];
  if (marks.moves) entries.push([drawMoveIcon, t('board.legend.arrows')]);
  if (marks.targets)
    entries.push([
      drawRingIcon,
      t(marks.targets.forViewer ? 'board.legend.ringedYou' : 'board.legend.ringedMover'),
    ]);
  return entries;
}

function drawEntry(ctx: Context, area: Rect, index: number, [drawIcon, text]: KeyEntry): void {
  const columnWidth = area.width / 2;
  const x = area.x + (index % 2) * columnWidth + 24;
  const y = area.y + 6 + Math.floor(index / 2) * LEGEND_ROW_HEIGHT + LEGEND_ROW_HEIGHT / 2;
  drawIcon(ctx, x, y, 28);
  drawText(
    ctx,
    text,
    { x: x + 22, y: y + 1 },
    {
      size: MIN_TEXT_SIZE,
      color: INK,
      baseline: 'middle',
      maxWidth: columnWidth - 50,
    },
  );
}

/** The key's frame and its entries for the squares, the same on every board of a rule set. */
export function drawSquareLegend(ctx: Context, rules: RulesName, area: Rect, language?: Language): void {
  fillRoundRect(ctx, area, 10, CARD);
  strokeRoundRect(ctx, area, 10, CARD_EDGE, 1.5);
  squareEntries(rules, language).forEach((entry, index) => drawEntry(ctx, area, index, entry));
}

/** The key's entries for the marks this image shows, after the squares' entries. */
export function drawMarksLegend(
  ctx: Context,
  rules: RulesName,
  area: Rect,
  language: Language | undefined,
  marks: BoardMarks,
): void {
  const first = squareEntries(rules, language).length;
  markEntries(marks, language).forEach((entry, index) => drawEntry(ctx, area, first + index, entry));
}
