/**
 * A running game stopped with `/<game> end`. Ended by a person seated in it, it is that person's forfeit: they
 * are placed last and the others as they stood, by the game's own standings (as at a turn limit), and the game
 * counts in the statistics and ratings (so a host cannot dodge a loss by ending the game). Ended by anyone else
 * (a moderator not playing), it counts for nobody.
 */
import type { AnyGameModule } from '../games/contract';
import type { GameRecord } from '../store/index';

/** The seat of the person whose `/end` is the game's forfeit, or null when the game is not a forfeit. */
export function forfeitSeat(game: Pick<GameRecord, 'forfeit' | 'endedBy' | 'seats'>): number | null {
  if (!game.forfeit || !game.endedBy) return null;
  return seatOf(game, game.endedBy.id);
}

/** The seat `userId` holds in the game (also one they left), or null: whether their `/end` is a forfeit. */
export function seatOf(game: Pick<GameRecord, 'seats'>, userId: string): number | null {
  return game.seats.find((seat) => seat.userId === userId)?.index ?? null;
}

/**
 * Every seat's place: the module's standings, or, in a forfeit, the others ranked among themselves by those
 * standings (ties kept) and the forfeiting seat last.
 */
export function placesOf(
  module: AnyGameModule,
  game: Pick<GameRecord, 'forfeit' | 'endedBy' | 'seats'>,
  state: unknown,
): Map<number, number> {
  const last = game.seats.length;
  const standings = new Map(module.rules.standings(state).map((s) => [s.seat, s.place]));
  const standing = (seat: number) => standings.get(seat) ?? last;
  const forfeited = forfeitSeat(game);
  if (forfeited === null) return new Map(game.seats.map((seat) => [seat.index, standing(seat.index)]));
  const others = game.seats.filter((seat) => seat.index !== forfeited).map((seat) => seat.index);
  const places = new Map<number, number>([[forfeited, last]]);
  for (const seat of others)
    places.set(seat, 1 + others.filter((other) => standing(other) < standing(seat)).length);
  return places;
}
