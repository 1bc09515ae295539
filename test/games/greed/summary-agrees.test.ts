/**
 * Greed's summary and log agree with themselves: the banked-score chart counts rounds in the word the story
 * uses for them (the chance chart beside it counts turns), and a final round started by the round's last
 * player is not announced as giving anyone "one more turn".
 */
import { describe, expect, it } from 'vitest';
import { greedModule } from '../../../src/games/greed/index';
import { renderSummary } from '../../../src/games/greed/render/summary';
import type { GameState } from '../../../src/games/greed/rules/types';
import { greedWords } from '../../../src/games/greed/greed-words';
import type { Language } from '../../../src/i18n/languages';
import { textsDrawnBy } from './drawn-texts';
import { newGame, play } from './helpers';

const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];
const SEATS = [
  { name: 'Ada', kind: 'human' as const },
  { name: 'Bob', kind: 'human' as const },
];

/** Seat 1, the last of the round, banks past the target. */
function lastSeatReachesTarget(): { state: GameState; events: ReturnType<typeof play>['events'] } {
  const start: GameState = { ...newGame(2, { target: 2000 }), scores: [500, 1500], current: 1 };
  start.history = [[500], [1500]];
  return play(start, [[1, 1, 1, 2, 3], 'stop']);
}

describe("Greed's summary and log agree with themselves", () => {
  for (const language of LANGUAGES) {
    const t = greedWords(language);
    const ctx = { names: ['Ada', 'Bob'], viewerSeat: null, language };

    it(`does not promise one more turn when the round's last player starts the final round (${language})`, () => {
      const { state, events } = lastSeatReachesTarget();
      expect(state.over).toBe(true);
      const final = events.find((event) => event.type === 'finalRound')!;
      expect(final).toBeDefined();
      const said = greedModule.texts.describeEvent(final, state, ctx);
      expect(said).not.toBe(t('log.finalRound', { name: 'Bob', score: state.scores[1]! }));
      expect(said).toContain('Bob');
    });

    it(`labels the banked-score chart's axis with the story's word for rounds (${language})`, () => {
      const { state } = lastSeatReachesTarget();
      const drawn = textsDrawnBy(() =>
        renderSummary({ state, seats: SEATS, stoppedBy: null, ...(language ? { language } : {}) }),
      ).map((text) => text.text);
      const round = t('story.round', { round: 0 }).replace('0', '').trim();
      expect(drawn).toContain(round);
      expect(drawn.some((text) => text.includes(t('summary.chart')))).toBe(true);
      expect(t('summary.chart').toLowerCase()).toContain(round.toLowerCase());
    });
  }
});
