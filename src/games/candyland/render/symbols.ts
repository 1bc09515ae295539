/** The picture symbols, the castle and the licorice mark, drawn with paths (no emoji, no images). */
import type { Context } from '../../draw/shapes';
import type { Point } from '../../draw/geometry';
import type { Picture } from '../rules/track';

const OUTLINE = '#3a2a2a';

function finish(ctx: Context, fill: string): void {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
}

function circle(ctx: Context, x: number, y: number, r: number, fill: string): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  finish(ctx, fill);
}

function box(ctx: Context, x: number, y: number, w: number, h: number, fill: string, radius = 2): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
  finish(ctx, fill);
}

function star(ctx: Context, c: Point, r: number, fill: string): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(c.x + radius * Math.cos(angle), c.y + radius * Math.sin(angle));
  }
  ctx.closePath();
  finish(ctx, fill);
}

const DRAWERS: Record<Picture, (ctx: Context, c: Point, s: number) => void> = {
  cupcake: (ctx, c, s) => {
    ctx.beginPath();
    ctx.moveTo(c.x - 0.55 * s, c.y);
    ctx.lineTo(c.x + 0.55 * s, c.y);
    ctx.lineTo(c.x + 0.38 * s, c.y + 0.7 * s);
    ctx.lineTo(c.x - 0.38 * s, c.y + 0.7 * s);
    ctx.closePath();
    finish(ctx, '#c8874a');
    ctx.beginPath();
    ctx.arc(c.x, c.y, 0.58 * s, Math.PI, 0);
    ctx.closePath();
    finish(ctx, '#f7a8c8');
    circle(ctx, c.x, c.y - 0.62 * s, 0.14 * s, '#d7263d');
  },
  'ice-cream': (ctx, c, s) => {
    ctx.beginPath();
    ctx.moveTo(c.x - 0.45 * s, c.y - 0.05 * s);
    ctx.lineTo(c.x + 0.45 * s, c.y - 0.05 * s);
    ctx.lineTo(c.x, c.y + 0.85 * s);
    ctx.closePath();
    finish(ctx, '#d9a35b');
    circle(ctx, c.x, c.y - 0.3 * s, 0.45 * s, '#fbe3ee');
  },
  star: (ctx, c, s) => star(ctx, c, 0.8 * s, '#ffd23f'),
  gingerbread: (ctx, c, s) => {
    box(ctx, c.x - 0.6 * s, c.y - 0.15 * s, 1.2 * s, 0.3 * s, '#b8733a', 0.15 * s);
    box(ctx, c.x - 0.3 * s, c.y - 0.3 * s, 0.6 * s, 1.05 * s, '#b8733a', 0.2 * s);
    circle(ctx, c.x, c.y - 0.5 * s, 0.3 * s, '#b8733a');
  },
  lollipop: (ctx, c, s) => {
    box(ctx, c.x - 0.07 * s, c.y, 0.14 * s, 0.85 * s, '#ffffff', 1);
    circle(ctx, c.x, c.y - 0.3 * s, 0.5 * s, '#f06fa4');
    ctx.beginPath();
    ctx.arc(c.x, c.y - 0.3 * s, 0.25 * s, 0, Math.PI * 1.5);
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  },
  'ice-pop': (ctx, c, s) => {
    box(ctx, c.x - 0.08 * s, c.y + 0.3 * s, 0.16 * s, 0.55 * s, '#e2c08d', 1);
    box(ctx, c.x - 0.35 * s, c.y - 0.8 * s, 0.7 * s, 1.15 * s, '#5bc0eb', 0.3 * s);
  },
  chocolate: (ctx, c, s) => {
    box(ctx, c.x - 0.5 * s, c.y - 0.7 * s, 1.0 * s, 1.4 * s, '#6b3e26', 3);
    ctx.beginPath();
    ctx.moveTo(c.x, c.y - 0.7 * s);
    ctx.lineTo(c.x, c.y + 0.7 * s);
    for (const dy of [-0.23, 0.23]) {
      ctx.moveTo(c.x - 0.5 * s, c.y + dy * s);
      ctx.lineTo(c.x + 0.5 * s, c.y + dy * s);
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#3b2014';
    ctx.stroke();
  },
};

/** A picture's symbol centred on `c`, about 2·`size` tall. */
export function drawPicture(ctx: Context, picture: Picture, c: Point, size: number): void {
  DRAWERS[picture](ctx, c, size);
}

export function drawCastle(ctx: Context, c: Point, s: number, fill: string): void {
  ctx.beginPath();
  const left = c.x - 0.8 * s;
  const right = c.x + 0.8 * s;
  const top = c.y - 0.45 * s;
  const bottom = c.y + 0.75 * s;
  ctx.moveTo(left, bottom);
  ctx.lineTo(left, top - 0.35 * s);
  const teeth = 5;
  const step = (right - left) / teeth;
  for (let i = 0; i < teeth; i++) {
    const x = left + i * step;
    const y = i % 2 === 0 ? top - 0.35 * s : top;
    ctx.lineTo(x, y);
    ctx.lineTo(x + step, y);
  }
  ctx.lineTo(right, bottom);
  ctx.closePath();
  finish(ctx, fill);
  ctx.beginPath();
  ctx.arc(c.x, bottom - 0.3 * s, 0.22 * s, Math.PI, 0);
  ctx.lineTo(c.x + 0.22 * s, bottom);
  ctx.lineTo(c.x - 0.22 * s, bottom);
  ctx.closePath();
  finish(ctx, '#7a2948');
}

/** Licorice: a dark twisted rope across the cell. */
export function drawLicorice(ctx: Context, c: Point, s: number): void {
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(c.x - s, c.y + 0.35 * s);
  ctx.bezierCurveTo(c.x - 0.3 * s, c.y - 0.9 * s, c.x + 0.3 * s, c.y + 0.9 * s, c.x + s, c.y - 0.35 * s);
  ctx.lineWidth = 0.42 * s;
  ctx.strokeStyle = '#1b1b1b';
  ctx.stroke();
  ctx.lineWidth = 0.1 * s;
  ctx.strokeStyle = '#8a2b3c';
  ctx.stroke();
  ctx.lineCap = 'butt';
}
