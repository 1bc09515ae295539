/**
 * The header lines under the title: the last event in brief, then the choices of the seat to act. The last event
 * takes a second line when it needs one and no choices are shown; a text is cut only when no room is left.
 */
import { describeEvent } from '../rules/index';
import { hareWords } from '../hare-words';
import { drawText, fitText, type Context } from '../../draw/shapes';
import { font } from '../../draw/fonts';
import { BOARD_WIDTH, TRACK_LEFT } from './layout';
import { INK } from './palette';
import { seatDisplay } from './seats';
import type { BoardRenderOptions } from './types';
import type { Visibility } from './visibility';

const FULL_WIDTH = BOARD_WIDTH - 2 * TRACK_LEFT;
const FIRST_BASELINE = 65;
const SECOND_BASELINE = 94;
const NEWS_SIZE = 21;

/** `text` in at most `maxLines` lines of `maxWidth`, broken between words; the last line cut if need be. */
export function wrapText(ctx: Context, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (lines.length < maxLines - 1 && ctx.measureText(rest).width > maxWidth) {
    const words = rest.split(' ');
    let count = words.length - 1;
    while (count > 1 && ctx.measureText(words.slice(0, count).join(' ')).width > maxWidth) count--;
    lines.push(words.slice(0, count).join(' '));
    rest = words.slice(count).join(' ');
  }
  return [...lines, fitText(ctx, rest, maxWidth)];
}

export function drawNews(ctx: Context, options: BoardRenderOptions, seen: Visibility, hint: string): void {
  const last = options.recentEvents?.at(-1);
  const baselines = hint ? [FIRST_BASELINE] : [FIRST_BASELINE, SECOND_BASELINE];
  let next = 0;
  if (last) {
    const text = describeEvent(last, {
      name: (seat) => seatDisplay(options.seats, seat, options.language).name,
      hideCarrots: (seat) => !seen.carrotsVisible(seat),
      brief: true,
      ...(options.language ? { language: options.language } : {}),
    });
    ctx.font = font(NEWS_SIZE);
    const news = hareWords(options.language).t('board.last', { text });
    for (const line of wrapText(ctx, news, FULL_WIDTH, baselines.length)) {
      drawText(ctx, line, { x: TRACK_LEFT, y: baselines[next++] as number }, { size: NEWS_SIZE, color: INK });
    }
  }
  if (hint) {
    const at = { x: TRACK_LEFT, y: last ? SECOND_BASELINE : FIRST_BASELINE };
    drawText(ctx, hint, at, { size: NEWS_SIZE, weight: 'bold', color: INK, maxWidth: FULL_WIDTH });
  }
}
