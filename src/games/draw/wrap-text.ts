/** Words in lines that fit a width, for texts of several lines (status lines, log lines). */
import { font } from './fonts';
import type { Context } from './shapes';

/**
 * `text` in lines no wider than `width` at `size` (at most `maxLines`; the last is cut with "…" when the text
 * goes on). A word wider than a line has a line to itself and is cut when drawn.
 */
export function wrapText(
  ctx: Context,
  text: string,
  width: number,
  size: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  ctx.font = font(size);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && ctx.measureText(candidate).width > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]} …`;
  return kept;
}
