/** A key to the squares, drawn in the panel's second row when three seats or fewer leave it empty. */
import type { RulesName } from '../rules/index';
import { drawText, fillRoundRect, strokeRoundRect, type Context } from '../../draw/shapes';
import { drawCarrot, drawHare, drawLettuce, drawTortoise } from './icons';
import type { Rect } from './layout';
import { CARD, CARD_EDGE, INK } from './palette';

type IconDrawer = (ctx: Context, x: number, y: number, size: number) => void;

function drawNumberIcon(ctx: Context, x: number, y: number): void {
  drawText(
    ctx,
    '3',
    { x, y: y + 1 },
    { size: 28, weight: 'bold', color: '#34425a', align: 'center', baseline: 'middle' },
  );
}

function drawFlagIcon(ctx: Context, x: number, y: number): void {
  const size = 7;
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

function entries(rules: RulesName): [IconDrawer, string][] {
  const standard = rules === 'standard';
  return [
    [drawHare, standard ? 'Hare: draw a hare card' : 'Hare: roll the hare die'],
    [drawCarrot, 'Carrot: take or pay 10 carrots'],
    [drawLettuce, 'Lettuce: eat one, +10 × your place'],
    [drawTortoise, 'Tortoise: move back to it, +10 a square'],
    [drawNumberIcon, 'Number: +10 × your place if it matches'],
    [
      drawFlagIcon,
      standard ? 'Finish: no lettuce, ≤ 10 × place carrots' : 'Finish: no lettuce, ≤ 20 carrots',
    ],
  ];
}

export function drawSquareLegend(ctx: Context, rules: RulesName, area: Rect): void {
  fillRoundRect(ctx, area, 12, CARD);
  strokeRoundRect(ctx, area, 12, CARD_EDGE, 1.5);
  const columnWidth = area.width / 3;
  const rowHeight = area.height / 2;
  entries(rules).forEach(([drawIcon, text], index) => {
    const x = area.x + (index % 3) * columnWidth + 30;
    const y = area.y + Math.floor(index / 3) * rowHeight + rowHeight / 2;
    drawIcon(ctx, x, y, 36);
    drawText(
      ctx,
      text,
      { x: x + 28, y: y + 1 },
      {
        size: 17,
        color: INK,
        baseline: 'middle',
        maxWidth: columnWidth - 64,
      },
    );
  });
}
