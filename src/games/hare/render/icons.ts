/**
 * The square icons, drawn as vector shapes in a 100 × 100 box centred on the origin (authored for this
 * project, no outside art). Each function draws at (x, y) with the given size in pixels.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

type Context = SKRSContext2D;

function inBox(ctx: Context, x: number, y: number, size: number, draw: () => void): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 100, size / 100);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  draw();
  ctx.restore();
}

function ellipse(ctx: Context, x: number, y: number, rx: number, ry: number, rotation = 0): void {
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, rotation, 0, Math.PI * 2);
}

function fillAndStroke(ctx: Context, fill: string, stroke: string, width: number): void {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.stroke();
}

export function drawCarrot(ctx: Context, x: number, y: number, size: number): void {
  inBox(ctx, x, y, size, () => {
    ctx.rotate(Math.PI / 4);
    for (const angle of [-0.55, 0, 0.55]) {
      ellipse(ctx, Math.sin(angle) * 16, -34 - Math.cos(angle) * 10, 7, 17, angle);
      fillAndStroke(ctx, '#4fa83d', '#2d6e22', 3);
    }
    ctx.beginPath();
    ctx.moveTo(-17, -24);
    ctx.bezierCurveTo(-17, 4, -6, 30, 0, 47);
    ctx.bezierCurveTo(6, 30, 17, 4, 17, -24);
    ctx.quadraticCurveTo(0, -33, -17, -24);
    ctx.closePath();
    fillAndStroke(ctx, '#f08a24', '#a9540c', 4);
    ctx.strokeStyle = '#c56712';
    ctx.lineWidth = 3;
    for (const [y0, half] of [
      [-8, 9],
      [8, 7],
      [24, 5],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(-half, y0);
      ctx.lineTo(half * 0.2, y0 + 3);
      ctx.stroke();
    }
  });
}

export function drawLettuce(ctx: Context, x: number, y: number, size: number): void {
  inBox(ctx, x, y, size, () => {
    const leaves = 8;
    for (let leaf = 0; leaf < leaves; leaf++) {
      const angle = (leaf / leaves) * Math.PI * 2;
      ellipse(ctx, Math.cos(angle) * 22, Math.sin(angle) * 22, 22, 22);
      fillAndStroke(ctx, '#5fae3e', '#2f6f22', 3.5);
    }
    ellipse(ctx, 0, 0, 30, 30);
    fillAndStroke(ctx, '#9ed36a', '#4b8f2f', 3.5);
    ctx.strokeStyle = '#4b8f2f';
    ctx.lineWidth = 3;
    for (const angle of [0.3, 2.2, 4.2]) {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.quadraticCurveTo(
        Math.cos(angle + 0.4) * 14,
        Math.sin(angle + 0.4) * 14,
        Math.cos(angle) * 26,
        Math.sin(angle) * 26,
      );
      ctx.stroke();
    }
    ellipse(ctx, 0, 0, 9, 9);
    fillAndStroke(ctx, '#c6e89a', '#4b8f2f', 3);
  });
}

export function drawTortoise(ctx: Context, x: number, y: number, size: number): void {
  inBox(ctx, x, y, size, () => {
    const skin = '#8fb85c';
    const skinEdge = '#4d6e2c';
    for (const legX of [-26, 16]) {
      ctx.beginPath();
      ctx.roundRect(legX, 8, 13, 22, 5);
      fillAndStroke(ctx, skin, skinEdge, 3.5);
    }
    ctx.beginPath();
    ctx.moveTo(-40, 10);
    ctx.lineTo(-50, 16);
    ctx.lineTo(-38, 18);
    ctx.closePath();
    fillAndStroke(ctx, skin, skinEdge, 3);
    ellipse(ctx, 40, 0, 13, 11, -0.2);
    fillAndStroke(ctx, skin, skinEdge, 3.5);
    ellipse(ctx, 45, -3, 2.6, 2.6);
    ctx.fillStyle = '#1d2a12';
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-42, 14);
    ctx.bezierCurveTo(-42, -34, 38, -34, 38, 14);
    ctx.closePath();
    fillAndStroke(ctx, '#6f8f3a', '#3c5520', 4);
    ctx.strokeStyle = '#3c5520';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(-14, 14);
    ctx.lineTo(-10, -6);
    ctx.lineTo(6, -6);
    ctx.lineTo(10, 14);
    ctx.moveTo(-10, -6);
    ctx.lineTo(-16, -20);
    ctx.moveTo(6, -6);
    ctx.lineTo(12, -20);
    ctx.moveTo(-10, -6);
    ctx.lineTo(-30, 0);
    ctx.moveTo(6, -6);
    ctx.lineTo(26, 0);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(-44, 14);
    ctx.lineTo(40, 14);
    ctx.lineWidth = 5;
    ctx.strokeStyle = '#4f6b2a';
    ctx.stroke();
  });
}

export function drawHare(ctx: Context, x: number, y: number, size: number): void {
  inBox(ctx, x, y, size, () => {
    const fur = '#b07a4a';
    const edge = '#6b4423';
    ellipse(ctx, 14, -40, 7, 21, -0.35);
    fillAndStroke(ctx, fur, edge, 3.5);
    ellipse(ctx, 26, -38, 7, 21, 0.15);
    fillAndStroke(ctx, fur, edge, 3.5);
    ellipse(ctx, 26, -38, 3, 14, 0.15);
    ctx.fillStyle = '#e9a7a0';
    ctx.fill();
    ellipse(ctx, -8, 14, 33, 23, -0.1);
    fillAndStroke(ctx, fur, edge, 3.5);
    ellipse(ctx, -22, 30, 19, 8);
    fillAndStroke(ctx, fur, edge, 3.5);
    ellipse(ctx, 22, 34, 9, 5);
    fillAndStroke(ctx, fur, edge, 3);
    ellipse(ctx, 24, -8, 17, 15, 0.2);
    fillAndStroke(ctx, fur, edge, 3.5);
    ellipse(ctx, -41, 6, 8, 8);
    fillAndStroke(ctx, '#fbf5ec', edge, 3);
    ellipse(ctx, 29, -11, 3, 3);
    ctx.fillStyle = '#21140a';
    ctx.fill();
    ellipse(ctx, 40, -5, 3, 2.4);
    ctx.fillStyle = '#d26b6b';
    ctx.fill();
  });
}
