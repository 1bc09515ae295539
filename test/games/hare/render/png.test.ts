import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng } from '../../../../src/games/hare/render/index';
import { canvasImage, decodePng } from './pixels';
import { readPngHeader } from './png-header';

function paintedCanvas(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f7f3e8';
  ctx.fillRect(0, 0, width, height);
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#d55e00');
  gradient.addColorStop(1, '#56b4e9');
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(width / 2, height / 2, Math.min(width, height) / 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#009e73';
  ctx.lineWidth = 3.5;
  ctx.strokeRect(5.5, 7.25, width - 20, height - 13);
  return canvas;
}

describe('encodeOpaquePng', () => {
  it('writes an 8-bit RGBA PNG whose pixels are exactly the canvas pixels', () => {
    const canvas = paintedCanvas(211, 97);
    const png = encodeOpaquePng(canvas);
    expect(readPngHeader(png)).toEqual({ width: 211, height: 97, bitDepth: 8, colorType: 6 });
    const decoded = decodePng(png);
    const original = canvasImage(canvas);
    expect(decoded.width).toBe(211);
    expect(Buffer.from(decoded.data).equals(Buffer.from(original.data))).toBe(true);
  });

  it('decodes to the same pixels as Skia’s own PNG encoder', () => {
    const canvas = paintedCanvas(64, 48);
    const ours = decodePng(encodeOpaquePng(canvas));
    const skia = decodePng(canvas.encodeSync('png'));
    expect(Buffer.from(ours.data).equals(Buffer.from(skia.data))).toBe(true);
  });
});
