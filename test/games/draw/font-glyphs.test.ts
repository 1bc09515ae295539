/**
 * The shipped fonts draw every character the images write in every language: the platform's image words,
 * Greed's words, and the separators the number formats use (French groups with a narrow no-break space). A
 * character the font lacks would be drawn by whatever font the system has, or as an empty box.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../src/games/draw/image-words';
import { greedCatalogue } from '../../../src/games/greed/locales/index';
import { LANGUAGES, PLATFORM_CATALOGUE, type Messages } from '../../../src/i18n/index';

const FONTS = ['Inter_400Regular.ttf', 'Inter_700Bold.ttf'];

/** The code points a TrueType font maps to a glyph (its cmap's format 4 and 12 tables). */
function codePoints(file: string): Set<number> {
  const font = readFileSync(fileURLToPath(new URL(`../../../assets/fonts/${file}`, import.meta.url)));
  let cmap = 0;
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  const found = new Set<number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const table = cmap + font.readUInt32BE(cmap + 4 + 8 * i + 4);
    const format = font.readUInt16BE(table);
    if (format === 4) {
      const segments = font.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const offsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + 2 * s);
        const start = font.readUInt16BE(starts + 2 * s);
        const delta = font.readInt16BE(deltas + 2 * s);
        const offset = font.readUInt16BE(offsets + 2 * s);
        for (let code = start; code <= end && code !== 0xffff; code++) {
          let glyph = offset === 0 ? code : font.readUInt16BE(offsets + 2 * s + offset + 2 * (code - start));
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          if (glyph !== 0) found.add(code);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < font.readUInt32BE(table + 12); g++) {
        const group = table + 16 + 12 * g;
        const [start, end, first] = [0, 4, 8].map((at) => font.readUInt32BE(group + at)) as [
          number,
          number,
          number,
        ];
        for (let code = start; code <= end; code++) if (first + code - start !== 0) found.add(code);
      }
    }
  }
  return found;
}

function strings(messages: Messages): string[] {
  return Object.values(messages).flatMap((value) => (typeof value === 'string' ? [value] : strings(value)));
}

describe('the shipped fonts', () => {
  const written = LANGUAGES.flatMap((language) => [
    ...strings(PLATFORM_CATALOGUE[language].images as Messages),
    ...strings(greedCatalogue[language]),
    formatNumber(1_234_567.5, language),
  ]);
  const characters = [...new Set(written.join(''))].filter((character) => character !== '\n');

  it.each(FONTS)('%s has a glyph for every character the images write', (file) => {
    const mapped = codePoints(file);
    expect(mapped.size).toBeGreaterThan(1000);
    expect(characters.filter((character) => !mapped.has(character.codePointAt(0)!))).toEqual([]);
    // what the translations rely on
    for (const character of 'äöüßÄÖÜéèàçñ¿¡«»\u202f\u00a0º’–−·')
      expect(mapped.has(character.codePointAt(0)!), character).toBe(true);
  });
});
