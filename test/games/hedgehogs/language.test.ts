/**
 * Hedgehogs in a Hurry in German, French and Spanish: every key in every language, complete games with no
 * English word left in anything a player sees (texts, controls, refusals, suggestions, and the words the board
 * and summary draw), and images whose words fit at chat size.
 */
import { describe, expect, it } from 'vitest';
import { hedgehogsModule } from '../../../src/games/hedgehogs/index';
import { hedgehogsRenderer } from '../../../src/games/hedgehogs/render/index';
import { applyAction, createGame } from '../../../src/games/hedgehogs/rules/index';
import type { GameState } from '../../../src/games/hedgehogs/rules/types';
import { chooseAction } from '../../../src/games/hedgehogs/computer/index';
import { seedRng } from '../../../src/games/kit/random';
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

const catalogue = hedgehogsModule.catalogue!;
const LANGUAGES: Language[] = ['de', 'fr', 'es'];

/** Words the module wrote before its catalogue, beyond the English catalogue's. */
const ONCE_HARDCODED = ['hedgehogs', 'sidestep', 'obstacle', 'stuck', 'passed'];

/**
 * The shared kit's words (the summary sheet's places, its chart's and story's labels) are not the module's:
 * they are translated with the kit. A drawn text holding one of these is left out of the image check.
 */
const KIT_ENGLISH =
  /^turn$|\b(Turning point|took them|Luck|gave away|Chance to win|No single turn|stopped|pts?\b|\d+(st|nd|rd|th)\b)/i;

const GAMES: SweepGame[] = [
  { seats: 2, seed: 'lang:2', options: { obstacles: 'published' } },
  { seats: 3, seed: 'lang:3', options: { obstacles: 'random' } },
  { seats: 4, seed: 'lang:4', options: { turnLimit: 8 } },
  { seats: 6, seed: 'lang:6' },
];

function played(seats: number, seed: string, steps = Infinity, turnLimit?: number): GameState {
  const rng = seedRng(seed);
  let state = createGame({ seats, seed, options: turnLimit ? { turnLimit } : {} });
  for (let i = 0; i < steps && state.phase !== 'over'; i++)
    state = applyAction(state, chooseAction(state, i % 2 ? 'novice' : 'advanced', rng)).state;
  return state;
}

const seatViews = (count: number) =>
  NAMES.slice(0, count).map((name, seat) => ({ name, kind: seat ? 'advanced' : 'human' }));

/** Every text the board (set-up, mid-game, turn limit, end) and the summaries draw, in `language`. */
function drawnTexts(language: Language): DrawnText[][] {
  const states = [
    played(4, 'draw:a', 0),
    played(4, 'draw:a', 30),
    played(4, 'draw:a', 61),
    played(6, 'draw:b', 200),
    played(3, 'draw:c', Infinity, 6),
    played(5, 'draw:d'),
  ];
  const images: DrawnText[][] = [];
  for (const state of states) {
    const seats = seatViews(state.seats);
    images.push(
      textsDrawnBy(() =>
        hedgehogsRenderer.board({ state, seats, recentEvents: [], viewerSeat: null, language }),
      ),
    );
    if (state.phase === 'over')
      for (const stoppedBy of [null, 'Ada'])
        images.push(textsDrawnBy(() => hedgehogsRenderer.summary({ state, seats, stoppedBy, language })));
  }
  return images;
}

describe('Hedgehogs in a Hurry in every language', () => {
  it('has every key of English in German, French and Spanish, with the same placeholders', () => {
    expect(catalogueProblems('hedgehogs', catalogue)).toEqual([]);
  });

  it('keeps the rules within 3,800 characters and names the game in each language', () => {
    for (const language of ['en', ...LANGUAGES] as Language[]) {
      const rules = (hedgehogsModule.texts.rules as (o: object, l: Language) => string)({}, language);
      expect(rules.length).toBeLessThanOrEqual(3800);
      expect(rules).toContain(`_${catalogue[language].title as string}_`);
    }
  });

  it('would catch English: the English texts hold many of the words the German check looks for', () => {
    const english = englishOnlyWords(catalogue, 'de', ONCE_HARDCODED);
    expect(englishLeft(sweepTexts(hedgehogsModule, 'en', GAMES.slice(0, 1)), english).length).toBeGreaterThan(
      50,
    );
  });

  it.each(LANGUAGES)('leaves no English word in what players read in %s', (language) => {
    const english = englishOnlyWords(catalogue, language, ONCE_HARDCODED);
    const texts = sweepTexts(hedgehogsModule, language, GAMES);
    expect(texts.length).toBeGreaterThan(1000);
    expect(englishLeft(texts, english)).toEqual([]);
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

  it('draws the words of the board in the language asked for, English by default', () => {
    const state = played(4, 'draw:a', 30);
    const seats = seatViews(4);
    const texts = (language?: Language) =>
      textsDrawnBy(() =>
        hedgehogsRenderer.board({
          state,
          seats,
          recentEvents: [],
          viewerSeat: null,
          ...(language ? { language } : {}),
        }),
      ).map((text) => text.text);
    expect(texts()).toContain('Obstacle: stuck');
    expect(texts('de')).toContain('Hindernis: hält');
    expect(texts('fr')).toContain('Obstacle : bloque');
    expect(texts('es')).toContain('Obstáculo: retiene');
    expect(texts('de').some((text) => text.startsWith('Igel Ärgern · Runde '))).toBe(true);
  });

  it('has every letter of every language in both bundled fonts', () => {
    expectFontsToCover(
      (['en', ...LANGUAGES] as Language[]).flatMap((language) => catalogueValues(catalogue[language])),
    );
  });

  it.each(['en', ...LANGUAGES] as Language[])(
    'fits every word in %s: readable at 350 px wide, inside the image, never cut',
    (language) => {
      // boards are 800 px wide, and so are the summaries
      expectWordsToFit(drawnTexts(language), 800, (text) => text.text.trim() !== '');
    },
  );
});
