/**
 * The emoji font the sandbox page draws emoji with (Noto Emoji, in outline, OFL-1.1, from the npm package
 * @fontsource/noto-emoji), so the page shows 🏆 and 🥇 on any machine, with no system emoji font.
 * The browser loads only the subsets whose characters appear (the stylesheet's unicode ranges).
 */
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-emoji/package.json'));
export const EMOJI_CSS_PATH = '/emoji/emoji.css';
const FILES_PATH = '/emoji/files/';
const FILE_NAME = /^noto-emoji-\d+-400-normal\.woff2?$/;

export interface StaticAnswer {
  type: string;
  body: Buffer | string;
}

let stylesheet: Promise<string> | null = null;

/** The package's stylesheet with its font URLs pointing at this server. */
function emojiStylesheet(): Promise<string> {
  stylesheet ??= fs
    .readFile(join(PACKAGE_DIR, '400.css'), 'utf8')
    .then((css) => css.replaceAll('url(./files/', `url(${FILES_PATH}`));
  return stylesheet;
}

/** The answer to a GET of the emoji stylesheet or one of its fonts; null when `pathname` is neither. */
export async function emojiAsset(pathname: string): Promise<StaticAnswer | null> {
  if (pathname === EMOJI_CSS_PATH) return { type: 'text/css; charset=utf-8', body: await emojiStylesheet() };
  if (!pathname.startsWith(FILES_PATH)) return null;
  const name = pathname.slice(FILES_PATH.length);
  if (!FILE_NAME.test(name)) return null;
  const body = await fs.readFile(join(PACKAGE_DIR, 'files', name));
  return { type: name.endsWith('.woff2') ? 'font/woff2' : 'font/woff', body };
}
