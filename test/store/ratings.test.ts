import { describe, expect, it } from 'vitest';
import {
  conservativeRating,
  INITIAL_RATING,
  rateGame,
  type RatedSeat,
  type SkillRating,
} from '../../src/store/index';

const fresh = (): SkillRating => INITIAL_RATING;

function ratingsAfter(seats: RatedSeat[], current: (id: string) => SkillRating = fresh) {
  return rateGame(seats, current);
}

describe('rateGame (Weng-Lin, openskill)', () => {
  it('raises the winner and lowers the loser of a first game, by the same amount', () => {
    const after = ratingsAfter([
      { playerId: 'a', name: 'A', place: 1 },
      { playerId: 'b', name: 'B', place: 2 },
    ]);
    const a = after.get('a')!;
    const b = after.get('b')!;
    expect(a.mu).toBeGreaterThan(INITIAL_RATING.mu);
    expect(b.mu).toBeLessThan(INITIAL_RATING.mu);
    expect(a.mu - INITIAL_RATING.mu).toBeCloseTo(INITIAL_RATING.mu - b.mu, 6);
    expect(a.sigma).toBeLessThan(INITIAL_RATING.sigma);
    expect(conservativeRating(a)).toBeGreaterThan(conservativeRating(b));
  });

  it('gives tied players the same new rating', () => {
    const after = ratingsAfter([
      { playerId: 'a', name: 'A', place: 1 },
      { playerId: 'b', name: 'B', place: 2 },
      { playerId: 'c', name: 'C', place: 2 },
    ]);
    expect(after.get('b')).toEqual(after.get('c'));
    expect(after.get('a')!.mu).toBeGreaterThan(after.get('b')!.mu);
  });

  it('counts a win over a strong computer level for more than a win over a weak one', () => {
    const strong = { mu: 32, sigma: 3 };
    const weak = { mu: 18, sigma: 3 };
    const level = (id: string) =>
      id === 'computer:advanced' ? strong : id === 'computer:novice' ? weak : INITIAL_RATING;
    const overStrong = ratingsAfter(
      [
        { playerId: 'u', name: 'U', place: 1 },
        { playerId: 'computer:advanced', name: 'Computer (advanced)', place: 2 },
      ],
      level,
    );
    const overWeak = ratingsAfter(
      [
        { playerId: 'u', name: 'U', place: 1 },
        { playerId: 'computer:novice', name: 'Computer (novice)', place: 2 },
      ],
      level,
    );
    expect(overStrong.get('u')!.mu).toBeGreaterThan(overWeak.get('u')!.mu);
  });

  it('moves a computer level in several seats once, by the mean of its seats', () => {
    const after = ratingsAfter([
      { playerId: 'u', name: 'U', place: 1 },
      { playerId: 'computer:novice', name: 'Computer (novice)', place: 2 },
      { playerId: 'computer:novice', name: 'Computer (novice)', place: 3 },
    ]);
    expect([...after.keys()]).toEqual(['u', 'computer:novice']);
    const alone = ratingsAfter([
      { playerId: 'u', name: 'U', place: 1 },
      { playerId: 'x', name: 'X', place: 2 },
      { playerId: 'y', name: 'Y', place: 3 },
    ]);
    expect(after.get('computer:novice')!.mu).toBeCloseTo((alone.get('x')!.mu + alone.get('y')!.mu) / 2, 6);
  });

  it('rates nobody in a game of one seat', () => {
    expect(ratingsAfter([{ playerId: 'u', name: 'U', place: 1 }]).size).toBe(0);
  });
});
