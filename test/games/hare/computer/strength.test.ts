/**
 * Strength, on small fixed samples: the intermediate and the advanced player each win clearly more often
 * than chance (1 in 4) against three novices. Seeds are fixed, so the result is deterministic; the samples
 * and thresholds are small enough for CI. The full measurements are in docs/ai.md (npm run tournament).
 */
import { describe, expect, it } from 'vitest';
import { applyAction, createGame, seedRng, type RulesName } from '../../../../src/games/hare/rules/index';
import { chooseAction, type AiLevel, type AiOptions } from '../../../../src/games/hare/computer/index';

const TURN_LIMIT = 200;

/** Games won by `hero` against three novices, its seat rotating from game to game. */
function winsAgainstNovices(hero: AiLevel, rules: RulesName, games: number, options: AiOptions = {}): number {
  let wins = 0;
  for (let game = 0; game < games; game++) {
    const heroSeat = game % 4;
    let state = createGame({ rules, seats: 4, seed: `strength ${rules} ${game}`, turnLimit: TURN_LIMIT });
    const streams = [0, 1, 2, 3].map((seat) => seedRng(`strength ${game} seat ${seat}`));
    while (!state.over) {
      const level = state.current === heroSeat ? hero : 'novice';
      state = applyAction(state, chooseAction(state, level, streams[state.current]!, options)).state;
    }
    if (state.seats[heroSeat]!.place === 1) wins++;
  }
  return wins;
}

describe('against three novices (chance would be 25%)', () => {
  it('the intermediate player wins at least 60% of 2 x 20 games', () => {
    const wins =
      winsAgainstNovices('intermediate', 'standard', 20) + winsAgainstNovices('intermediate', 'classic', 20);
    expect(wins).toBeGreaterThanOrEqual(24);
  });

  it('the advanced player, its look-ahead cut to 2 moves for speed, wins at least 60% of 2 x 10 games', () => {
    const quick: AiOptions = { advanced: { maxHorizon: 2 } };
    const wins =
      winsAgainstNovices('advanced', 'standard', 10, quick) +
      winsAgainstNovices('advanced', 'classic', 10, quick);
    expect(wins).toBeGreaterThanOrEqual(12);
  });
});
