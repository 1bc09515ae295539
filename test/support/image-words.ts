/**
 * Checks shared by the games' language tests: the bundled fonts draw every letter of a catalogue, and the words
 * an image draws are readable at chat size (350 px wide), inside the image and never cut with "…".
 */
import { expect } from 'vitest';
import { fontCharacters, missingCharacters } from './font-glyphs';

/** Letters of the four languages beyond ASCII, and the signs the games' texts use. */
const EXPECTED_LETTERS = 'äöüßÄÖÜéèàçùâêîôœ«»¿¡ñáíóú’„“→×·…';

export function expectFontsToCover(texts: readonly string[]): void {
  for (const file of ['Inter_400Regular.ttf', 'Inter_700Bold.ttf']) {
    const font = fontCharacters(`assets/fonts/${file}`);
    expect(font.size).toBeGreaterThan(500);
    expect(missingCharacters([EXPECTED_LETTERS], font)).toEqual([]);
    expect(missingCharacters([...texts], font), file).toEqual([]);
  }
}

interface PlacedText {
  text: string;
  size: number;
  left: number;
  right: number;
}

/**
 * Every word of each image at least 8 px tall once the `width` px image is shown 350 px wide (`isWord` says what
 * counts), within the image (4 px of slack) and not cut short.
 */
export function expectWordsToFit(
  images: readonly (readonly PlacedText[])[],
  width: number,
  isWord: (text: PlacedText) => boolean,
): void {
  for (const [index, image] of images.entries()) {
    const small = image.filter((text) => isWord(text) && (text.size * 350) / width < 8);
    expect(
      small.map((text) => `${text.size}px ${text.text}`),
      `image ${index}`,
    ).toEqual([]);
    const outside = image.filter((text) => text.left < -4 || text.right > width + 4);
    expect(
      outside.map((text) => text.text),
      `image ${index}`,
    ).toEqual([]);
    const cut = image.filter((text) => text.text.endsWith('…'));
    expect(
      cut.map((text) => text.text),
      `image ${index}`,
    ).toEqual([]);
  }
}
