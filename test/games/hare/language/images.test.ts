/**
 * Hare & Tortoise's images in German, French and Spanish at chat size: the longer words still fit (no text cut,
 * none drawn smaller than on the English board, the header's texts apart), every label starts with a capital,
 * and the shipped font has every letter the catalogue uses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../../../../src/i18n/index';
import { hareCatalogue } from '../../../../src/games/hare/locales/index';
import { renderBoard, renderSummary } from '../../../../src/games/hare/render/index';
import { MIN_TEXT_SIZE } from '../../../../src/games/hare/render/layout';
import {
  applyAction,
  createGame,
  legalActions,
  nextInt,
  seedRng,
  type GameEvent,
  type GameState,
  type RulesName,
} from '../../../../src/games/hare/rules/index';
import { catchTexts, type DrawnText } from '../render/drawn-texts';
import { hareWords } from '../../../../src/games/hare/hare-words';
import type { SeatDisplay } from '../../../../src/games/hare/render/index';
import type { Language } from '../../../../src/i18n/index';
import { SEATS as NAMED } from './seen-texts';

/** The seats as the lobby names them: people by name, computers by their level and seat ("Mittel 2"). */
function seatsIn(language: Language): SeatDisplay[] {
  const { t } = hareWords(language);
  return NAMED.map((seat, index) => {
    if (seat.kind === 'human') return seat;
    const level = t(`command.computerLevels.${seat.kind}`);
    return { ...seat, name: `${level.charAt(0).toUpperCase()}${level.slice(1)} ${index + 1}` };
  });
}

const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

function played(rules: RulesName, seats: number, actions: number): { state: GameState; events: GameEvent[] } {
  const chooser = seedRng(`language images ${rules} ${seats}`);
  let state = createGame({ rules, seats, seed: `language images ${rules}`, turnLimit: 500 });
  let events: GameEvent[] = [];
  for (let step = 0; step < actions && !state.over; step++) {
    const legal = legalActions(state);
    ({ state, events } = applyAction(state, legal[nextInt(chooser, legal.length)]!));
  }
  return { state, events };
}

function cut(texts: readonly DrawnText[]): string[] {
  return texts.filter((drawn) => drawn.text.includes('…')).map((drawn) => drawn.text);
}

describe.each(LANGUAGES)('Hare & Tortoise images in %s', (language) => {
  const SEATS = seatsIn(language);
  it.each([2, 4, 6])('a board of %i seats cuts no text and draws none too small', (seats) => {
    for (const rules of ['standard', 'classic'] as const) {
      const { state, events } = played(rules, seats, 40);
      state.seats[seats - 1]!.missTurns = 1;
      state.turn = 488;
      for (const viewerSeat of [null, state.current]) {
        const { texts } = catchTexts(() =>
          renderBoard(state, { seats: SEATS.slice(0, seats), recentEvents: events, viewerSeat, language }),
        );
        expect(cut(texts)).toEqual([]);
        expect(texts.filter((drawn) => drawn.size < MIN_TEXT_SIZE).map((drawn) => drawn.text)).toEqual([]);
        // the header: the turn and rules on the left, the seat to act on the right, apart
        const header = texts.filter((drawn) => drawn.y === texts[0]!.y);
        for (const [left, right] of header.slice(0, -1).map((drawn, i) => [drawn, header[i + 1]!] as const))
          expect(left.right).toBeLessThan(right.left);
      }
    }
  });

  it('a finished board and the summary cut no text', () => {
    const { state } = played('classic', 6, 5000);
    expect(state.over).toBe(true);
    const board = catchTexts(() => renderBoard(state, { seats: SEATS, viewerSeat: null, language })).texts;
    const summary = catchTexts(() => renderSummary(state, { seats: SEATS, language })).texts;
    expect(cut([...board, ...summary])).toEqual([]);
    expect(summary.filter((drawn) => drawn.size < MIN_TEXT_SIZE).map((drawn) => drawn.text)).toEqual([]);
  });

  it('starts every label with a capital', () => {
    const { state, events } = played('standard', 6, 60);
    state.seats[2]!.missTurns = 1;
    const boards = [null, state.current].flatMap(
      (viewerSeat) =>
        catchTexts(() => renderBoard(state, { seats: SEATS, recentEvents: events, viewerSeat, language }))
          .texts,
    );
    const lowercase = boards.filter((drawn) => /^\p{Ll}/u.test(drawn.text)).map((drawn) => drawn.text);
    expect([...new Set(lowercase)]).toEqual([]);
  });
});

/** The characters a TrueType font maps (its cmap's format 4 and 12 subtables). */
function fontCharacters(path: string): Set<number> {
  const font = readFileSync(path);
  const tables = font.readUInt16BE(4);
  let cmap = 0;
  for (let i = 0; i < tables; i++) {
    if (font.toString('latin1', 12 + 16 * i, 16 + 16 * i) === 'cmap') cmap = font.readUInt32BE(20 + 16 * i);
  }
  const mapped = new Set<number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const table = cmap + font.readUInt32BE(cmap + 8 + 8 * i);
    const format = font.readUInt16BE(table);
    if (format === 12) {
      for (let group = 0; group < font.readUInt32BE(table + 12); group++) {
        const at = table + 16 + 12 * group;
        for (let c = font.readUInt32BE(at); c <= font.readUInt32BE(at + 4); c++) mapped.add(c);
      }
    } else if (format === 4) {
      const segments = font.readUInt16BE(table + 6) / 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(table + 14 + 2 * s);
        const start = font.readUInt16BE(table + 16 + 2 * segments + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) mapped.add(c);
      }
    }
  }
  return mapped;
}

function characters(tree: Messages): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? Array.from(value) : characters(value),
  );
}

describe("the images' font", () => {
  it('has every character of the catalogue and of the numbers and places in every language', () => {
    const used = new Set([
      ...LANGUAGES.flatMap((language) => characters(hareCatalogue[language]!)),
      ...characters(hareCatalogue.en!),
      ...Array.from(
        `${new Intl.NumberFormat('fr').format(12345)}${new Intl.NumberFormat('de').format(12345)}ºª`,
      ),
    ]);
    for (const file of ['Inter_400Regular.ttf', 'Inter_700Bold.ttf']) {
      const mapped = fontCharacters(new URL(`../../../../assets/fonts/${file}`, import.meta.url).pathname);
      // the title's emoji is in the board message's title, which Discord draws, never on an image
      const missing = [...used].filter((c) => c !== '\n' && c !== '🐇' && !mapped.has(c.codePointAt(0)!));
      expect(missing).toEqual([]);
    }
  });
});
