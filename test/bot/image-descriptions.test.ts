/** The alt text of the images: every seat named, within Discord's 1,024 characters, at every game's most seats. */
import { describe, expect, it } from 'vitest';
import { ALT_TEXT_LIMIT, boardAltText, fitAltText } from '../../src/bot/image-descriptions';
import { GAMES } from '../../src/games/index';
import { describeEvents } from '../../src/service/index';
import { gameInfo, publicView } from '../../src/service/observed';
import type { GameRecord } from '../../src/store/index';
import { randomlyPlayed } from '../support/random-play';

function gameOf(seats: number): GameRecord {
  return {
    id: 'g1',
    options: { game: {} },
    seats: Array.from({ length: seats }, (_, index) => ({
      index,
      kind: 'human',
      userId: String(index + 1),
      level: null,
      name: `Runner Number ${index + 1}`,
      left: false,
    })),
  } as unknown as GameRecord;
}

describe('alt text', () => {
  for (const module of GAMES.all) {
    it(`${module.title}: names every seat and the last move within the limit, at ${module.seats.max} seats`, () => {
      const game = gameOf(module.seats.max);
      for (const steps of [1, 30, 400]) {
        const { state, events } = randomlyPlayed(module, steps, `alt-${steps}`);
        const recentLines = describeEvents(module, game, state, events);
        const alt = boardAltText({
          module,
          game: gameInfo(module, game),
          state: publicView(module, game, state),
          recentLines,
          placings: null,
        });
        expect(alt.length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
        expect(alt).toContain(`Latest: ${recentLines.slice(-4)[0]!.replace(/\*\*/g, '')}`);
        for (const seat of game.seats) expect(alt, alt).toContain(seat.name);
      }
    });
  }

  it('keeps whole sentences in order and cuts the first one that no longer fits', () => {
    expect(fitAltText(['Greed board', 'Ada: 300', '', 'Bob to play.'])).toBe(
      'Greed board. Ada: 300. Bob to play.',
    );
    const long = fitAltText(['Head', 'x'.repeat(600), 'y'.repeat(600), 'z']);
    expect(long).toHaveLength(ALT_TEXT_LIMIT);
    expect(long).toMatch(/^Head\. x{600}\. y+…$/);
  });
});
