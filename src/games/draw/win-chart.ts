/**
 * The "how the game was won" card of a summary: each seat's chance to win after every turn (a line per seat,
 * in percent), the turning point in a sentence, and per seat its luck and the chance its choices gave away,
 * with a note under them saying what those figures measure.
 */
import { drawLineChart } from './chart';
import { drawFittedText } from './fitted-text';
import { font } from './fonts';
import { CARD, CARD_EDGE, INK, MUTED_INK } from './palette';
import { drawText, drawToken, fillRoundRect, fitText, strokeRoundRect, type Context } from './shapes';
import { points, pointsSize, turningPoint, type WinStory } from './win-story';
import { imageWords } from './image-words';
import { wrapText } from './wrap-text';
import type { Language } from '../../i18n/index';

const CHART_HEIGHT = 330;
const LINE = 30;
const ROW = 40;
const TEXT = 22;
const SENTENCE_LINES = 2;
/** The widest a name may be in the turning point's sentence. */
const NAME_WIDTH = 330;
const NOTE = 20;
const NOTE_LINE = 26;
/** The lines each note under the seats' figures may take. */
const NOTE_LINES = 2;

type SeatFigures = Pick<WinStory, 'luck' | 'givenAway'>;

/** The keys of the notes that say what the seats' figures measure: one per kind of figure shown. */
function noteKeys(story: SeatFigures): string[] {
  return [
    ...(story.luck !== null ? ['images.luckNote'] : []),
    ...(story.givenAway !== null ? ['images.gaveNote'] : []),
  ];
}

/** The height the card takes for `seats` seats (a row per seat and the notes when it has figures per seat). */
export function winCardHeight(seats: number, story: SeatFigures = { luck: null, givenAway: null }): number {
  const notes = noteKeys(story).length;
  const seatRows = hasSeatFigures(story) ? ROW * seats : 0;
  const noteLines = notes > 0 ? 8 + notes * NOTE_LINES * NOTE_LINE : 0;
  return CHART_HEIGHT + 16 + 20 + LINE * (SENTENCE_LINES + 1) + 8 + seatRows + noteLines + 16;
}

function hasSeatFigures(story: SeatFigures): boolean {
  return story.luck !== null || story.givenAway !== null;
}

/**
 * Words of `text` in lines no wider than `width` (at most `lines`; the last one takes the rest). A line is
 * broken before a word that does not begin in lower case where it can be ("… took them from" / "31% to 64%."),
 * so that no line reads as a new sentence starting in lower case.
 */
function wrap(ctx: Context, text: string, width: number, lines: number): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  let start = 0;
  while (start < words.length && out.length < lines - 1) {
    let fits = start;
    while (fits < words.length && ctx.measureText(words.slice(start, fits + 1).join(' ')).width <= width)
      fits++;
    if (fits >= words.length) break;
    if (fits === start) fits = start + 1; // a word wider than the line has it to itself
    let end = fits;
    while (end > start + 1 && /^[a-z]/.test(words[end]!)) end--;
    if (end === start + 1 && /^[a-z]/.test(words[end]!)) end = Math.max(start + 1, fits);
    out.push(words.slice(start, end).join(' '));
    start = end;
  }
  if (start < words.length) out.push(words.slice(start).join(' '));
  return out;
}

/** Draws the card from `top` across `width` (from x = `left`); returns its bottom. */
export function drawWinCard(
  ctx: Context,
  story: WinStory,
  names: readonly string[],
  area: { left: number; top: number; width: number; xLabel?: string; language?: Language },
): number {
  const { left, top, width, language } = area;
  const t = imageWords(language);
  const per = story.per ?? 'turn';
  drawLineChart(ctx, {
    title: t(`images.chanceTitle.${per}`),
    rect: { x: left, y: top, width, height: CHART_HEIGHT },
    series: names.map((_, seat) => story.chances.map((row) => Math.round(row[seat]! * 1000) / 10)),
    xLabel: area.xLabel ?? t(`images.per.${per}`),
    yMax: 100,
    tickSize: TEXT,
    ...(language ? { language } : {}),
  });
  const cardTop = top + CHART_HEIGHT + 16;
  const seatRows = hasSeatFigures(story);
  const height = winCardHeight(names.length, story) - CHART_HEIGHT - 16;
  const rect = { x: left, y: cardTop, width, height };
  fillRoundRect(ctx, rect, 12, CARD);
  strokeRoundRect(ctx, rect, 12, CARD_EDGE, 1.5);
  ctx.font = font(TEXT, 'bold');
  // a name too long for a line is cut on its own, so that the words after it stay whole
  const shortNames = names.map((name) => fitText(ctx, name, NAME_WIDTH));
  const sentence = turningPoint(story, shortNames, language) ?? t('images.noTurningPoint');
  wrap(ctx, sentence, width - 32, SENTENCE_LINES).forEach((line, i) =>
    drawText(
      ctx,
      line,
      { x: left + 16, y: cardTop + 20 + TEXT + i * LINE },
      { size: TEXT, weight: 'bold', color: INK },
    ),
  );
  drawFittedText(
    ctx,
    story.method,
    { x: left + 16, y: cardTop + 20 + TEXT + SENTENCE_LINES * LINE },
    { size: TEXT, color: MUTED_INK },
    width - 32,
  );
  const rowsTop = cardTop + 20 + LINE * (SENTENCE_LINES + 1) + 8;
  if (seatRows) {
    drawSeatFigures(ctx, story, names, { left, top: rowsTop, width, language });
    drawNotes(ctx, story, {
      left: left + 16,
      top: rowsTop + ROW * names.length + 8,
      width: width - 32,
      language,
    });
  }
  return cardTop + rect.height;
}

/** "Luck: …", "Choices gave away: …": what the seats' figures measure, each in at most NOTE_LINES lines. */
function drawNotes(
  ctx: Context,
  story: WinStory,
  area: { left: number; top: number; width: number; language?: Language },
): void {
  const t = imageWords(area.language);
  noteKeys(story).forEach((key, note) => {
    const top = area.top + note * NOTE_LINES * NOTE_LINE;
    wrapText(ctx, t(key), area.width, NOTE, NOTE_LINES).forEach((line, i) =>
      drawText(ctx, line, { x: area.left, y: top + NOTE + i * NOTE_LINE }, { size: NOTE, color: MUTED_INK }),
    );
  });
}

function drawSeatFigures(
  ctx: Context,
  story: WinStory,
  names: readonly string[],
  area: { left: number; top: number; width: number; language?: Language },
): void {
  const { left, top: rowsTop, width, language } = area;
  const t = imageWords(language);
  names.forEach((name, seat) => {
    const y = rowsTop + ROW * seat;
    drawToken(ctx, seat, { x: left + 30, y: y + 14 }, 15);
    drawText(
      ctx,
      name,
      { x: left + 54, y: y + 22 },
      { size: TEXT, weight: 'bold', color: INK, maxWidth: 226 },
    );
    const luck = story.luck?.[seat];
    if (luck !== undefined)
      drawText(
        ctx,
        t('images.luck', { points: points(luck, language) }),
        { x: left + 290, y: y + 22 },
        { size: TEXT, color: INK },
      );
    const given = story.givenAway?.[seat];
    if (given !== undefined)
      // the room right of the luck's column
      drawFittedText(
        ctx,
        given < 0.005
          ? t('images.gaveNothing')
          : t('images.gaveAway', { points: pointsSize(given, language) }),
        { x: left + width - 16, y: y + 22 },
        { size: TEXT, color: MUTED_INK, align: 'right' },
        width - 16 - 290 - 150,
      );
  });
}
