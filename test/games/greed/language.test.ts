/**
 * Greed in German, French and Spanish: every key in every language, and complete games played by the computer
 * players in which everything a player could see (log lines, status, hands, labels, buttons, refusals, levels,
 * rules, figures, and every text drawn on the table and the summary) holds no English word, and the images'
 * texts still fit their place.
 */
import { describe, expect, it } from 'vitest';
import type { SeatView, TextContext } from '../../../src/games/contract';
import { figureText } from '../../../src/games/draw/game-words';
import { greedModule } from '../../../src/games/greed/index';
import { greedCatalogue } from '../../../src/games/greed/locales/index';
import { greedRenderer } from '../../../src/games/greed/render/index';
import type { GameEvent, GameState, GreedOptions } from '../../../src/games/greed/rules/types';
import { refusalText, type RefusalCode } from '../../../src/games/greed/greed-words';
import { seedRng } from '../../../src/games/kit/random';
import { catalogueProblems, PLATFORM_CATALOGUE, type Language, type Messages } from '../../../src/i18n/index';
import { overlaps, textsDrawnBy } from './drawn-texts';
import { play } from './helpers';
import { catalogueValues, wordsWithoutPossessive } from '../../support/language-sweep';

const { texts, controls, commands, computer, rules } = greedModule;
/** Names in no language; the fourth seat has none ("Spieler 4"). */
const SEATS: SeatView[] = [
  { name: 'Ada', kind: 'human' },
  { name: 'Bram', kind: 'human' },
  { name: 'Eun-ji', kind: 'human' },
];
const REFUSALS: RefusalCode[] = ['game_over', 'must_roll', 'unknown_action'];
/** What the module wrote before it had a catalogue, beyond its English catalogue's words. */
const HARDCODED = [
  'rolls',
  'busts',
  'banks',
  'stops',
  'enters',
  'reaches',
  'BUSTS',
  'rolled',
  'loses',
  'won',
];

/** English words of Greed and of the images, less those `language` uses too (names, "Greed", "hand"…). */
function englishOnly(language: Language): Set<string> {
  const own = new Set(
    [...catalogueValues(greedCatalogue[language]), ...catalogueValues(PLATFORM_CATALOGUE[language])].flatMap(
      wordsWithoutPossessive,
    ),
  );
  const english = [
    ...catalogueValues(greedCatalogue.en),
    ...catalogueValues(PLATFORM_CATALOGUE.en.images as Messages),
    ...HARDCODED,
  ].flatMap(wordsWithoutPossessive);
  return new Set(english.filter((word) => !own.has(word)));
}

interface Seen {
  texts: string[];
  /** Every text the images drew, with its box. */
  drawn: ReturnType<typeof textsDrawnBy>;
}

/** A complete game of computers, and everything its players could have seen, in `language`. */
function playedAndSeen(
  language: Language,
  seats: number,
  options: Partial<GreedOptions>,
  seed: string,
): Seen {
  const seen: Seen = { texts: [], drawn: [] };
  const seatViews = SEATS.slice(0, seats);
  const contexts: TextContext[] = [
    { names: seatViews.map((seat) => seat.name), viewerSeat: null, language },
    { names: seatViews.map((seat) => seat.name), viewerSeat: 0, reveal: true, language },
  ];
  const levels = computer.levels;
  const rng = seedRng(seed);
  let state = rules.create({ seats, seed, options }) as GameState;
  let events: GameEvent[] = [];
  const look = () => {
    for (const ctx of contexts) {
      seen.texts.push(...texts.status(state, ctx));
      seen.texts.push(...events.map((event) => texts.describeEvent(event, state, ctx) ?? ''));
    }
    for (let seat = 0; seat < seats; seat++) {
      seen.texts.push(texts.hand(state, seat, { ...contexts[0]!, viewerSeat: seat }));
      seen.texts.push(...texts.figures(state, seat, language).map((figure) => figureText(figure, language)));
      for (const row of controls.rows(state, seat, language))
        for (const control of row) if (control.kind === 'button') seen.texts.push(control.label);
      for (const command of commands) {
        const action = command.toAction({}, state, seat, language);
        if ('error' in action) seen.texts.push(action.error);
      }
    }
    for (const action of rules.legalActions(state))
      seen.texts.push(texts.actionLabel(action, state, language));
  };
  for (let step = 0; !state.over; step++) {
    look();
    if (step % 25 === 0)
      seen.drawn.push(
        ...textsDrawnBy(() =>
          greedRenderer.board({ state, seats: seatViews, recentEvents: events, viewerSeat: null, language }),
        ),
      );
    const level = levels[state.current % levels.length]!;
    const result = rules.apply(state, computer.choose(state, level, rng));
    state = result.state as GameState;
    events = result.events as GameEvent[];
  }
  look();
  seen.drawn.push(
    ...textsDrawnBy(() =>
      greedRenderer.board({ state, seats: seatViews, recentEvents: events, viewerSeat: null, language }),
    ),
    ...textsDrawnBy(() => greedRenderer.summary({ state, seats: seatViews, stoppedBy: null, language })),
    ...textsDrawnBy(() => greedRenderer.summary({ state, seats: seatViews, stoppedBy: 'Mod', language })),
  );
  return seen;
}

/** What every game shows whatever is played: levels, options, rules and refusals. */
function fixedTexts(language: Language): string[] {
  const rulesOf = texts.rules as (options: Record<string, number>, language?: Language) => string;
  return [
    ...computer.levels.map((level) => texts.levelDescription(level, language)),
    texts.optionsSummary!({}, language),
    texts.optionsSummary!({ entry: 0, dice: 1 }, language),
    rulesOf({}, language),
    rulesOf({ entry: 0 }, language),
    ...REFUSALS.map((code) => refusalText(code, language)),
    greedCatalogue[language].footerHint as string,
  ];
}

const GAMES: [number, Partial<GreedOptions>, string][] = [
  [2, { target: 1500 }, 'two'],
  [3, { target: 1000, entry: 0 }, 'three'],
  [4, { target: 2000, turnLimit: 4 }, 'limit'],
];

describe('Greed in every language', () => {
  it('has every key in every language, with the same placeholders and each language’s plurals', () => {
    expect(catalogueProblems('greed', greedCatalogue)).toEqual([]);
  });

  it('keeps English as it was', () => {
    expect(texts.levelDescription('steady')).toBe(
      'steady: stops at 350 (250 with 1–2 dice left); after hot dice rolls on below 1,000; bolder when far behind',
    );
    expect(refusalText('must_roll')).toBe('you can stop only after a roll that scored');
    expect(texts.optionsSummary!({ dice: 1 })).toBe('1 die of 6 · entry 300 · target 5,000');
  });

  it('writes numbers, plurals and percentages as each language does', () => {
    const state = rules.create({ seats: 2, seed: 's', options: { target: 10_000 } }) as GameState;
    const ctx = (language: Language): TextContext => ({ names: ['Ada', 'Bo'], viewerSeat: 0, language });
    expect(texts.status(state, ctx('de'))).toContain('Runde 1 · Ziel 10.000');
    expect(texts.status(state, ctx('fr'))).toContain('Manche 1 · objectif 10\u202f000');
    expect(texts.status(state, ctx('es'))).toContain('Ronda 1 · meta 10.000');
    expect(texts.hand(state, 0, ctx('de'))).toContain('79,4\u00a0%');
    expect(texts.hand(state, 0, ctx('en'))).toContain('79.4%');
    expect(texts.describeEvent({ type: 'end', reason: 'target', rounds: 1 }, state, ctx('de'))).toBe(
      'Die letzte Runde ist nach 1 Runde vorbei',
    );
    expect(texts.describeEvent({ type: 'end', reason: 'target', rounds: 12 }, state, ctx('fr'))).toBe(
      'Le dernier tour est fini après 12 manches',
    );
  });

  it.each(['de', 'fr', 'es'] as const)(
    'leaves no English word in what players see in %s, and the images still fit',
    (language) => {
      const english = englishOnly(language);
      const left = (text: string) => wordsWithoutPossessive(text).some((word) => english.has(word));
      const seen = GAMES.map(([seats, options, seed]) => playedAndSeen(language, seats, options, seed));
      const all = [...fixedTexts(language), ...seen.flatMap((game) => game.texts)];
      const drawn = seen.flatMap((game) => game.drawn);
      expect(all.length).toBeGreaterThan(500);
      expect(drawn.length).toBeGreaterThan(200);
      expect([...new Set(all.filter(left))]).toEqual([]);
      expect([...new Set(drawn.map((text) => text.text).filter(left))]).toEqual([]);
      expect(fixedTexts(language).every((text) => text.length <= 3800)).toBe(true);
      // the images' words fit: nothing outside the 800 px, nothing smaller than 19 px (8 px at a phone's 350 px)
      expect(drawn.filter((text) => text.left < 0 || text.right > 800).map((text) => text.text)).toEqual([]);
      expect(drawn.filter((text) => text.text.trim() && text.size < 19).map((text) => text.text)).toEqual([]);
      // and none is cut (the players' names here are short)
      expect([...new Set(drawn.filter((text) => text.text.includes('…')).map((text) => text.text))]).toEqual(
        [],
      );
    },
  );

  it.each(['de', 'fr', 'es'] as const)('draws the table in %s without a text over another', (language) => {
    const state = rules.create({
      seats: 6,
      seed: 'late',
      options: { target: 20_000, turnLimit: 500 },
    }) as GameState;
    const late: GameState = {
      ...state,
      round: 499,
      finalRound: true,
      scores: [12_500, 20_150, 0, 3_400, 950, 0],
    };
    const seats: SeatView[] = [
      { name: 'W'.repeat(32), kind: 'human' },
      ...Array.from({ length: 5 }, (_, i) => ({ name: `Maximilian Alexander ${i}`, kind: 'human' as const })),
    ];
    const scripts: (readonly number[] | 'stop')[][] = [
      [[1, 1, 1, 5, 2], [1]],
      [[1, 1, 1, 5, 2], [2]],
      [[1, 1, 1, 5, 3], [5]],
      [[2, 3, 4, 6, 6]],
    ];
    for (const script of scripts) {
      const { state: after, events } = play(late, script);
      const drawn = textsDrawnBy(() =>
        greedRenderer.board({ state: after, seats, recentEvents: events, viewerSeat: null, language }),
      );
      expect(overlaps(drawn)).toEqual([]);
    }
    const entering = rules.create({ seats: 6, seed: 'entry', options: {} }) as GameState;
    const drawn = textsDrawnBy(() =>
      greedRenderer.board({ state: entering, seats, recentEvents: [], viewerSeat: null, language }),
    );
    expect(overlaps(drawn)).toEqual([]);
  });
});
