/**
 * Candy Land in German, French and Spanish: every key in every language, complete games with no English word
 * left in anything a player sees (texts, the Draw button, refusals, the simulator's answer, and the words the
 * board, summary and simulation image draw), and images whose words fit at chat size.
 */
import { describe, expect, it } from 'vitest';
import { candylandModule } from '../../../src/games/candyland/index';
import { candyRenderer } from '../../../src/games/candyland/render/index';
import { BOARD_WIDTH } from '../../../src/games/candyland/render/layout';
import { applyAction, createGame } from '../../../src/games/candyland/rules/game';
import type { GameEvent, GameState } from '../../../src/games/candyland/rules/types';
import { simulateTool } from '../../../src/games/candyland/tools';
import { catalogueProblems, type Language } from '../../../src/i18n/index';
import {
  englishLeft,
  englishOnlyWords,
  NAMES,
  sweepTexts,
  type SweepGame,
} from '../../support/language-sweep';
import { textsDrawnBy, type DrawnText } from '../greed/drawn-texts';
import { expectFontsToCover, expectWordsToFit } from '../../support/image-words';
import { catalogueValues } from '../../support/language-sweep';

const catalogue = candylandModule.catalogue!;
const LANGUAGES: Language[] = ['de', 'fr', 'es'];

/** Words the module wrote before its catalogue, beyond the English catalogue's. */
const ONCE_HARDCODED = ['pawn', 'castle', 'licorice', 'draws', 'deck', 'seat', 'players'];

/** The shared kit's words (the summary sheet's places, its chart's and story's labels): not the module's. */
const KIT_ENGLISH =
  /^turn$|\b(Turning point|took them|Luck|gave away|Chance to win|No single turn|\d+% to \d+%|stopped|pts?\b|\d+(st|nd|rd|th)\b)/i;

const GAMES: SweepGame[] = [
  { seats: 2, seed: 'lang:2' },
  { seats: 3, seed: 'lang:3', options: { turnLimit: 6 } },
  { seats: 4, seed: 'lang:4' },
  { seats: 4, seed: 'lang:4b' },
];

const seatViews = (count: number) => NAMES.slice(0, count).map((name) => ({ name, kind: 'human' }));

/** The boards worth drawing of a game: its start, every turn with a note (licorice, shortcut, …), its end. */
function boards(seed: string, turnLimit?: number): { state: GameState; events: GameEvent[] }[] {
  let state = createGame({ seats: 4, seed, options: turnLimit ? { turnLimit } : {} });
  const found = [{ state, events: [] as GameEvent[] }];
  while (!state.over) {
    const result = applyAction(state, { type: 'draw' });
    state = result.state;
    const notable = result.events.some(
      (event) => event.type !== 'draw' || ('picture' in event.card && event.landing <= event.from),
    );
    if (notable || state.over) found.push({ state, events: result.events });
  }
  return found;
}

function drawnTexts(language: Language): DrawnText[][] {
  const images: DrawnText[][] = [];
  for (const [seed, limit] of [
    ['draw:a', undefined],
    ['draw:b', undefined],
    ['draw:c', 5],
  ] as const) {
    const all = boards(seed, limit);
    for (const { state, events } of all)
      images.push(
        textsDrawnBy(() =>
          candyRenderer.board({
            state,
            seats: seatViews(4),
            recentEvents: events,
            viewerSeat: null,
            language,
          }),
        ),
      );
    const final = all.at(-1)!.state;
    for (const stoppedBy of [null, 'Ada'])
      images.push(
        textsDrawnBy(() => candyRenderer.summary({ state: final, seats: seatViews(4), stoppedBy, language })),
      );
  }
  for (const games of [1, 2000]) {
    const { image } = simulateTool.run({ seats: 4, games }, language);
    images.push(textsDrawnBy(() => candyRenderer.tool!(image)));
  }
  return images;
}

describe('Candy Land in every language', () => {
  it('has every key of English in German, French and Spanish, with the same placeholders', () => {
    expect(catalogueProblems('candyland', catalogue)).toEqual([]);
  });

  it('keeps the rules within 3,800 characters in each language', () => {
    for (const language of ['en', ...LANGUAGES] as Language[]) {
      const rules = (candylandModule.texts.rules as (o: object, l: Language) => string)({}, language);
      expect(rules.length).toBeLessThanOrEqual(3800);
      expect(rules.startsWith('_Candy Land_')).toBe(true);
    }
  });

  it('would catch English: the English texts hold many of the words the German check looks for', () => {
    const english = englishOnlyWords(catalogue, 'de', ONCE_HARDCODED);
    expect(englishLeft(sweepTexts(candylandModule, 'en', GAMES.slice(0, 1)), english).length).toBeGreaterThan(
      30,
    );
  });

  it.each(LANGUAGES)('leaves no English word in what players read in %s', (language) => {
    const english = englishOnlyWords(catalogue, language, ONCE_HARDCODED);
    const texts = sweepTexts(candylandModule, language, GAMES);
    for (const games of [1, 12_345]) texts.push(simulateTool.run({ seats: 3, games }, language).text);
    expect(texts.length).toBeGreaterThan(1000);
    expect(englishLeft(texts, english)).toEqual([]);
  });

  it('answers /candyland simulate with numbers written the language’s way', () => {
    const english = simulateTool.run({ seats: 2, games: 12_345 }).text;
    const german = simulateTool.run({ seats: 2, games: 12_345 }, 'de').text;
    const french = simulateTool.run({ seats: 2, games: 12_345 }, 'fr').text;
    expect(english).toMatch(/^\*\*12,345 games\*\* of Candy Land with 2 players:\nRounds: mean \d+\.\d, /);
    expect(german).toMatch(/^\*\*12\.345 Partien\*\* Candy Land mit 2 Spielern:\nRunden: Mittel \d+,\d, /);
    expect(german).toMatch(/Platz 1 \d+,\d %/);
    expect(french).toMatch(/^\*\*12\u202f345 parties\*\* de Candy Land à 2 joueurs :/);
  });

  it.each(LANGUAGES)('leaves no English word in the words the images draw in %s', (language) => {
    const english = englishOnlyWords(catalogue, language, ONCE_HARDCODED);
    const drawn = drawnTexts(language)
      .flat()
      .map((text) => text.text)
      .filter((text) => !KIT_ENGLISH.test(text));
    expect(drawn.length).toBeGreaterThan(100);
    expect(englishLeft(drawn, english)).toEqual([]);
  });

  it('has every letter of every language in both bundled fonts', () => {
    expectFontsToCover(
      (['en', ...LANGUAGES] as Language[]).flatMap((language) => catalogueValues(catalogue[language])),
    );
  });

  it.each(['en', ...LANGUAGES] as Language[])(
    'fits every word in %s: readable at 350 px wide, inside the image, never cut',
    (language) => {
      // the pawns' seat numbers are the kit's tokens, drawn smaller when four share the start
      expectWordsToFit(drawnTexts(language), BOARD_WIDTH, (text) => /\p{L}/u.test(text.text));
    },
  );
});
