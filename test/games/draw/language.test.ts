/**
 * The drawing kit writes in the image's language: the default board and summary, the summary sheet with its
 * charts and how the game was won, and the rating chart. Noughts and Crosses (drawn by the default renderer)
 * is given German texts of its own here, so that every English word left on the image is the kit's.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, GameModule, SeatView, TextContext } from '../../../src/games/contract';
import { defaultRenderer } from '../../../src/games/draw/default-renderer';
import { drawRatingChart } from '../../../src/games/draw/rating-chart';
import { drawSummarySheet } from '../../../src/games/draw/summary-sheet';
import { formatNumber, placeText } from '../../../src/games/draw/image-words';
import { catalogueProblems, PLATFORM_CATALOGUE, type Language, type Messages } from '../../../src/i18n/index';
import { noughtsModule } from '../../fixtures/games/noughts/index';
import {
  cellName,
  type NoughtsAction,
  type NoughtsEvent,
  type NoughtsState,
} from '../../fixtures/games/noughts/rules';
import { textsDrawnBy } from '../greed/drawn-texts';
import { catalogueValues, wordsWithoutPossessive } from '../../support/language-sweep';

const seats: SeatView[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Bram', kind: 'human' },
];

const MARKS = ['X', 'O'];

/** Noughts and Crosses with German texts of its own ("Drei gewinnt"). */
const germanNoughts: GameModule<NoughtsState, NoughtsAction, NoughtsEvent> = {
  ...noughtsModule,
  catalogue: {
    en: { title: 'Noughts and Crosses' },
    de: { title: 'Drei gewinnt' },
    fr: { title: 'Morpion' },
    es: { title: 'Tres en raya' },
  },
  texts: {
    ...noughtsModule.texts,
    describeEvent: (event, _state, ctx: TextContext) => {
      if (event.type === 'draw') return 'Das Gitter ist voll';
      const name = `${ctx.names[event.seat]} (${MARKS[event.seat]})`;
      if (event.type === 'mark') return `${name} setzt auf ${cellName(event.cell)}`;
      return `${name}: ${event.cells.map(cellName).join('–')}`;
    },
    status: (state) => [`${state.cells.filter((mark) => mark === null).length} von 9 Feldern frei.`],
    figures: (state, seat) => [
      { label: 'Zeichen', value: state.cells.filter((mark) => mark === seat).length },
      { label: 'Punkte', singular: 'Punkt', value: 1250 },
    ],
  },
};
const module = germanNoughts as AnyGameModule;
const renderer = defaultRenderer(module);

function played(cells: readonly number[]): { state: NoughtsState; events: NoughtsEvent[] } {
  let state = noughtsModule.rules.create({ seats: 2, seed: 'default' });
  const events: NoughtsEvent[] = [];
  for (const cell of cells) {
    const result = noughtsModule.rules.apply(state, { type: 'mark', cell });
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** The English words of the kit's images, less those the other language also uses. */
function englishOnlyWords(language: Language): Set<string> {
  const own = new Set(catalogueValues(PLATFORM_CATALOGUE[language]).flatMap(wordsWithoutPossessive));
  const english = catalogueValues(PLATFORM_CATALOGUE.en.images as Messages).flatMap(wordsWithoutPossessive);
  // what the kit wrote before it had a catalogue
  const hardcoded = [
    'Player',
    'wins',
    'draw',
    'Latest',
    'stopped',
    'Turning',
    'Luck',
    'Choices',
    'gave',
    'away',
  ];
  return new Set(
    [...english, ...hardcoded.map((word) => word.toLowerCase())].filter((word) => !own.has(word)),
  );
}

function englishLeft(texts: readonly string[], language: Language): string[] {
  const english = englishOnlyWords(language);
  return texts.filter((text) => wordsWithoutPossessive(text).some((word) => english.has(word)));
}

/** Every text the default board and summary draw of a few positions in `language`. */
function drawnTexts(language: Language): string[] {
  const texts: string[] = [];
  const catch_ = (draw: () => unknown) => texts.push(...textsDrawnBy(draw).map((drawn) => drawn.text));
  const running = played([4, 0, 8]);
  const won = played([0, 3, 1, 4, 2]);
  const full = played([0, 1, 2, 4, 3, 5, 7, 6, 8]);
  for (const { state, events } of [running, won, full])
    catch_(() => renderer.board({ state, seats: [], recentEvents: events, viewerSeat: null, language }));
  for (const { state } of [won, full])
    catch_(() => renderer.summary({ state, seats: [], stoppedBy: null, language }));
  catch_(() => renderer.summary({ state: running.state, seats, stoppedBy: 'Mod', language }));
  catch_(() =>
    drawSummarySheet({
      title: 'Titel',
      stopped: false,
      places: [
        { seat: 0, place: 1, name: 'Ada', detail: '' },
        { seat: 1, place: 2, name: 'Bram', detail: '' },
      ],
      chart: { title: 'Kurve', series: [[0, 1200, 5250]], xLabel: 'Zug' },
      figureHeaders: ['Züge'],
      figures: [{ seat: 0, name: 'Ada', values: [12_500] }],
      story: {
        chances: [
          [0.5, 0.5],
          [0.9, 0.1],
          [1, 0],
        ],
        turns: [
          { seat: 0, what: '1.150', when: 'Runde 1' },
          { seat: 1, what: '0', when: 'Runde 1' },
        ],
        method: 'Methode.',
        luck: [0.12, -0.01],
        givenAway: [0, 0.2],
      },
      language,
    }),
  );
  catch_(() => drawRatingChart({ title: 'Wertung', ratings: [10, 12, 15], firstGame: 1, language }));
  return texts;
}

describe('the drawing kit in another language', () => {
  it('has every image word in every language, with the same placeholders', () => {
    expect(catalogueProblems('platform', PLATFORM_CATALOGUE)).toEqual([]);
  });

  it('writes places and numbers as each language does', () => {
    expect([1, 2, 3].map((place) => placeText(place, 'en'))).toEqual(['1st', '2nd', '3rd']);
    expect([1, 2].map((place) => placeText(place, 'de'))).toEqual(['1.', '2.']);
    expect([1, 2].map((place) => placeText(place, 'fr'))).toEqual(['1er', '2e']);
    expect(placeText(2, 'es')).toBe('2.º');
    expect(['en', 'de', 'fr', 'es'].map((language) => formatNumber(5250, language as Language))).toEqual([
      '5,250',
      '5.250',
      '5\u202f250',
      '5250',
    ]);
  });

  it('draws the default board and summary in German', () => {
    const texts = drawnTexts('de');
    const wanted = [
      'Drei gewinnt',
      'Spieler 2 ist am Zug',
      'Spieler 1 gewinnt',
      'Unentschieden',
      'Zuletzt',
      '1.',
      '2.',
      '2 Zeichen, 1.250 Punkte',
      'Drei gewinnt · Spieler 1 gewinnt',
      'Drei gewinnt · beendet von Mod',
      '12.500',
      'Siegchance nach jedem Zug (%)',
      'Glück +12 Pkt.',
      'Keine Punkte verschenkt',
      'Partie',
    ];
    expect(wanted.filter((text) => !texts.includes(text))).toEqual([]);
    expect(englishLeft(texts, 'de')).toEqual([]);
  });

  it.each(['fr', 'es'] as const)('leaves no English word in %s', (language) => {
    expect(englishLeft(drawnTexts(language), language)).toEqual([]);
  });

  it('still writes English without a language', () => {
    const { state, events } = played([0, 3, 1, 4, 2]);
    const texts = textsDrawnBy(() =>
      renderer.board({ state, seats: [], recentEvents: events, viewerSeat: null }),
    ).map((drawn) => drawn.text);
    expect(texts.slice(0, 2)).toEqual(['Noughts and Crosses', 'Player 1 wins']);
    expect(texts).toEqual(expect.arrayContaining(['1st', 'Latest', '3 Zeichen, 1,250 Punkte']));
  });
});
