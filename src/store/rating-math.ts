/**
 * Skill ratings by the Weng-Lin method (the `openskill` library, Plackett-Luce model): made for free-for-all
 * games of any number of players, with ties. A rating is a mean and a deviation; the conservative figure shown
 * on leaderboards is mean − 3 × deviation, so a newcomer starts at 0 and rises as the deviation shrinks.
 */
import { ordinal, rate, rating } from 'openskill';

export interface SkillRating {
  mu: number;
  sigma: number;
}

/** One seat of a finished game as the ratings see it (places as the game ranked them, 1 = best). */
export interface RatedSeat {
  /** A user id, or `computer:<level>` for a computer seat: every computer of a level shares one rating. */
  playerId: string;
  name: string;
  place: number;
}

export const INITIAL_RATING: SkillRating = rating();

/** The conservative rating, mean − 3 × deviation, that orders the leaderboard. */
export function conservativeRating(skill: SkillRating): number {
  return ordinal(skill);
}

/**
 * The players' ratings after one game. A player (a computer level) in several seats gets the mean of its
 * seats' new ratings, so two novices in one game move the novice rating once.
 */
export function rateGame(
  seats: readonly RatedSeat[],
  current: (playerId: string) => SkillRating,
): Map<string, SkillRating> {
  if (seats.length < 2) return new Map();
  const teams = seats.map((seat) => [current(seat.playerId)]);
  const rated = rate(teams, { rank: seats.map((seat) => seat.place) });
  const bySeat = new Map<string, SkillRating[]>();
  seats.forEach((seat, index) => {
    const [after] = rated[index] as SkillRating[];
    bySeat.set(seat.playerId, [...(bySeat.get(seat.playerId) ?? []), after as SkillRating]);
  });
  const result = new Map<string, SkillRating>();
  for (const [playerId, ratings] of bySeat) {
    const mean = (pick: (r: SkillRating) => number) =>
      ratings.reduce((sum, r) => sum + pick(r), 0) / ratings.length;
    result.set(playerId, { mu: mean((r) => r.mu), sigma: mean((r) => r.sigma) });
  }
  return result;
}
