/** The board image: the track, the runners, the last moves, the hints of the seat to act and the seat panel. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Language } from '../../../i18n/index';
import { FINISH, legalActions, START, type GameState } from '../rules/index';
import { hareWords } from '../hare-words';
import { boardBackground } from './background';
import { choicesHint, drawTargets, targetsShown } from './board-hints';
import { drawLastMoves } from './board-moves';
import { drawNews } from './board-news';
import { drawSeatPanel } from './board-panel';
import { drawMarksLegend } from './legend';
import { drawText, drawToken, fitText, type Context } from '../../draw/shapes';
import { ensureFonts, font } from '../../draw/fonts';
import {
  BOARD_WIDTH,
  boardHeight,
  legendRect,
  squareCenter,
  tokenPlacements,
  TRACK_LEFT,
  type TokenPlacement,
} from './layout';
import { INK, MUTED_INK, withAlpha } from './palette';
import { encodeBoardPng } from '../../draw/board-png';
import { scratchCanvas } from '../../draw/scratch-canvas';
import { rulesLabel, seatDisplay } from './seats';
import type { BoardRenderOptions } from './types';
import { visibility } from './visibility';

const RIGHT_EDGE = BOARD_WIDTH - TRACK_LEFT;
const TITLE_BASELINE = 33;
const NEWS_SIZE = 21;
const END_LABEL = 'rgba(60, 50, 20, 0.3)';
/** The least room between the title and the seat to act, and the room of that seat's token. */
const TITLE_GAP = 30;
const ACTING_TOKEN_ROOM = 44;

/** "Turn 12 of 200 · Standard rules"; returns where it ends. */
function drawTitle(ctx: Context, state: GameState, language?: Language): number {
  const { t } = hareWords(language);
  const turn =
    state.turnLimit === null
      ? t('board.turn', { turn: state.turn })
      : t('board.turnOf', { turn: state.turn, limit: state.turnLimit });
  const at = { x: TRACK_LEFT, y: TITLE_BASELINE };
  const width = drawText(ctx, turn, at, { size: 28, weight: 'bold', color: INK });
  const rulesAt = { x: TRACK_LEFT + width + 10, y: TITLE_BASELINE };
  const rules = `· ${rulesLabel(state.rules, language)}`;
  return rulesAt.x + drawText(ctx, rules, rulesAt, { size: NEWS_SIZE, color: MUTED_INK });
}

/**
 * "<name> to act" at the right of the title line, with the seat's token. A name too long for the room left by
 * the title is cut, never the verb.
 */
function drawActingSeat(ctx: Context, state: GameState, options: BoardRenderOptions, titleEnd: number): void {
  const at = { x: RIGHT_EDGE, y: TITLE_BASELINE };
  const style = { size: 26, weight: 'bold' as const, color: INK, align: 'right' as const };
  const { t } = hareWords(options.language);
  if (state.over) {
    drawText(ctx, t('board.gameOver'), at, style);
    return;
  }
  ctx.font = font(style.size, style.weight);
  // The sentence around the name ("{{name}} to act", "Le toca a {{name}}") is never cut, only the name.
  const verb = t('board.toAct', { name: '' });
  const room = RIGHT_EDGE - titleEnd - TITLE_GAP - ACTING_TOKEN_ROOM - ctx.measureText(verb).width;
  const name = fitText(ctx, seatDisplay(options.seats, state.current, options.language).name, room);
  const width = drawText(ctx, t('board.toAct', { name }), at, style);
  drawToken(ctx, state.current, { x: RIGHT_EDGE - width - 24, y: TITLE_BASELINE - 9 }, 18);
}

function drawActingHalo(ctx: Context, { center, radius }: TokenPlacement): void {
  ctx.beginPath();
  ctx.arc(center.x, center.y, radius + 6, 0, Math.PI * 2);
  ctx.fillStyle = withAlpha('#ffffff', 0.85);
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#1b1b1b';
  ctx.stroke();
}

/** "START" and "FINISH" in pale letters across those squares while no runner stands there. */
function drawEmptyEndLabels(ctx: Context, state: GameState, language?: Language): void {
  const { t } = hareWords(language);
  for (const [square, label] of [
    [START, t('board.start')],
    [FINISH, t('board.finish')],
  ] as const) {
    if (state.seats.some((seat) => seat.position === square)) continue;
    const center = squareCenter(square);
    const style = { size: 30, weight: 'bold' as const, color: END_LABEL, align: 'center' as const };
    drawText(ctx, label, { x: center.x, y: center.y + 2 }, { ...style, baseline: 'middle' });
  }
}

function drawTokens(ctx: Context, state: GameState): void {
  const placements = tokenPlacements(state);
  const acting = state.over ? undefined : placements.find((p) => p.seat === state.current);
  if (acting) drawActingHalo(ctx, acting);
  for (const placement of placements) drawToken(ctx, placement.seat, placement.center, placement.radius);
}

/** Draws the board image, on a new canvas unless one is given (exported for tests that check pixels). */
export function drawBoard(
  state: GameState,
  options: BoardRenderOptions,
  canvas: Canvas = createCanvas(BOARD_WIDTH, boardHeight(state.seats.length)),
): Canvas {
  ensureFonts();
  const ctx = canvas.getContext('2d');
  ctx.globalCompositeOperation = 'copy'; // the background is opaque: no blending needed
  ctx.drawImage(boardBackground(), 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  const seen = visibility(state, options);
  const showTargets = targetsShown(state, options, seen);
  const actions = state.over ? [] : legalActions(state);
  const viewer = options.viewerSeat ?? null;
  const movesDrawn = drawLastMoves(ctx, options.recentEvents ?? []);
  const ringed = showTargets && actions.some((action) => action.type === 'move');
  if (ringed) drawTargets(ctx, state, actions);
  drawEmptyEndLabels(ctx, state, options.language);
  drawTokens(ctx, state);
  const titleEnd = drawTitle(ctx, state, options.language);
  drawActingSeat(ctx, state, options, titleEnd);
  drawNews(ctx, options, seen, showTargets ? choicesHint(state, actions, options.language) : '');
  drawSeatPanel(ctx, state, options.seats, viewer, seen, options.language);
  drawMarksLegend(ctx, state.rules, legendRect(state.seats.length), options.language, {
    targets: ringed ? { forViewer: viewer === state.current } : null,
    moves: movesDrawn,
  });
  return canvas;
}

/** The board as a PNG image of BOARD_WIDTH × boardHeight(seats) pixels. */
export function renderBoard(state: GameState, options: BoardRenderOptions): Buffer {
  const canvas = scratchCanvas(BOARD_WIDTH, boardHeight(state.seats.length));
  return encodeBoardPng(drawBoard(state, options, canvas));
}
