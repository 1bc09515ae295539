import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/** The only font family the images use: Inter (SIL Open Font License), shipped in assets/fonts. */
export const FONT_FAMILY = 'Hare Inter';

const FONT_FILES = ['Inter_400Regular.ttf', 'Inter_700Bold.ttf'];

let registered = false;

/** Registers the shipped fonts once; throws when a file is missing, so no system font is used silently. */
export function ensureFonts(): void {
  if (registered) return;
  for (const file of FONT_FILES) {
    const path = fileURLToPath(new URL(`../../../assets/fonts/${file}`, import.meta.url));
    if (!GlobalFonts.registerFromPath(path, FONT_FAMILY)) throw new Error(`cannot load the font ${path}`);
  }
  registered = true;
}

/** A CSS font shorthand in the shipped family. */
export function font(size: number, weight: 'regular' | 'bold' = 'regular'): string {
  return `${weight === 'bold' ? 'bold ' : ''}${size}px "${FONT_FAMILY}"`;
}
