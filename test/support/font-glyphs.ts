/**
 * The characters a TrueType font has glyphs for, read from its cmap table (formats 4 and 12), so that a test
 * can tell whether the bundled fonts draw every letter a catalogue uses.
 */
import { readFileSync } from 'node:fs';

export function fontCharacters(path: string): Set<number> {
  const font = readFileSync(path);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error(`no cmap in ${path}`);
  const codes = new Set<number>();
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const at = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const offsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        const delta = font.readInt16BE(deltas + s * 2);
        const offset = font.readUInt16BE(offsets + s * 2);
        for (let code = start; code <= end && code !== 0xffff; code++) {
          const glyph =
            offset === 0
              ? (code + delta) & 0xffff
              : font.readUInt16BE(offsets + s * 2 + offset + (code - start) * 2);
          if (glyph !== 0) codes.add(code);
        }
      }
    } else if (format === 12) {
      const groups = font.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const start = font.readUInt32BE(at + 16 + g * 12);
        const end = font.readUInt32BE(at + 20 + g * 12);
        const glyph = font.readUInt32BE(at + 24 + g * 12);
        for (let code = start; code <= end; code++) if (glyph + code - start !== 0) codes.add(code);
      }
    }
  }
  return codes;
}

/** The characters of `texts` (spaces aside) that a font lacks. */
export function missingCharacters(texts: readonly string[], font: ReadonlySet<number>): string[] {
  const missing = new Set<string>();
  for (const text of texts)
    for (const character of text)
      if (!/\s/.test(character) && !font.has(character.codePointAt(0)!)) missing.add(character);
  return [...missing];
}
