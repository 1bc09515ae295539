/**
 * A game a seated person ended is their forfeit: each game's summary image says so ("Ada forfeited by ending the
 * game", never "stopped by"), in every language, and places the forfeiting seat last and the others as they
 * stood, with their places drawn (a stop that counts for nobody draws none). Read through the canvas's fillText.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule, SeatView } from '../../src/games/contract';
import { placeText } from '../../src/games/draw/image-words';
import { GAMES } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import type { Language } from '../../src/i18n/languages';
import { textsDrawnBy, type DrawnText } from './greed/drawn-texts';

const NAMES = ['Ada', 'Bob', 'Cyd'];
const SAID: Record<Language, { forfeit: string; stopped: RegExp }> = {
  en: { forfeit: 'Ada forfeited by ending the game', stopped: /stopped by/i },
  de: { forfeit: 'Ada hat durch das Beenden der Partie aufgegeben', stopped: /beendet von|abgebrochen/i },
  fr: { forfeit: 'Ada a déclaré forfait en arrêtant la partie', stopped: /arrêtée par/i },
  es: { forfeit: 'Ada abandonó al terminar la partida', stopped: /detenida por/i },
};

/** A game part-way through, its seats best first and their places (ties share one). */
function runningGame(module: AnyGameModule): {
  state: unknown;
  order: number[];
  places: Map<number, number>;
} {
  const rng = seedRng(`forfeit-${module.key}:computer`);
  const level = module.computer.levels[0]!;
  let state = module.rules.create({ seats: NAMES.length, seed: `forfeit-${module.key}`, options: {} });
  for (let step = 0; step < 24 && !module.rules.isOver(state); step++)
    state = module.rules.apply(state, module.computer.choose(state, level, rng)).state;
  expect(module.rules.isOver(state)).toBe(false);
  const standings = [...module.rules.standings(state)].sort((a, b) => a.place - b.place || a.seat - b.seat);
  const places = new Map(standings.map((standing) => [standing.seat, standing.place]));
  return { state, order: standings.map((standing) => standing.seat), places };
}

/** The list of places: each name's first line (the table of figures comes below it), top to bottom. */
function placeLines(drawn: readonly DrawnText[]): { name: string; line: string[] }[] {
  const rows = NAMES.map((name) => drawn.find((text) => text.text === name)!).sort((a, b) => a.top - b.top);
  return rows.map((row) => ({
    name: row.text,
    line: drawn.filter((text) => Math.abs(text.top - row.top) < 6).map((text) => text.text),
  }));
}

describe('the summary of a forfeit', () => {
  for (const module of GAMES.all) {
    describe.each(Object.keys(SAID) as Language[])(`${module.key} in %s`, (language) => {
      it('names the forfeit and places the forfeiting seat last, the others as they stood', async () => {
        const { state, order, places } = runningGame(module);
        const leader = order[0]!;
        const seats: SeatView[] = NAMES.map((name) => ({ name, kind: 'human' }));
        // The leader is Ada here, so that placing her last moves her.
        const named = seats.map((seat, index) => ({ ...seat, name: NAMES[(index - leader + 3) % 3]! }));
        const renderer = await module.loadRenderer!();
        const drawn = textsDrawnBy(() =>
          renderer.summary({ state, seats: named, stoppedBy: 'Ada', forfeitSeat: leader, language }),
        );
        const texts = drawn.map((text) => text.text);
        expect(texts).toContain(SAID[language].forfeit);
        expect(texts.filter((text) => SAID[language].stopped.test(text))).toEqual([]);
        const expected = [...order.slice(1), leader].map((seat) => named[seat]!.name);
        const lines = placeLines(drawn);
        expect(lines.map((line) => line.name)).toEqual(expected);
        // The others keep their order and ties among themselves; the forfeiting seat is last.
        const others = order.slice(1);
        const placed = others.map(
          (seat) => 1 + others.filter((o) => places.get(o)! < places.get(seat)!).length,
        );
        [...placed, NAMES.length].forEach((place, index) =>
          expect(lines[index]!.line).toContain(placeText(place, language)),
        );

        const stopped = textsDrawnBy(() =>
          renderer.summary({ state, seats: named, stoppedBy: 'Ada', forfeitSeat: null, language }),
        ).map((text) => text.text);
        expect(stopped.filter((text) => SAID[language].stopped.test(text))).not.toEqual([]);
        expect(stopped).not.toContain(SAID[language].forfeit);
      });
    });
  }
});
