/** The static part of the board image, drawn once and reused by every board render. */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { BOARD, FINISH, START, type SquareKind } from '../rules/index';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { ensureFonts } from '../../draw/fonts';
import { drawCarrot, drawHare, drawLettuce, drawTortoise } from './icons';
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  boardLayout,
  MIN_TEXT_SIZE,
  TRACK_BOTTOM,
  TRACK_TOP,
  type SquareBox,
} from './layout';
import { MEADOW, MEADOW_DARK, PAGE, SQUARE_FILL, TRACK, TRACK_EDGE } from './palette';

const SQUARE_NUMBER = '#2b2b2b';

const ICON_SIZE = 36;
/** Symbols sit below the square's number. */
const SYMBOL_DROP = 8;
const NUMBER_COLOR = '#34425a';

function drawTrackPath(ctx: Context): void {
  const centers = boardLayout().map((box) => box.center);
  for (const [width, color] of [
    [26, TRACK_EDGE],
    [20, TRACK],
  ] as const) {
    ctx.beginPath();
    centers.forEach((point, index) =>
      index === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y),
    );
    ctx.lineWidth = width;
    ctx.strokeStyle = color;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.stroke();
  }
}

function drawNumberSymbol(ctx: Context, kind: SquareKind, box: SquareBox): void {
  const { x, y } = box.center;
  if (kind === 'n156') {
    drawText(
      ctx,
      '1·5·6',
      { x, y: y + SYMBOL_DROP },
      {
        size: MIN_TEXT_SIZE + 1,
        weight: 'bold',
        color: '#5a3d7a',
        align: 'center',
        baseline: 'middle',
      },
    );
    return;
  }
  drawText(
    ctx,
    kind.slice(1),
    { x, y: y + SYMBOL_DROP },
    {
      size: 34,
      weight: 'bold',
      color: NUMBER_COLOR,
      align: 'center',
      baseline: 'middle',
    },
  );
}

function drawSymbol(ctx: Context, kind: SquareKind, box: SquareBox): void {
  const x = box.center.x;
  const y = box.center.y + SYMBOL_DROP;
  switch (kind) {
    case 'hare':
      return drawHare(ctx, x, y, ICON_SIZE);
    case 'carrot':
      return drawCarrot(ctx, x, y, ICON_SIZE);
    case 'lettuce':
      return drawLettuce(ctx, x, y, ICON_SIZE - 4);
    case 'tortoise':
      return drawTortoise(ctx, x, y, ICON_SIZE + 4);
    case 'n2':
    case 'n3':
    case 'n4':
    case 'n156':
      return drawNumberSymbol(ctx, kind, box);
    case 'start':
    case 'finish':
      return;
  }
}

function drawCheckers(ctx: Context, box: SquareBox): void {
  const size = box.height / 8;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, 10);
  ctx.clip();
  for (const left of [box.x, box.x + box.width - 2 * size]) {
    for (let column = 0; column < 2; column++) {
      for (let row = 0; row < 8; row++) {
        ctx.fillStyle = (row + column) % 2 === 0 ? '#1b1b1b' : '#ffffff';
        ctx.fillRect(left + column * size, box.y + row * size, size, size);
      }
    }
  }
  ctx.restore();
}

function drawSquare(ctx: Context, box: SquareBox): void {
  const kind = BOARD[box.index] as SquareKind;
  fillRoundRect(
    ctx,
    { x: box.x + 1, y: box.y + 3, width: box.width, height: box.height },
    10,
    'rgba(0,0,0,0.22)',
  );
  fillRoundRect(ctx, box, 10, SQUARE_FILL[kind]);
  if (box.index === FINISH) drawCheckers(ctx, box);
  strokeRoundRect(ctx, box, 10, 'rgba(40, 40, 30, 0.55)', 1.5);
  if (box.index === START || box.index === FINISH) return;
  drawText(
    ctx,
    String(box.index),
    { x: box.x + 4, y: box.y + 2 },
    {
      size: MIN_TEXT_SIZE,
      weight: 'bold',
      color: SQUARE_NUMBER,
      baseline: 'top',
    },
  );
  drawSymbol(ctx, kind, box);
}

function drawFrame(ctx: Context): void {
  ctx.fillStyle = PAGE;
  ctx.fillRect(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
  const meadow = { x: 3, y: TRACK_TOP - 8, width: BOARD_WIDTH - 6, height: TRACK_BOTTOM - TRACK_TOP + 16 };
  fillRoundRect(ctx, meadow, 14, MEADOW);
  strokeRoundRect(ctx, meadow, 14, MEADOW_DARK, 3);
}

function paintBackground(): Canvas {
  ensureFonts();
  const canvas = createCanvas(BOARD_WIDTH, BOARD_HEIGHT);
  const ctx = canvas.getContext('2d');
  drawFrame(ctx);
  drawTrackPath(ctx);
  for (const box of boardLayout()) drawSquare(ctx, box);
  return canvas;
}

let cached: Canvas | null = null;

/** The page, the meadow, the track and all 65 squares with their symbols and numbers. */
export function boardBackground(): Canvas {
  cached ??= paintBackground();
  return cached;
}
