/**
 * Every game's images are readable at chat size. Discord shows an image about 350 px wide on a phone (400–520 px
 * on a desktop): every text drawn on a board or a summary, scaled down to 350 px, must stay at least
 * MIN_PHONE_TEXT px tall, in every language. The texts are caught where the canvas draws them, so none escapes the check. The
 * downscaled images land in test-artifacts/chat-size/ for a look; with DOCS_SCREENS=1 the German and French
 * boards and summaries of the bot's games also go to docs/screens/ (<game>-<board|summary>-<de|fr>-350.png).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../src/games/contract';
import { drawRatingChart } from '../../src/games/draw/rating-chart';
import { GAMES } from '../fixtures/games/registry';
import { randomlyPlayed } from '../support/random-play';
import { tinyModule } from '../support/tiny-game';
import { loadGameRenderer } from '../../src/workers/render-pool';
import { LANGUAGES, type Language } from '../../src/i18n/index';
import { computerSeatName } from '../../src/service/views';

const PHONE_WIDTH = 350;
const MIN_PHONE_TEXT = 8;
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/chat-size/', import.meta.url));
const SCREENS = fileURLToPath(new URL('../../docs/screens/', import.meta.url));
const SCREEN_LANGUAGES: readonly Language[] = ['de', 'fr'];
const SCREEN_GAMES = ['hare', 'greed', 'candyland', 'hedgehogs'];

interface DrawnText {
  text: string;
  size: number;
}

let drawn: DrawnText[] = [];
const prototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;
const originalFillText = prototype.fillText;
const originalStrokeText = prototype.strokeText;

function fontSize(font: string): number {
  const match = /([\d.]+)px/.exec(font);
  if (!match) throw new Error(`no pixel size in the font "${font}"`);
  return Number(match[1]);
}

beforeAll(() => {
  prototype.fillText = function (this: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number) {
    drawn.push({ text, size: fontSize(this.font) * scaleOf(this) });
    return originalFillText.call(this, text, x, y, maxWidth);
  };
  prototype.strokeText = function (
    this: SKRSContext2D,
    text: string,
    x: number,
    y: number,
    maxWidth?: number,
  ) {
    drawn.push({ text, size: fontSize(this.font) * scaleOf(this) });
    return originalStrokeText.call(this, text, x, y, maxWidth);
  };
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(() => {
  prototype.fillText = originalFillText;
  prototype.strokeText = originalStrokeText;
});

/** The vertical scale of the current transform (text drawn on a scaled context is that much larger). */
function scaleOf(ctx: SKRSContext2D): number {
  const { b, d } = ctx.getTransform();
  return Math.hypot(b, d);
}

function pngWidth(png: Uint8Array): number {
  return Buffer.from(png).readUInt32BE(16);
}

async function saveAtPhoneWidth(png: Uint8Array, name: string, screen?: string): Promise<void> {
  const image = await loadImage(Buffer.from(png));
  const height = Math.round((image.height * PHONE_WIDTH) / image.width);
  const canvas = createCanvas(PHONE_WIDTH, height);
  canvas.getContext('2d').drawImage(image, 0, 0, PHONE_WIDTH, height);
  const small = canvas.toBuffer('image/png');
  writeFileSync(`${ARTIFACTS}${name}`, small);
  if (screen && process.env.DOCS_SCREENS === '1') writeFileSync(`${SCREENS}${screen}`, small);
}

/** docs/screens/'s name of a bot game's image in a language it keeps there (undefined: not kept). */
function screenName(
  module: AnyGameModule,
  kind: 'board' | 'summary',
  language: Language,
): string | undefined {
  const kept = SCREEN_GAMES.includes(module.key) && SCREEN_LANGUAGES.includes(language);
  return kept ? `${module.key}-${kind}-${language}-350.png` : undefined;
}

/**
 * Players as the lobby names them: people by their display names, computers by level and number in the
 * language of the game ("Fortgeschritten 4").
 */
function seatViews(module: AnyGameModule, count: number, language: Language): SeatView[] {
  const levels = module.computer.levels;
  const computer = (level: string, number: number): SeatView => ({
    name: computerSeatName(module, level, number, language),
    kind: level,
  });
  const seats: SeatView[] = [
    { name: 'Ada', kind: 'human' },
    computer(levels[1] ?? levels[0]!, 2),
    { name: 'Bram', kind: 'human' },
    computer(levels.at(-1)!, 4),
    { name: 'Eun-ji', kind: 'human' },
    { name: 'Farah', kind: 'human' },
  ];
  return seats.slice(0, count);
}

/** A game of the module's most seats, played by random legal actions for a while (or to its end). */
function playedGame(module: AnyGameModule, actions: number): { state: unknown; events: unknown[] } {
  return randomlyPlayed(module, actions, `chat-size:${module.key}`);
}

/** The texts smaller than MIN_PHONE_TEXT at phone width, as "12px 'Place'", one per size and text. */
function tooSmall(width: number): string[] {
  const scale = PHONE_WIDTH / width;
  const small = drawn.filter((text) => text.text.trim() !== '' && text.size * scale < MIN_PHONE_TEXT);
  return [...new Set(small.map((text) => `${(text.size * scale).toFixed(1)}px '${text.text}'`))];
}

/**
 * The bot's games and the fixture game without a renderer (test/fixtures/games/), and Tiny without its
 * renderer: both drawn by the default board and summary.
 */
const { loadRenderer: _ownRenderer, ...tinyWithoutRenderer } = tinyModule;
const MODULES: AnyGameModule[] = [...GAMES.all, { ...tinyWithoutRenderer, key: 'tinydefault' }];

/** A game's images in each language: German and French words run longer than English ones. */
describe.each(MODULES.map((module) => [module.key, module] as const))(
  '%s images at chat size',
  (key, module) => {
    const board = playedGame(module, 40);
    const finished = playedGame(module, 5000);

    it.each(LANGUAGES)(
      'draw every text of a board at least 8 px tall at 350 px wide (%s)',
      async (language) => {
        const renderer = await loadGameRenderer(module);
        drawn = [];
        const png = renderer.board({
          state: board.state,
          seats: seatViews(module, module.seats.max, language),
          recentEvents: board.events,
          viewerSeat: 0,
          language,
        });
        expect(drawn.length).toBeGreaterThan(0);
        expect(tooSmall(pngWidth(png))).toEqual([]);
        await saveAtPhoneWidth(png, `${key}-board-${language}.png`, screenName(module, 'board', language));
      },
    );

    it.each(LANGUAGES)(
      'draw every text of a summary at least 8 px tall at 350 px wide (%s)',
      async (language) => {
        const renderer = await loadGameRenderer(module);
        drawn = [];
        const png = renderer.summary({
          state: finished.state,
          seats: seatViews(module, module.seats.max, language),
          stoppedBy: null,
          language,
        });
        expect(drawn.length).toBeGreaterThan(0);
        expect(tooSmall(pngWidth(png))).toEqual([]);
        await saveAtPhoneWidth(
          png,
          `${key}-summary-${language}.png`,
          screenName(module, 'summary', language),
        );
      },
    );
  },
);

describe('the rating chart of /stats at chat size', () => {
  it('draws every text at least 8 px tall at 350 px wide', async () => {
    drawn = [];
    const ratings = Array.from({ length: 25 }, (_, i) => -4 + i * 0.9 + (i % 3));
    const png = drawRatingChart({
      title: "Intermediate 2's rating, last 25 games",
      ratings,
      firstGame: 14,
    });
    expect(drawn.length).toBeGreaterThan(0);
    expect(tooSmall(pngWidth(png))).toEqual([]);
    await saveAtPhoneWidth(png, 'rating-chart.png');
  });
});
