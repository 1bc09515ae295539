/** Skill ratings per guild, game and player: the records and the row both engines return. */
import { conservativeRating, type RatedSeat, type SkillRating } from './rating-math';

export interface PlayerRating extends SkillRating {
  guildId: string;
  gameKey: string;
  playerId: string;
  name: string;
  games: number;
  wins: number;
  /** mean − 3 × deviation: what the leaderboard orders by. */
  conservative: number;
}

export interface RatingPoint extends SkillRating {
  gameId: string;
  ratedAt: number;
}

/** A finished game to rate: where it counts and its seats by place. */
export interface GameToRate {
  gameId: string;
  guildId: string;
  gameKey: string;
  seats: readonly RatedSeat[];
}

/** A ratings row as both engines return it. */
export interface RatingRow {
  guild_id: string;
  game_key: string;
  player_id: string;
  name: string;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

export function ratingFromRow(row: RatingRow): PlayerRating {
  const skill = { mu: row.mu, sigma: row.sigma };
  return {
    guildId: row.guild_id,
    gameKey: row.game_key,
    playerId: row.player_id,
    name: row.name,
    ...skill,
    games: row.games,
    wins: row.wins,
    conservative: conservativeRating(skill),
  };
}
