/**
 * Hare's summary agrees with itself: the headline's count of turns and the table's count of moves are told
 * apart (a hare card's "play again" makes a seat move more often than there were turns), and the image
 * description says "finished" only of runners who reached the finish.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../../src/games/hare/computer/index';
import { hareModule } from '../../../src/games/hare/index';
import { hareSummarySheet, type SeatDisplay } from '../../../src/games/hare/render/index';
import {
  FINISH,
  applyAction,
  createGame,
  seedRng,
  type GameState,
} from '../../../src/games/hare/rules/index';
import { hareWords } from '../../../src/games/hare/hare-words';
import type { Language } from '../../../src/i18n/languages';

const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];
const NAMES = ['Ada', 'Bob', 'Cleo', 'Dario'];
const SEATS: SeatDisplay[] = NAMES.map((name) => ({ name, kind: 'novice' }));

function playedGame(seats: number, seed: string): GameState {
  let state = createGame({ rules: 'standard', seats, seed, turnLimit: 300 });
  const rng = seedRng(`${seed}-ai`);
  while (!state.over) state = applyAction(state, chooseAction(state, 'novice', rng)).state;
  return state;
}

/** A finished game in which some seat made more moves than the race had turns. */
function gameWithExtraMoves(): GameState {
  for (let i = 0; i < 40; i++) {
    const state = playedGame(3, `extra-${i}`);
    const turns = state.history.at(-1)!.turn;
    if (state.seats.some((seat) => seat.stats.turns > turns)) return state;
  }
  throw new Error('no game with a played-again turn');
}

describe("Hare's summary agrees with itself", () => {
  for (const language of LANGUAGES) {
    it(`does not count moves in the headline's unit of turns (${language})`, () => {
      const state = gameWithExtraMoves();
      const sheet = hareSummarySheet(state, { seats: SEATS, language });
      const unit = hareWords(language)
        .turns(7)
        .replace(/[\d\s]+/g, ' ')
        .trim()
        .toLowerCase();
      expect(sheet.title).toContain(hareWords(language).turns(state.history.at(-1)!.turn));
      const header = sheet.figureHeaders[0]!.replace(/\n/g, ' ').toLowerCase();
      expect(header).not.toContain(unit);
    });

    it(`describes a runner who never reached the finish by its square, not as finished (${language})`, () => {
      const state = playedGame(3, 'unfinished-runner');
      const stranded = state.seats.findIndex((seat) => seat.position !== FINISH);
      expect(stranded).toBeGreaterThanOrEqual(0);
      const lines = hareModule.texts.describeImage!(state, { names: NAMES, viewerSeat: null, language });
      const line = lines.find((text) => text.startsWith(NAMES[stranded]!))!;
      const finished = hareWords(language).t('image.finished', { place: 'PLACE' }).replace('PLACE', '');
      expect(line).not.toContain(finished.trim());
      expect(line).toContain(String(state.seats[stranded]!.position));
      expect(line).toContain(String(state.seats[stranded]!.place!));
    });
  }
});
