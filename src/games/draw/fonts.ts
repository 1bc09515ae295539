import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/** The only font family the images use: Inter (SIL Open Font License), shipped in assets/fonts. */
export const FONT_FAMILY = 'Hare Inter';

const FONT_FILES = ['Inter_400Regular.ttf', 'Inter_700Bold.ttf'];

let registered = false;

/**
 * The shipped fonts' folder: assets/fonts from the sources (three folders up from this file), or beside the
 * bundle that contains this code in the production build (dist/assets/fonts).
 */
function fontFolder(): URL {
  const fromSources = new URL('../../../assets/fonts/', import.meta.url);
  return existsSync(fileURLToPath(fromSources)) ? fromSources : new URL('./assets/fonts/', import.meta.url);
}

/** Registers the shipped fonts once; throws when a file is missing, so no system font is used silently. */
export function ensureFonts(): void {
  if (registered) return;
  const folder = fontFolder();
  for (const file of FONT_FILES) {
    const path = fileURLToPath(new URL(file, folder));
    if (!GlobalFonts.registerFromPath(path, FONT_FAMILY)) throw new Error(`cannot load the font ${path}`);
  }
  registered = true;
}

/** A CSS font shorthand in the shipped family. */
export function font(size: number, weight: 'regular' | 'bold' = 'regular'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${size}px "${FONT_FAMILY}"`;
}
